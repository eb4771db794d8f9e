package dev.mstpanel.core.shell;

/**
 * The Dock's ways to call a person back to the panel on macOS: a badge with the number of
 * notices not yet seen, and a bounce of the Dock icon (once for news, until the app is activated
 * for an error). They need no permission, so they reach the person when Notification Center
 * drops a notification.
 */
public interface DockAttention {
    /** Nothing (other systems, and tests that do not look at the Dock). */
    DockAttention NONE = new DockAttention() {
        @Override
        public void notice(int unseen, boolean critical) {}

        @Override
        public void seen() {}
    };

    /**
     * A notice the person may not have seen.
     *
     * @param unseen how many notices are unseen now (the badge)
     * @param critical true for an error: the icon bounces until the app is activated
     */
    void notice(int unseen, boolean critical);

    /** The window has the focus again: the badge goes. */
    void seen();
}
