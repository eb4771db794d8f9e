package dev.mstpanel.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.HostEnvironment;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Settings… and About in the macOS application menu, ⌘Q once; Linux and Windows keep File and Help as they are. */
@ExtendWith(ApplicationExtension.class)
class MacApplicationMenuFxTest {
    private final List<String> opened = new ArrayList<>();

    @Start
    void start(Stage stage) {
        // the toolkit only
    }

    private ObservableList<Menu> mainWindowMenus() {
        MenuItem settings = item("menu-settings", "Settings…", KeyCode.COMMA);
        MenuItem quit = item("menu-quit", "Quit mst-panel", KeyCode.Q);
        Menu file = new Menu("File", null, settings, new SeparatorMenuItem(), quit);
        Menu view = new Menu("View", null, item("menu-refresh", "Refresh", KeyCode.R));
        Menu help = new Menu("Help", null, item("menu-about", "About mst-panel", null));
        return FXCollections.observableArrayList(file, view, help);
    }

    private static MenuItem item(String id, String text, KeyCode key) {
        MenuItem m = new MenuItem(text);
        m.setId(id);
        if (key != null) {
            m.setAccelerator(new KeyCodeCombination(key, KeyCombination.SHORTCUT_DOWN));
        }
        return m;
    }

    private static List<String> ids(List<Menu> menus) {
        return menus.stream().filter(Menu::isVisible).flatMap(m -> m.getItems().stream()).map(MenuItem::getId).filter(id -> id != null).toList();
    }

    @Test
    void onAMacSettingsAndAboutMoveToTheApplicationMenuAndQuitIsBoundOnce() {
        ObservableList<Menu> menus = mainWindowMenus();
        List<MacApplicationMenu.Entry> installed = new ArrayList<>();
        boolean moved = MacApplicationMenu.arrange(menus, HostEnvironment.OsFamily.MAC,
                () -> opened.add("about"), () -> opened.add("settings"), installed::addAll);
        assertThat(moved).isTrue();
        assertThat(installed).extracting(MacApplicationMenu.Entry::title).containsExactly("About mst-panel", "Settings…");
        assertThat(installed.get(1).key()).isEqualTo(',');
        installed.forEach(e -> e.action().run());
        assertThat(opened).containsExactly("about", "settings");
        // the application menu's own Quit (⌘Q) is the only one; File and Help, now empty, are hidden
        assertThat(MacApplicationMenu.quitAccelerators(menus)).isZero();
        assertThat(ids(menus)).containsExactly("menu-refresh");
        assertThat(menus.get(0).isVisible()).isFalse();
        assertThat(menus.get(2).isVisible()).isFalse();
    }

    @Test
    void whenTheApplicationMenuCannotBeChangedSettingsAndAboutStayButQuitIsStillOnce() {
        ObservableList<Menu> menus = mainWindowMenus();
        assertThat(MacApplicationMenu.arrange(menus, HostEnvironment.OsFamily.MAC, () -> {}, () -> {}, entries -> false)).isFalse();
        assertThat(ids(menus)).containsExactly("menu-settings", "menu-refresh", "menu-about");
        assertThat(MacApplicationMenu.quitAccelerators(menus)).isZero();
        assertThat(menus.get(0).getItems()).noneMatch(i -> i instanceof SeparatorMenuItem);
    }

    @Test
    void linuxAndWindowsKeepTheirMenusWithOneQuit() {
        for (HostEnvironment.OsFamily os : List.of(HostEnvironment.OsFamily.LINUX, HostEnvironment.OsFamily.WINDOWS)) {
            ObservableList<Menu> menus = mainWindowMenus();
            assertThat(MacApplicationMenu.arrange(menus, os, () -> {}, () -> {}, entries -> true)).isFalse();
            assertThat(ids(menus)).containsExactly("menu-settings", "menu-quit", "menu-refresh", "menu-about");
            assertThat(MacApplicationMenu.quitAccelerators(menus)).isEqualTo(1);
        }
    }

    @Test
    void offAMacTheGlassInstallerSaysItCannotInsteadOfFailing() {
        assertThat(MacApplicationMenu.glass().install(List.of(new MacApplicationMenu.Entry("About", (char) 0, () -> {})))).isFalse();
    }
}
