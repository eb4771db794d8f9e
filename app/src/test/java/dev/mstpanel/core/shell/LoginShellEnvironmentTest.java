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
        Files.writeString(
                home.resolve(".bash_profile"),
                "export PATH=/opt/node/bin:$PATH\nexport ANTHROPIC_BASE_URL='https://x.test/a b'\nexport MULTI=$'line1\\nline2'\n");
        var r = LoginShellEnvironment.read(base("/bin/bash"), Duration.ofSeconds(20));
        assertThat(r.fallback()).isEmpty();
        assertThat(r.fromLoginShell()).isTrue();
        // the login shell's PATH first (the profile's folder ahead of the system's), launchd-style system folders after
        String path = r.environment().get("PATH").orElseThrow();
        assertThat(path).startsWith("/opt/node/bin:").contains(":/usr/bin");
        assertThat(path.indexOf("/opt/node/bin")).isLessThan(path.indexOf(":/usr/bin"));
        assertThat(r.environment().get("ANTHROPIC_BASE_URL")).hasValue("https://x.test/a b");
        assertThat(r.environment().get("MULTI")).hasValue("line1\nline2");
        assertThat(r.environment().get("MST_PANEL_HOME")).hasValue("/tmp/keep-me");
    }

    @Test
    void aPathExportedBeforeStartingWinsOverAProfileThatResetsPath() throws Exception {
        // Debian's /etc/profile sets PATH from scratch; this profile does the same on any system
        Files.writeString(
                home.resolve(".bash_profile"), "PATH=/usr/local/bin:/usr/bin:/bin:/opt/profile-tools\nexport PATH\n");
        Map<String, String> vars = new HashMap<>(base("/bin/bash").variables());
        vars.put("PATH", "/tmp/user-bin:/usr/bin:/bin");
        var r = LoginShellEnvironment.read(
                new HostEnvironment(vars, home, HostEnvironment.OsFamily.LINUX), Duration.ofSeconds(20));
        assertThat(r.fromLoginShell()).isTrue();
        assertThat(r.environment().get("PATH"))
                .hasValue("/tmp/user-bin:/usr/local/bin:/usr/bin:/bin:/opt/profile-tools");
    }

    @Test
    void theLoginShellsToolsComeBeforeLaunchdsSystemFolders() {
        // Homebrew's bash, git and ssh must win over Apple's in /usr/bin
        assertThat(LoginShellEnvironment.mergePath(
                        "/usr/bin:/bin:/usr/sbin:/sbin", "/opt/homebrew/bin:/Users/a/.nvm/bin:/usr/bin:/bin"))
                .isEqualTo("/opt/homebrew/bin:/Users/a/.nvm/bin:/usr/bin:/bin:/usr/sbin:/sbin");
        // a folder only the JVM's PATH has (exported before starting the panel) stays first
        assertThat(LoginShellEnvironment.mergePath("/tmp/mine:/usr/bin:/bin", "/opt/homebrew/bin:/usr/bin:/bin"))
                .isEqualTo("/tmp/mine:/opt/homebrew/bin:/usr/bin:/bin");
        assertThat(LoginShellEnvironment.mergePath("", "/a::/b")).isEqualTo("/a:/b");
    }

    @Test
    void aSystemWhoseEnvHasNoDash0StillGivesEveryVariableExactly() throws Exception {
        // macOS 11's env refuses -0; this one does too, and comes first on the profile's PATH
        Path fake = Files.createDirectories(home.resolve("fake-bin"));
        Files.writeString(
                fake.resolve("env"),
                "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = -0 ] && { echo 'env: illegal option -- 0' >&2; exit 1; }; done\nexec /usr/bin/env \"$@\"\n");
        fake.resolve("env").toFile().setExecutable(true);
        String profile = "export PATH=" + fake
                + ":$PATH\nexport MULTI=$'line1\\nFAKE_NAME=not-a-variable\\n\\n'\nexport SPACES='a  b'\n";
        Files.writeString(home.resolve(".bash_profile"), profile);
        var r = LoginShellEnvironment.read(base("/bin/bash"), Duration.ofSeconds(20));
        assertThat(r.fallback()).isEmpty();
        assertThat(r.environment().get("MULTI")).hasValue("line1\nFAKE_NAME=not-a-variable\n\n");
        assertThat(r.environment().get("SPACES")).hasValue("a  b");
        assertThat(r.environment().get("FAKE_NAME")).isEmpty();
        assertThat(r.environment().get("PATH").orElseThrow()).startsWith(fake + ":");
    }

    @Test
    void aPlainPosixShellAsLoginShellIsReadToo() throws Exception {
        Path dash = Path.of("/usr/bin/dash");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isExecutable(dash) || System.getenv("CI") != null, "dash is not installed");
        Files.writeString(home.resolve(".profile"), "export FROM_PROFILE='x y'\n");
        var r = LoginShellEnvironment.read(base(dash.toString()), Duration.ofSeconds(20));
        assertThat(r.fallback()).isEmpty();
        assertThat(r.environment().get("FROM_PROFILE")).hasValue("x y");
    }

    @Test
    void onAMacAFailedReadStillFindsTheUsualToolFoldersBeforeTheSystemOnes() throws Exception {
        Path docker = Files.createDirectories(home.resolve(".docker/bin"));
        Path orb = Files.createDirectories(home.resolve(".orbstack/bin"));
        Map<String, String> vars = new HashMap<>(base("/no/such/zsh").variables());
        var r = LoginShellEnvironment.read(
                new HostEnvironment(vars, home, HostEnvironment.OsFamily.MAC), Duration.ofSeconds(1));
        assertThat(r.fromLoginShell()).isFalse();
        String path = r.environment().get("PATH").orElseThrow();
        assertThat(path).endsWith(docker + ":" + orb + ":/usr/bin:/bin");
        for (String dir : path.split(":")) {
            assertThat(Path.of(dir)).as("only folders that exist are added").isDirectory();
        }
        // Linux keeps its own PATH as it is
        var linux = LoginShellEnvironment.read(base("/no/such/zsh"), Duration.ofSeconds(1));
        assertThat(linux.environment().get("PATH")).hasValue("/usr/bin:/bin");
    }

    @Test
    void theFallbackFindsNodeFromAVersionManagerSoMstsEnvNodeLineRuns() throws Exception {
        Path old = Files.createDirectories(home.resolve(".nvm/versions/node/v9.11.2/bin"));
        Path newest = Files.createDirectories(home.resolve(".nvm/versions/node/v20.11.1/bin"));
        Files.createDirectories(home.resolve(".nvm/versions/node/v18.20.4/bin"));
        Path volta = Files.createDirectories(home.resolve(".volta/bin"));
        Path asdf = Files.createDirectories(home.resolve(".asdf/shims"));
        HostEnvironment mac =
                new HostEnvironment(java.util.Map.of("PATH", "/usr/bin:/bin"), home, HostEnvironment.OsFamily.MAC);
        String path = LoginShellEnvironment.fallback(mac).get("PATH").orElseThrow();
        assertThat(path.split(":"))
                .contains(volta.toString(), asdf.toString(), newest.toString())
                .doesNotContain(old.toString())
                .endsWith("/usr/bin", "/bin");
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
