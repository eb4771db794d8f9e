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
     * Arranges a menu bar once its window is shown (JavaFX makes the application menu then).
     * Does nothing off macOS.
     */
    public static void attach(MenuBar bar, HostEnvironment.OsFamily os, Runnable about, Runnable settings) {
        if (os != HostEnvironment.OsFamily.MAC) {
            return;
        }
        bar.sceneProperty().addListener((o, was, scene) -> {
            if (scene == null) {
                return;
            }
            scene.windowProperty().addListener((o2, w0, window) -> {
                if (window != null) {
                    window.addEventHandler(WindowEvent.WINDOW_SHOWN, e -> Platform.runLater(
                            () -> arrange(bar.getMenus(), os, about, settings, glass())));
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
    public static boolean arrange(ObservableList<Menu> menus, HostEnvironment.OsFamily os, Runnable about, Runnable settings, Installer installer) {
        if (os != HostEnvironment.OsFamily.MAC) {
            return false;
        }
        remove(menus, "menu-quit");
        boolean moved = installer.install(List.of(new Entry("About mst-panel", (char) 0, about), new Entry("Settings…", ',', settings)));
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
        return menus.stream().flatMap(m -> m.getItems().stream()).filter(i -> q.equals(i.getAccelerator())).count();
    }

    private static void remove(List<Menu> menus, String id) {
        for (Menu m : menus) {
            m.getItems().removeIf(i -> id.equals(i.getId()));
        }
    }

    /**
     * The installer for JavaFX's glass layer on macOS: {@code Application.GetApplication()}'s
     * {@code getAppleMenu()}, items made with {@code createMenuItem(title, callback, key, MODIFIER_COMMAND)}
     * and inserted at its top, then a separator. Any failure (another JavaFX version, not macOS)
     * is logged and gives false.
     */
    public static Installer glass() {
        return entries -> {
            try {
                Class<?> appClass = Class.forName("com.sun.glass.ui.Application");
                Object app = appClass.getMethod("GetApplication").invoke(null);
                Object apple = app.getClass().getMethod("getAppleMenu").invoke(app);
                if (apple == null) {
                    return false;
                }
                Class<?> itemClass = Class.forName("com.sun.glass.ui.MenuItem");
                Class<?> callbackClass = Class.forName("com.sun.glass.ui.MenuItem$Callback");
                Method create = appClass.getMethod("createMenuItem", String.class, callbackClass, int.class, int.class);
                Method insert = apple.getClass().getMethod("insert", itemClass, int.class);
                int command = Class.forName("com.sun.glass.events.KeyEvent").getField("MODIFIER_COMMAND").getInt(null);
                int at = 0;
                for (Entry e : entries) {
                    Object callback = Proxy.newProxyInstance(callbackClass.getClassLoader(), new Class<?>[] {callbackClass}, (p, m, args) -> {
                        if (m.getName().equals("action")) {
                            Platform.runLater(e.action());
                        }
                        return null;
                    });
                    Object item = create.invoke(app, e.title(), callback, (int) e.key(), e.key() == 0 ? 0 : command);
                    insert.invoke(apple, item, at++);
                }
                insert.invoke(apple, itemClass.getField("Separator").get(null), at);
                return true;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError ex) {
                LOG.info("Settings and About stay in File and Help: the application menu could not be changed ({})", ex.toString());
                return false;
            }
        };
    }
}
