package dev.mstpanel.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.TerminalLauncher;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings offers only terminals Open shell can open: each choice resolves to a launcher of this OS. */
class SettingsTerminalChoicesTest {
    @Test
    void everyOfferedTerminalIsOneOpenShellAccepts() {
        for (HostEnvironment.OsFamily os : HostEnvironment.OsFamily.values()) {
            TerminalLauncher launcher = new TerminalLauncher(new HostEnvironment(Map.of(), Path.of("/tmp"), os));
            assertThat(SettingsDialog.terminals(os)).as(os.name()).isNotEmpty();
            for (String offered : SettingsDialog.terminals(os)) {
                assertThat(launcher.choose(offered)).as(os + ": " + offered).isPresent();
                assertThat(launcher.choose(offered).get().os()).isEqualTo(os);
            }
        }
        assertThat(SettingsDialog.terminals(HostEnvironment.OsFamily.MAC))
                .containsExactly("Terminal", "iTerm2", "Ghostty", "WezTerm");
    }
}
