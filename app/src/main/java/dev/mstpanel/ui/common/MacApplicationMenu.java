package dev.mstpanel.ui.common;

import dev.mstpanel.core.shell.HostEnvironment;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import javafx.application.Platform;
import javafx.collections.ObservableList;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The macOS application menu ("mst-panel", left of File): About mst-panel, Settings… (⌘,) and
 * JavaFX's own Hide, Hide Others, Show All and Quit mst-panel (⌘Q), as Apple's Human Interface
 * Guidelines place them. JavaFX 21 has no API for that menu, so {@link #glass()} adds the two items
 * to the menu JavaFX's glass layer made ({@code MacApplication.getAppleMenu()}), by reflection;
 * when that is not possible they stay in File and Help. Either way the File menu's own Quit is
 * dropped on macOS: the application menu's Quit sends the same close request to the window (the
 * panel asks while a run is in progress), and ⌘Q is bound once.
 *
 * <p>Menu items are found by id: {@code menu-settings}, {@code menu-about}, {@code menu-quit}.
 */
public final class MacApplicationMenu {
    private static final Logger LOG = LoggerFactory.getLogger(MacApplicationMenu.class);

    /** An item for the application menu: its title, its ⌘ key (or 0), and what it does on the FX thread. */
    public record Entry(String title, char key, Runnable action) {}

    /** Adds entries to the top of the application menu; false when it cannot. */
    @FunctionalInterface
    public interface Installer {
        boolean install(List<Entry> entries);
    }

    private MacApplicationMenu() {}

    /**
     * Arranges a menu bar once its window is shown. JavaFX makes the application menu when the
     * window's system menu bar is built, which may be after the window is shown (when it first has
     * the focus), so a try that finds no application menu yet is repeated when the window gains
     * the focus, until it worked. A window that was already showing when the menu bar's scene was
     * put into it (the waiting frame, then the main window) is arranged at once.
     * Does nothing off macOS.
     */
    public static void attach(MenuBar bar, HostEnvironment.OsFamily os, Runnable about, Runnable settings) {
        attach(bar, os, about, settings, glass());
    }

    /** {@link #attach(MenuBar, HostEnvironment.OsFamily, Runnable, Runnable)} with the installer given (tests). */
    static void attach(
            MenuBar bar, HostEnvironment.OsFamily os, Runnable about, Runnable settings, Installer installer) {
        if (os != HostEnvironment.OsFamily.MAC) {
            return;
        }
        boolean[] done = {false};
        java.util.function.Consumer<Window> attempt = window -> Platform.runLater(() -> {
            if (!done[0]
                    && window.isShowing()
                    && bar.getScene() != null
                    && bar.getScene().getWindow() == window) {
                done[0] = arrange(bar.getMenus(), os, about, settings, installer);
            }
        });
        java.util.function.Consumer<Window> watch = window -> {
            window.addEventHandler(WindowEvent.WINDOW_SHOWN, e -> attempt.accept(window));
            window.focusedProperty().addListener((o, was, focused) -> {
                if (focused) {
                    attempt.accept(window);
                }
            });
            if (window.isShowing()) {
                attempt.accept(window);
            }
        };
        bar.sceneProperty().addListener((o, was, scene) -> {
            if (scene == null) {
                return;
            }
            if (scene.getWindow() != null) {
                watch.accept(scene.getWindow());
            }
            scene.windowProperty().addListener((o2, w0, window) -> {
                if (window != null) {
                    watch.accept(window);
                }
            });
        });
    }

    /**
     * Moves Settings… and About into the application menu on macOS and leaves one ⌘Q.
     *
     * @param menus the menu bar's menus
     * @param os the OS; off macOS nothing changes
     * @param about opens the About dialog
     * @param settings opens Settings
     * @param installer adds items to the application menu
     * @return true when Settings… and About are in the application menu
     */
    public static boolean arrange(
            ObservableList<Menu> menus,
            HostEnvironment.OsFamily os,
            Runnable about,
            Runnable settings,
            Installer installer) {
        if (os != HostEnvironment.OsFamily.MAC) {
            return false;
        }
        remove(menus, "menu-quit");
        boolean moved = installer.install(
                List.of(new Entry("About mst-panel", (char) 0, about), new Entry("Settings…", ',', settings)));
        if (moved) {
            remove(menus, "menu-settings");
            remove(menus, "menu-about");
        }
        for (Menu m : menus) {
            ObservableList<MenuItem> items = m.getItems();
            while (!items.isEmpty() && items.get(0) instanceof SeparatorMenuItem) {
                items.remove(0);
            }
            while (!items.isEmpty() && items.get(items.size() - 1) instanceof SeparatorMenuItem) {
                items.remove(items.size() - 1);
            }
            m.setVisible(!items.isEmpty());
        }
        return moved;
    }

    /** How many items of the menus have ⌘Q (Ctrl+Q off macOS) as their accelerator. */
    public static long quitAccelerators(List<Menu> menus) {
        KeyCombination q = new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN);
        return menus.stream()
                .flatMap(m -> m.getItems().stream())
                .filter(i -> q.equals(i.getAccelerator()))
                .count();
    }

    private static void remove(List<Menu> menus, String id) {
        for (Menu m : menus) {
            m.getItems().removeIf(i -> id.equals(i.getId()));
        }
    }

    /**
     * The installer for JavaFX's glass layer on macOS: {@code Application.GetApplication()}'s
     * {@code getAppleMenu()}, items made with {@code createMenuItem(title, callback, key, MODIFIER_COMMAND)}
     * and inserted at its top, then a separator. {@code getAppleMenu} is a public method of a class
     * that is not public ({@code MacApplication}), so each method is made accessible before it is
     * called ({@link #callPublic}): reflection refuses such a call from another package otherwise.
     * False while the application menu does not exist yet; any failure (another JavaFX version,
     * JavaFX on the module path, not macOS) gives false and is logged once, as a warning with its cause.
     *
     * <p>{@code java.awt.Desktop}'s About/Preferences/Quit handlers, the public API for this, do
     * not apply: AWT installs them only when it owns the application, and here JavaFX does.
     */
    public static Installer glass() {
        java.util.concurrent.atomic.AtomicBoolean logged = new java.util.concurrent.atomic.AtomicBoolean();
        return entries -> {
            try {
                Class<?> appClass = Class.forName("com.sun.glass.ui.Application");
                Object app = callPublic(null, appClass, "GetApplication", new Class<?>[0]);
                Object apple = callPublic(app, app.getClass(), "getAppleMenu", new Class<?>[0]);
                if (apple == null) {
                    return false; // not made yet: tried again when the window gains the focus
                }
                Class<?> itemClass = Class.forName("com.sun.glass.ui.MenuItem");
                Class<?> callbackClass = Class.forName("com.sun.glass.ui.MenuItem$Callback");
                int command = Class.forName("com.sun.glass.events.KeyEvent")
                        .getField("MODIFIER_COMMAND")
                        .getInt(null);
                int at = 0;
                for (Entry e : entries) {
                    Object callback = Proxy.newProxyInstance(
                            callbackClass.getClassLoader(), new Class<?>[] {callbackClass}, (p, m, args) -> {
                                if (m.getName().equals("action")) {
                                    Platform.runLater(e.action());
                                }
                                return null;
                            });
                    Object item = callPublic(
                            app,
                            appClass,
                            "createMenuItem",
                            new Class<?>[] {String.class, callbackClass, int.class, int.class},
                            e.title(),
                            callback,
                            (int) e.key(),
                            e.key() == 0 ? 0 : command);
                    callPublic(apple, apple.getClass(), "insert", new Class<?>[] {itemClass, int.class}, item, at++);
                }
                callPublic(
                        apple,
                        apple.getClass(),
                        "insert",
                        new Class<?>[] {itemClass, int.class},
                        itemClass.getField("Separator").get(null),
                        at);
                return true;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError ex) {
                if (logged.compareAndSet(false, true)) {
                    LOG.warn("Settings and About stay in File and Help: the application menu could not be changed", ex);
                }
                return false;
            }
        };
    }

    /**
     * Calls a public method found through {@code type}, made accessible first: a public method
     * declared in a class that is not public (as JavaFX's {@code MacApplication}) cannot be called
     * by reflection from another package without it ({@link IllegalAccessException}).
     *
     * @param target the object, or null for a static method
     * @param type where the method is looked up ({@link Class#getMethod}: public, inherited too)
     * @param name the method's name
     * @param types its parameter types
     * @param args the arguments
     * @return what it returned
     * @throws ReflectiveOperationException when there is no such method or the call failed
     * @throws RuntimeException (e.g. {@link java.lang.reflect.InaccessibleObjectException}) when a module does not open the package
     */
    static Object callPublic(Object target, Class<?> type, String name, Class<?>[] types, Object... args)
            throws ReflectiveOperationException {
        Method m = type.getMethod(name, types);
        if (!java.lang.reflect.Modifier.isPublic(m.getDeclaringClass().getModifiers())) {
            m.setAccessible(true);
        }
        return m.invoke(target, args);
    }
}
