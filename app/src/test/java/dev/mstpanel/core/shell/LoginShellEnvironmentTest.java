package dev.mstpanel.core.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@DisabledOnOs(OS.WINDOWS)
class LoginShellEnvironmentTest {
    @TempDir
    Path home;

    private HostEnvironment base(String shell) {
        Map<String, String> vars = new HashMap<>();
        vars.put("PATH", "/usr/bin:/bin");
        vars.put("HOME", home.toString());
        vars.put("MST_PANEL_HOME", "/tmp/keep-me");
        if (shell != null) {
            vars.put("SHELL", shell);
        }
        return new HostEnvironment(vars, home, HostEnvironment.OsFamily.LINUX);
    }

    @Test
    void variablesFromTheLoginProfileReachTheEnvironment() throws Exception {
        Files.writeString(home.resolve(".bash_profile"),
                "export PATH=/opt/node/bin:$PATH\nexport ANTHROPIC_BASE_URL='https://x.test/a b'\nexport MULTI=$'line1\\nline2'\n");
        var r = LoginShellEnvironment.read(base("/bin/bash"), Duration.ofSeconds(20));
        assertThat(r.fallback()).isEmpty();
        assertThat(r.fromLoginShell()).isTrue();
        // the JVM's PATH entries first, then the profile's new ones
        assertThat(r.environment().get("PATH").orElseThrow()).startsWith("/usr/bin:/bin:").contains(":/opt/node/bin");
        assertThat(r.environment().get("ANTHROPIC_BASE_URL")).hasValue("https://x.test/a b");
        assertThat(r.environment().get("MULTI")).hasValue("line1\nline2");
        assertThat(r.environment().get("MST_PANEL_HOME")).hasValue("/tmp/keep-me");
    }

    @Test
    void aPathExportedBeforeStartingWinsOverAProfileThatResetsPath() throws Exception {
        // Debian's /etc/profile sets PATH from scratch; this profile does the same on any system
        Files.writeString(home.resolve(".bash_profile"), "PATH=/usr/local/bin:/usr/bin:/bin:/opt/profile-tools\nexport PATH\n");
        Map<String, String> vars = new HashMap<>(base("/bin/bash").variables());
        vars.put("PATH", "/tmp/user-bin:/usr/bin:/bin");
        var r = LoginShellEnvironment.read(new HostEnvironment(vars, home, HostEnvironment.OsFamily.LINUX), Duration.ofSeconds(20));
        assertThat(r.fromLoginShell()).isTrue();
        assertThat(r.environment().get("PATH")).hasValue("/tmp/user-bin:/usr/bin:/bin:/usr/local/bin:/opt/profile-tools");
    }

    @Test
    void launchdsBarePathStillGetsTheShellsTools() {
        assertThat(LoginShellEnvironment.mergePath("/usr/bin:/bin:/usr/sbin:/sbin", "/opt/homebrew/bin:/Users/a/.nvm/bin:/usr/bin:/bin"))
                .isEqualTo("/usr/bin:/bin:/usr/sbin:/sbin:/opt/homebrew/bin:/Users/a/.nvm/bin");
        assertThat(LoginShellEnvironment.mergePath("", "/a::/b")).isEqualTo("/a:/b");
    }

    @Test
    void aProfileThatHangsFallsBackWithAVisibleReason() throws Exception {
        Files.writeString(home.resolve(".bash_profile"), "sleep 30\n");
        var r = LoginShellEnvironment.read(base("/bin/bash"), Duration.ofSeconds(1));
        assertThat(r.fromLoginShell()).isFalse();
        assertThat(r.fallbackReason()).contains("did not answer within 1 s");
        assertThat(r.environment().get("PATH")).hasValue("/usr/bin:/bin");
    }

    @Test
    void noShellFallsBackWithAVisibleReason() {
        var r = LoginShellEnvironment.read(base(null), Duration.ofSeconds(1));
        assertThat(r.fallbackReason()).startsWith("SHELL is not set");
    }

    @Test
    void aShellThatCannotStartFallsBack() {
        var r = LoginShellEnvironment.read(base("/no/such/zsh"), Duration.ofSeconds(1));
        assertThat(r.fallbackReason()).contains("Could not read your login shell's environment (zsh");
    }
}
