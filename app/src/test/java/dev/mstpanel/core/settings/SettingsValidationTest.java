package dev.mstpanel.core.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the Settings dialog says beside each field, on a real file system. */
class SettingsValidationTest {
    @TempDir
    Path dir;

    @Test
    void mstPathMustBeAnExecutableFileOrBlank() throws Exception {
        Path mst = dir.resolve("mst");
        Files.writeString(mst, "#!/bin/sh\necho 2.0.0\n");
        assertThat(SettingsValidation.mstPath(mst.toString())).hasValue("This file is not executable.");
        Files.setPosixFilePermissions(mst, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(SettingsValidation.mstPath(mst.toString())).isEmpty();
        assertThat(SettingsValidation.mstPath("  ")).isEmpty();
        assertThat(SettingsValidation.mstPath(dir.resolve("nope").toString()))
                .hasValue("There is no file at this path.");
        assertThat(SettingsValidation.mstPath(dir.toString())).get().asString().startsWith("This is a folder");
        assertThat(SettingsValidation.mstPath("bin/mst")).get().asString().startsWith("Give the full path");
    }

    @Test
    void onlyATerminalOpenShellCanOpenIsAcceptedAndOnLinuxItMustBeOnPath() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path term = bin.resolve("konsole");
        Files.writeString(term, "#!/bin/sh\n");
        Files.setPosixFilePermissions(term, PosixFilePermissions.fromString("rwxr-xr-x"));
        HostEnvironment linux =
                new HostEnvironment(Map.of("PATH", bin.toString()), dir, HostEnvironment.OsFamily.LINUX);
        assertThat(SettingsValidation.terminalApp("konsole", linux)).isEmpty();
        assertThat(SettingsValidation.terminalApp("xterm", linux)).hasValue("No program named xterm on PATH.");
        assertThat(SettingsValidation.terminalApp("my-term", linux))
                .get()
                .asString()
                .startsWith(
                        "The terminal \"my-term\" in settings is not one the panel can open. Choose one of: x-terminal-emulator");
        HostEnvironment mac = new HostEnvironment(Map.of("PATH", bin.toString()), dir, HostEnvironment.OsFamily.MAC);
        assertThat(SettingsValidation.terminalApp("iTerm", mac)).isEmpty();
        assertThat(SettingsValidation.terminalApp("WezTerm", mac)).isEmpty();
        assertThat(SettingsValidation.terminalApp("Hyper", mac))
                .get()
                .asString()
                .contains("Choose one of: Terminal, iTerm2, Ghostty, WezTerm");
        assertThat(SettingsValidation.terminalApp("konsole", mac))
                .hasValue("konsole does not run on this system. Choose one of: Terminal, iTerm2, Ghostty, WezTerm.");
    }

    @Test
    void numbersMustBeInRange() {
        assertThat(SettingsValidation.refreshSeconds("10")).isEmpty();
        assertThat(SettingsValidation.refreshSeconds("1")).hasValue("Between 2 and 3600 seconds.");
        assertThat(SettingsValidation.refreshSeconds("ten")).hasValue("A whole number of seconds, e.g. 10.");
        assertThat(SettingsValidation.probeTimeoutSeconds("1,5")).isEmpty();
        assertThat(SettingsValidation.parseSeconds("1,5")).isEqualTo(1.5);
        assertThat(SettingsValidation.probeTimeoutSeconds("0")).hasValue("Between 0.2 and 60 seconds.");
        assertThat(SettingsValidation.probeTimeoutSeconds("")).hasValue("A number of seconds, e.g. 3 or 1.5.");
    }
}
