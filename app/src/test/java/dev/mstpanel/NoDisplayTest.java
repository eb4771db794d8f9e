package dev.mstpanel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.PanelProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening the window where there is no display (an ssh session, a server, a display that went away) says so in
 * one line and exits 1, pointing at the commands that need none: never a Java stack trace.
 */
class NoDisplayTest {

    @TempDir
    Path dir;

    private PanelProcess.Result window(String display) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("DISPLAY", display);
        env.put("WAYLAND_DISPLAY", null);
        env.put("MST_PANEL_HOME", Files.createDirectories(dir.resolve("home")).toString());
        return PanelProcess.run(dir, env, 120);
    }

    @Test
    void withNoDisplaySetTheWindowSaysSoInOneLineAndExits1() throws Exception {
        assumeTrue(
                HostEnvironment.fromSystem().os() == HostEnvironment.OsFamily.LINUX,
                "a Linux window needs DISPLAY; macOS has its own");
        PanelProcess.Result r = window(null);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .doesNotContain("Exception")
                .doesNotContain("\tat ")
                .startsWith("mst-panel: no display to open the window on")
                .contains("--help");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aDisplayThatDoesNotAnswerGivesOneLineToo() throws Exception {
        assumeTrue(HostEnvironment.fromSystem().os() == HostEnvironment.OsFamily.LINUX, "X displays are Linux's here");
        // display 97 of a socket folder no X server listens on
        PanelProcess.Result r = window("unix:97.0");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip())
                .doesNotContain("\tat ")
                .startsWith("mst-panel: the display unix:97.0 (DISPLAY) does not answer")
                .contains("--help");
    }

    @Test
    void aDisplayWithItsServerListeningAnswers() throws Exception {
        java.nio.file.Path x11 = java.nio.file.Path.of("/tmp/.X11-unix");
        assumeTrue(Files.isDirectory(x11) && Files.isWritable(x11), "needs /tmp/.X11-unix");
        java.nio.file.Path socket = x11.resolve("X96");
        Files.deleteIfExists(socket);
        try (var server = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            server.bind(java.net.UnixDomainSocketAddress.of(socket));
            assertThat(dev.mstpanel.core.startup.XDisplay.answers(":96")).isTrue();
            assertThat(dev.mstpanel.core.startup.XDisplay.answers("unix:96.0")).isTrue();
        } finally {
            Files.deleteIfExists(socket);
        }
        assertThat(dev.mstpanel.core.startup.XDisplay.answers(":96")).isFalse();
    }

    @Test
    void theRuleAsksForADisplayOnLinuxOnly() {
        assertThat(Main.noDisplay(Map.of(), HostEnvironment.OsFamily.MAC)).isNull();
        assertThat(Main.noDisplay(Map.of("WAYLAND_DISPLAY", "wayland-0"), HostEnvironment.OsFamily.LINUX))
                .isNull();
        assertThat(Main.noDisplay(Map.of("DISPLAY", "unix:97"), HostEnvironment.OsFamily.LINUX))
                .contains("does not answer");
        assertThat(Main.noDisplay(Map.of("DISPLAY", " "), HostEnvironment.OsFamily.LINUX))
                .contains("DISPLAY is not set");
    }
}
