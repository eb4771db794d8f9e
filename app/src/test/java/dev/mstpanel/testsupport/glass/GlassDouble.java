package dev.mstpanel.testsupport.glass;

/**
 * The shape of JavaFX's macOS glass application for reflection tests off a Mac: the object is of a
 * class that is not public ({@code final class MacApplication} in JavaFX 21), reached through a
 * public type, and its {@code getAppleMenu()} is public.
 */
public final class GlassDouble {
    private GlassDouble() {}

    /** As {@code com.sun.glass.ui.Application.GetApplication()} on a Mac. */
    public static Object application() {
        return new MacApplicationDouble();
    }
}

final class MacApplicationDouble {
    public Object getAppleMenu() {
        return "the application menu";
    }
}
