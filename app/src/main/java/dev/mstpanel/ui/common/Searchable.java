package dev.mstpanel.ui.common;

/**
 * A view with a search or filter field. The main window's Find shortcut (Ctrl+F, ⌘F on macOS)
 * calls {@link #focusSearch()} on the open view's node when it implements this interface.
 */
public interface Searchable {
    /** Moves the keyboard focus into the view's search field and selects its text (FX thread). */
    void focusSearch();
}
