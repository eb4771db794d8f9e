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
        return menus.stream()
                .filter(Menu::isVisible)
                .flatMap(m -> m.getItems().stream())
                .map(MenuItem::getId)
                .filter(id -> id != null)
                .toList();
    }

    @Test
    void onAMacSettingsAndAboutMoveToTheApplicationMenuAndQuitIsBoundOnce() {
        ObservableList<Menu> menus = mainWindowMenus();
        List<MacApplicationMenu.Entry> installed = new ArrayList<>();
        boolean moved = MacApplicationMenu.arrange(
                menus,
                HostEnvironment.OsFamily.MAC,
                () -> opened.add("about"),
                () -> opened.add("settings"),
                installed::addAll);
        assertThat(moved).isTrue();
        assertThat(installed)
                .extracting(MacApplicationMenu.Entry::title)
                .containsExactly("About mst-panel", "Settings…");
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
        assertThat(MacApplicationMenu.arrange(
                        menus, HostEnvironment.OsFamily.MAC, () -> {}, () -> {}, entries -> false))
                .isFalse();
        assertThat(ids(menus)).containsExactly("menu-settings", "menu-refresh", "menu-about");
        assertThat(MacApplicationMenu.quitAccelerators(menus)).isZero();
        assertThat(menus.get(0).getItems()).noneMatch(i -> i instanceof SeparatorMenuItem);
    }

    @Test
    void linuxAndWindowsKeepTheirMenusWithOneQuit() {
        for (HostEnvironment.OsFamily os : List.of(HostEnvironment.OsFamily.LINUX, HostEnvironment.OsFamily.WINDOWS)) {
            ObservableList<Menu> menus = mainWindowMenus();
            assertThat(MacApplicationMenu.arrange(menus, os, () -> {}, () -> {}, entries -> true))
                    .isFalse();
            assertThat(ids(menus)).containsExactly("menu-settings", "menu-quit", "menu-refresh", "menu-about");
            assertThat(MacApplicationMenu.quitAccelerators(menus)).isEqualTo(1);
        }
    }

    @Test
    void offAMacTheGlassInstallerSaysItCannotInsteadOfFailing() {
        assertThat(MacApplicationMenu.glass()
                        .install(List.of(new MacApplicationMenu.Entry("About", (char) 0, () -> {}))))
                .isFalse();
    }

    @Test
    void aPublicMethodOfAClassThatIsNotPublicIsCalledAsJavaFxsMacApplicationNeeds() throws Exception {
        Object app = dev.mstpanel.testsupport.glass.GlassDouble.application();
        // what the menu did before: reflection refuses the call from another package
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> app.getClass().getMethod("getAppleMenu").invoke(app))
                .isInstanceOf(IllegalAccessException.class);
        assertThat(MacApplicationMenu.callPublic(app, app.getClass(), "getAppleMenu", new Class<?>[0]))
                .isEqualTo("the application menu");
    }

    @Test
    void whenTheGlassLayerCannotBeChangedTheLogSaysWhyOnce() {
        ch.qos.logback.classic.Logger log =
                (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(MacApplicationMenu.class);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> seen =
                new ch.qos.logback.core.read.ListAppender<>();
        seen.start();
        log.addAppender(seen);
        try {
            MacApplicationMenu.Installer glass = MacApplicationMenu.glass();
            List<MacApplicationMenu.Entry> about = List.of(new MacApplicationMenu.Entry("About", (char) 0, () -> {}));
            assertThat(glass.install(about)).isFalse();
            assertThat(glass.install(about)).isFalse();
            assertThat(seen.list).hasSize(1);
            assertThat(seen.list.get(0).getLevel()).isEqualTo(ch.qos.logback.classic.Level.WARN);
            // off a Mac there is no getAppleMenu: the cause is in the log, not swallowed
            assertThat(seen.list.get(0).getThrowableProxy()).isNotNull();
            assertThat(seen.list.get(0).getThrowableProxy().getClassName())
                    .isEqualTo(NoSuchMethodException.class.getName());
        } finally {
            log.detachAppender(seen);
        }
    }

    @Test
    void theMenuIsArrangedInAWindowAlreadyShowingAndAgainOnFocusUntilTheApplicationMenuExists() throws Exception {
        List<Integer> tries = new java.util.concurrent.CopyOnWriteArrayList<>();
        ObservableList<Menu> menus = mainWindowMenus();
        javafx.scene.control.MenuBar bar = new javafx.scene.control.MenuBar();
        Stage[] stage = new Stage[1];
        org.testfx.util.WaitForAsyncUtils.waitForAsyncFx(5000, () -> {
            bar.getMenus().setAll(menus);
            // the waiting frame first, as the app shows while the login shell still answers
            stage[0] = new Stage();
            stage[0].setScene(new javafx.scene.Scene(new javafx.scene.control.Label("waiting"), 300, 200));
            stage[0].show();
            MacApplicationMenu.attach(bar, HostEnvironment.OsFamily.MAC, () -> {}, () -> {}, entries -> {
                tries.add(tries.size() + 1);
                return tries.size() >= 2; // JavaFX makes the application menu once the window has the focus
            });
            // then the main window's scene in the stage already showing: no WINDOW_SHOWN comes
            stage[0].setScene(new javafx.scene.Scene(new javafx.scene.layout.VBox(bar), 300, 200));
        });
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertThat(tries).isNotEmpty();
        assertThat(MacApplicationMenu.quitAccelerators(bar.getMenus()))
                .as("File's Quit goes at once")
                .isZero();
        org.testfx.util.WaitForAsyncUtils.waitForAsyncFx(5000, () -> {
            Stage other = new Stage();
            other.setScene(new javafx.scene.Scene(new javafx.scene.control.Label("another window"), 100, 100));
            other.show();
            other.requestFocus();
        });
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        org.testfx.util.WaitForAsyncUtils.waitForAsyncFx(5000, () -> {
            stage[0].toFront();
            stage[0].requestFocus();
        });
        long until = System.nanoTime() + 5_000_000_000L;
        while (tries.size() < 2 && System.nanoTime() < until) {
            org.testfx.util.WaitForAsyncUtils.sleep(50, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertThat(tries).containsExactly(1, 2);
        assertThat(ids(bar.getMenus())).containsExactly("menu-refresh");
        // a later focus does not install the items twice
        org.testfx.util.WaitForAsyncUtils.waitForAsyncFx(5000, () -> {
            stage[0].requestFocus();
        });
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertThat(tries).hasSize(2);
    }
}
