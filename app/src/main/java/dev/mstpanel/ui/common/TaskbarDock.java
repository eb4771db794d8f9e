package dev.mstpanel.ui.common;

import dev.mstpanel.core.shell.DockAttention;
import java.awt.Taskbar;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link DockAttention} through {@link java.awt.Taskbar}: the badge is
 * {@code NSDockTile.badgeLabel} and the bounce {@code NSApplication.requestUserAttention}, both of
 * the application itself, so they work while JavaFX owns the application. Each feature is used
 * only where {@link Taskbar#isSupported} says so; a failure is logged once and the rest goes on.
 */
public final class TaskbarDock implements DockAttention {
    private static final Logger LOG = LoggerFactory.getLogger(TaskbarDock.class);
    private boolean failed;

    @Override
    public void notice(int unseen, boolean critical) {
        use(t -> {
            if (t.isSupported(Taskbar.Feature.ICON_BADGE_NUMBER)) {
                t.setIconBadge(Integer.toString(unseen));
            }
            if (t.isSupported(Taskbar.Feature.USER_ATTENTION)) {
                t.requestUserAttention(true, critical);
            }
        });
    }

    @Override
    public void seen() {
        use(t -> {
            if (t.isSupported(Taskbar.Feature.ICON_BADGE_NUMBER)) {
                t.setIconBadge(null);
            }
        });
    }

    private void use(java.util.function.Consumer<Taskbar> action) {
        if (failed) {
            return;
        }
        try {
            if (Taskbar.isTaskbarSupported()) {
                action.accept(Taskbar.getTaskbar());
            }
        } catch (RuntimeException | LinkageError e) {
            failed = true;
            LOG.warn("The Dock icon cannot show a badge or bounce: {}", e.toString());
        }
    }
}
