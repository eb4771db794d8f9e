package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * compare's re-run line can be pasted into a shell: each argument, read back by a real bash, is the case
 * id itself, control characters, quotes, spaces and non-ASCII included (a case id with
 * an ESC was printed as a single-quoted {@code \u001b}, which a shell reads as those six characters).
 */
class CompareRerunQuotingTest {
    private static String echoedByBash(String word) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", "printf %s " + word)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isZero();
        return out;
    }

    @Test
    void everyArgumentReadBackByBashIsTheCaseIdItself() throws Exception {
        List<String> ids = List.of(
                "plain-case_1",
                "with space",
                "it's",
                "esc\u001b[31mRED\u001b[0m",
                "tab\there",
                "back\\slash'quote\u0007",
                "Évals 🚀",
                "nl\nend",
                "c1\u0085x");
        List<String> quoted = CompareCommand.quoted(ids);
        for (int i = 0; i < ids.size(); i++) {
            assertThat(quoted.get(i).chars().noneMatch(Character::isISOControl))
                    .as("printable: %s", quoted.get(i))
                    .isTrue();
            assertThat(echoedByBash(quoted.get(i)))
                    .as("bash reads %s", quoted.get(i))
                    .isEqualTo(ids.get(i));
        }
        assertThat(quoted.get(0)).isEqualTo("plain-case_1");
        assertThat(quoted.get(3)).isEqualTo("$'esc\\x1b[31mRED\\x1b[0m'");
    }
}
