package dev.mstpanel.ui.common;

import dev.mstpanel.core.shell.DockAttention;
import dev.mstpanel.core.shell.SystemNotifications;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.StageStyle;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Desktop notifications (ControlsFX {@link Notifications}) for the events people wait for: a
 * run finished, a shard ran out of memory, an image build ended. They appear in the bottom-right
 * corner of the primary screen, above other applications, also when the panel's window is in
 * the background (ControlsFX shows them as popups positioned on the screen, not in the window).
 * While the main window is minimised or hidden, a 1-pixel transparent always-on-top stage in that
 * corner owns them, because a popup of a minimised window would not show.
 *
 * <p>While the panel's window does not have the focus (another app in front, a full-screen app,
 * the window minimised), a notification goes to the system's notification center instead when
 * the platform has one ({@link SystemNotifications}: Notification Center on macOS, notify-send on
 * Linux), where it is seen over full-screen apps and kept; the popup is shown as well whenever the
 * system cannot confirm it shows the notification ({@link SystemNotifications.Delivery}: always on
 * macOS, where Notification Center may drop {@code osascript}'s notification without a word), and
 * then the Dock icon gets a badge and bounces ({@link DockAttention}); the badge goes when the
 * window has the focus again. A notification is never dropped silently.
 *
 * <p>Every method may be called from any thread. A notification stays {@value #SHOW_SECONDS} s
 * (errors {@value #ERROR_SHOW_SECONDS} s); clicking it runs the given action (e.g. open the run) on
 * the FX thread. The texts shown are kept in {@link #history()} (newest last, at most 50).
 */
public final class Notifier {
    /** How long an ordinary notification stays, in seconds. */
    public static final int SHOW_SECONDS = 8;
    /** How long an error (out of memory, a failed build) stays, in seconds. */
    public static final int ERROR_SHOW_SECONDS = 30;

    private final UiExecutor ui;
    private final SystemNotifications system;
    private final java.util.concurrent.Executor background;
    private final DockAttention dock;
    private final ObservableList<String> history = FXCollections.observableArrayList();
    private Stage host;
    private Stage mainStage;
    private int unseen;

    /** @param ui the FX-thread executor */
    public Notifier(UiExecutor ui) {
        this(ui, null, null);
    }

    /**
     * @param ui the FX-thread executor
     * @param system the system's notification center, or null for popups only
     * @param background where the system's notifications are posted (a process each)
     */
    public Notifier(UiExecutor ui, SystemNotifications system, java.util.concurrent.Executor background) {
        this(ui, system, background, DockAttention.NONE);
    }

    /**
     * @param ui the FX-thread executor
     * @param system the system's notification center, or null for popups only
     * @param background where the system's notifications are posted (a process each)
     * @param dock the Dock's badge and bounce for notices the system may not show (macOS), or {@link DockAttention#NONE}
     */
    public Notifier(
            UiExecutor ui, SystemNotifications system, java.util.concurrent.Executor background, DockAttention dock) {
        this.ui = ui;
        this.system = system;
        this.background = background;
        this.dock = dock == null ? DockAttention.NONE : dock;
    }

    /**
     * A run ended.
     *
     * @param evalName the eval's name, e.g. {@code cowork-smoke}
     * @param summary MST's result line or the panel's, e.g. {@code 12/15 passed (80%)} or {@code stopped}
     * @param ok false when the run failed, was stopped or is partial (shown as a warning)
     * @param onClick what clicking does (e.g. open the run in the Runs view), or null
     */
    public void runFinished(String evalName, String summary, boolean ok, Runnable onClick) {
        show("Run finished: " + evalName, summary, ok ? Kind.INFO : Kind.WARNING, onClick);
    }

    /**
     * A shard's container ran out of memory (MST printed "ran out of memory").
     *
     * @param shard e.g. {@code shard 2/3}
     * @param context the Docker context it ran on
     * @param detail MST's line, or a sentence on what to change (e.g. "raise memory= or use fewer shards")
     * @param onClick what clicking does, or null
     */
    public void shardOutOfMemory(String shard, String context, String detail, Runnable onClick) {
        show("Out of memory: " + shard + " on " + context, detail, Kind.ERROR, onClick);
    }

    /**
     * An image build ended.
     *
     * @param image the image reference, e.g. {@code mst-cowork-linux:2.0.0}
     * @param ok true when it was built
     * @param detail e.g. the context it was built on and how long it took, or why it failed
     * @param onClick what clicking does, or null
     */
    public void imageBuildEnded(String image, boolean ok, String detail, Runnable onClick) {
        show(
                ok ? "Image built: " + image : "Image build failed: " + image,
                detail,
                ok ? Kind.INFO : Kind.ERROR,
                onClick);
    }

    /** The main window, whose state decides who owns the popups (set by the app). */
    public void setMainStage(Stage stage) {
        this.mainStage = stage;
        stage.focusedProperty().addListener((o, was, focused) -> {
            if (focused && unseen > 0) {
                unseen = 0;
                dock.seen();
            }
        });
    }

    /** The notifications shown, as {@code title — text}, newest last (FX thread). */
    public ObservableList<String> history() {
        return history;
    }

    private enum Kind {
        INFO,
        WARNING,
        ERROR
    }

    private void show(String title, String text, Kind kind, Runnable onClick) {
        ui.execute(() -> {
            history.add(title + " — " + (text == null ? "" : text));
            if (history.size() > 50) {
                history.remove(0);
            }
            boolean atTheWindow = mainStage != null && mainStage.isShowing() && mainStage.isFocused();
            if (system != null && background != null && !atTheWindow) {
                BackgroundTask.wrap(() ->
                                system.post(title, text, kind == Kind.ERROR).needsOwnNotice())
                        .onSuccess(needsOwnNotice -> {
                            if (needsOwnNotice) {
                                popup(title, text, kind, onClick);
                                unseen++;
                                dock.notice(unseen, kind == Kind.ERROR);
                            }
                        })
                        .executeWith(ui, background);
            } else {
                popup(title, text, kind, onClick);
            }
        });
    }

    private void popup(String title, String text, Kind kind, Runnable onClick) {
        {
            FontIcon icon = new FontIcon(
                    switch (kind) {
                        case INFO -> Feather.CHECK_CIRCLE;
                        case WARNING -> Feather.ALERT_TRIANGLE;
                        case ERROR -> Feather.ALERT_OCTAGON;
                    });
            // inline, because the theme's rule for icons would win over setIconColor/setIconSize
            icon.setStyle(icon.getStyle() + "; -fx-icon-size: 22px; -fx-icon-color: "
                    + switch (kind) {
                        case INFO -> "-color-success-fg";
                        case WARNING -> "-color-warning-fg";
                        case ERROR -> "-color-danger-fg";
                    }
                    + ";");
            Notifications n = Notifications.create()
                    .title(wrap(title, 34))
                    .text(wrap(text == null ? "" : text, 42))
                    .graphic(icon)
                    .position(Pos.BOTTOM_RIGHT)
                    .hideAfter(Duration.seconds(kind == Kind.ERROR ? ERROR_SHOW_SECONDS : SHOW_SECONDS));
            String theme = javafx.application.Application.getUserAgentStylesheet();
            if (theme != null && theme.contains("dark")) {
                n.darkStyle();
            }
            if (mainStage != null && mainStage.isShowing() && !mainStage.isIconified()) {
                n.owner(Screen.getPrimary());
            } else {
                n.owner(host());
            }
            if (onClick != null) {
                n.onAction(e -> onClick.run());
            }
            n.show();
        }
    }

    /**
     * Breaks text into lines of at most {@code max} characters at spaces: ControlsFX sizes a
     * notification to its text and would run off the screen (titles are bold, so shorter).
     */
    static String wrap(String text, int max) {
        StringBuilder out = new StringBuilder();
        int line = 0;
        for (String word : text.split(" ")) {
            if (line > 0 && line + 1 + word.length() > max) {
                out.append('\n');
                line = 0;
            } else if (line > 0) {
                out.append(' ');
                line++;
            }
            out.append(word);
            line += word.length();
        }
        return out.toString();
    }

    /** The transparent always-on-top owner in the primary screen's bottom-right corner. */
    private Stage host() {
        if (host == null) {
            host = new Stage(StageStyle.TRANSPARENT);
            host.setTitle("mst-panel notifications");
            Region root = new Region();
            root.setStyle("-fx-background-color: transparent;");
            Scene scene = new Scene(root, 1, 1);
            scene.setFill(Color.TRANSPARENT);
            host.setScene(scene);
            host.setAlwaysOnTop(true);
            AppIcons.apply(host);
        }
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        host.setX(screen.getMaxX() - 1);
        host.setY(screen.getMaxY() - 1);
        host.setWidth(1);
        host.setHeight(1);
        if (!host.isShowing()) {
            host.show();
        }
        return host;
    }

    /** Closes the corner stage (when the main window closes, so the app can exit). */
    public void close() {
        ui.execute(() -> {
            if (host != null) {
                host.close();
                host = null;
            }
        });
    }
}
