package dev.mstpanel.core.colima;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Colima's list read under one range rule: unreadable output said, out-of-range values flagged and not summed. */
class ColimaListTest {
    private static String line(String name, String cpus, String memory, String disk) {
        return "{\"name\":\"" + name + "\",\"status\":\"Running\",\"arch\":\"aarch64\",\"cpus\":" + cpus
                + ",\"memory\":" + memory + ",\"disk\":" + disk + ",\"runtime\":\"docker\"}";
    }

    @Test
    void unreadableOutputIsSaidNotShownAsNoProfiles() {
        String garbage = "{\"name\":\"default\",\"status\":\"Running\",\n\u001b[31mnot json at all\n{{{\n";
        assertThatThrownBy(() -> Colima.parseList(garbage))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("could not read Colima's list: line 1")
                .hasMessageNotContaining("\u001b");
        assertThatThrownBy(() -> Colima.parseList(line("a", "2", "2147483648", "1073741824") + "\n[1,2,3]\n"))
                .hasMessageContaining("line 2 is not a JSON object");
        assertThatThrownBy(() -> Colima.parseList("null\n")).hasMessageContaining("line 1 is not a JSON object");
    }

    @Test
    void outOfRangeOrMistypedValuesAreFlaggedAndLeftOutOfTheMemoryCount() throws IOException {
        List<ColimaProfile> profiles = Colima.parseList(String.join(
                "\n",
                line("good", "2", String.valueOf(2 * ByteSize.GIB), String.valueOf(60 * ByteSize.GIB)),
                line("neg", "-4", "-99999999999", "\"x\""),
                line("huge", "1e9", "1e30", "1"),
                "{\"name\":5,\"status\":null,\"cpus\":\"six\",\"memory\":-1,\"disk\":1e300}"));

        assertThat(profiles).extracting(ColimaProfile::name).containsExactly("good", "neg", "huge", "5");
        assertThat(profiles.get(0).problem()).isNull();
        assertThat(profiles.get(1).problem())
                .contains("CPUs (-4)")
                .contains("memory (-99999999999 bytes)")
                .contains("disk is not a number");
        assertThat(profiles.get(2).problem()).contains("CPUs (1000000000)").contains("memory");
        assertThat(profiles.get(3).problem()).contains("name is not text").contains("cpus is not a number");

        MemoryBudget budget = MemoryBudget.of(64 * ByteSize.GIB, profiles, null);
        assertThat(budget.runningVmBytes()).isEqualTo(2 * ByteSize.GIB);
        assertThat(budget.warning()).isNull();
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, 1025, 100000})
    void cpusOutsideTheRangeAreRefusedLikeMinusOne(long cpus) {
        assertThatThrownBy(() -> ColimaSizes.CPUS.require(cpus))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--cpu must be a whole number from 1 to 1024, not " + cpus + ".");
    }

    @Test
    void theStartCommandAsksOnlyForSizesInRange() {
        Colima colima = new Colima(
                new dev.mstpanel.core.shell.CommandRunner(dev.mstpanel.core.shell.HostEnvironment.fromSystem()));
        assertThat(colima.startCommand("vm", new Colima.StartOptions(2, 4, 60, null, false)))
                .containsSubsequence("--cpu", "2", "--memory", "4", "--disk", "60");
        assertThat(colima.startCommand("vm", Colima.StartOptions.NONE)).doesNotContain("--cpu", "--memory", "--disk");
        assertThatThrownBy(() -> colima.startCommand("vm", new Colima.StartOptions(2, 100000, 60, null, false)))
                .hasMessageContaining("--memory must be a whole number from 1 to 4096");
        assertThatThrownBy(() -> colima.startCommand("vm", new Colima.StartOptions(-1, 4, 60, null, false)))
                .hasMessageContaining("--cpu must be");
    }
}
