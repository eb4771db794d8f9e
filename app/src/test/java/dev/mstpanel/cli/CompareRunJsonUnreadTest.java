package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run.json that is garbage, cut short, empty or cannot be read is not used silently by {@code compare}
 *: its text says so in one line, with why and what the baseline then is (the first variant
 * folder, not run.json's first variant); {@code --json} says it on stderr; {@code trials} names the problem on
 * the run's line.
 */
class CompareRunJsonUnreadTest {
    @TempDir
    Path dir;

    /** A run whose run.json makes with-search the baseline; without it, the folders' order makes it default. */
    private RunFixture fixture(String name) throws Exception {
        RunFixture f = RunFixture.create(dir.resolve(name), "eval", "20261007T182504Z-7f3c2a")
                .runJson("eval", "with-search", "default");
        f.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, true, "ok");
        f.trace("with-search", "gift-card", 0, null)
                .score("judge", "with-search", "gift-card", 0, false, "wrong balance");
        return f;
    }

    @Test
    void eachRunJsonThatCannotBeReadIsSaidWithTheBaselineTakenInstead() throws Exception {
        String[][] cases = {
            {"garbage", "it is not valid JSON at line 1, column 1", "run.json is not valid JSON at line 1, column 1."},
            {"cut", "it is cut short", "run.json is cut short: it may still be being written."},
            {"empty", "it is empty (0 bytes)", "run.json is empty (0 bytes)"},
            {"folder", "it is a folder, not a file", "run.json could not be read (it is a folder, not a file)"},
        };
        for (String[] c : cases) {
            RunFixture f = fixture(c[0]);
            Path runJson = f.runDir().resolve("run.json");
            String whole = Files.readString(runJson);
            Files.delete(runJson);
            switch (c[0]) {
                case "garbage" -> Files.writeString(runJson, "<html>not a run</html>");
                case "cut" -> Files.writeString(runJson, whole.substring(0, whole.length() / 2));
                case "empty" -> Files.writeString(runJson, "");
                default -> Files.createDirectories(runJson);
            }
            Result text = run("compare", f.runDir().toString());
            assertThat(text.code()).as(c[0] + ": " + text.err()).isZero();
            assertThat(text.out().lines().findFirst().orElseThrow())
                    .as(c[0])
                    .isEqualTo("run.json of run 20261007T182504Z-7f3c2a could not be read: " + c[1]
                            + "; so the baseline is taken as the first variant folder, default.");
            assertThat(text.out()).as(c[0]).contains("with-search vs default");

            Result json = run("compare", "--json", f.runDir().toString());
            assertThat(json.code()).as(c[0]).isZero();
            assertThat(json.err())
                    .as(c[0])
                    .contains("warning: run.json of run 20261007T182504Z-7f3c2a could not be read: " + c[1]);

            Result trials = run("trials", f.runDir().toString());
            assertThat(trials.code()).as(c[0]).isZero();
            assertThat(trials.out().lines().findFirst().orElseThrow())
                    .as(c[0])
                    .startsWith("eval / 20261007T182504Z-7f3c2a  (" + c[2]);
        }
    }

    @Test
    void aRunJsonThatReadsSaysNothingAndABaseNamedIsNotSaidToComeFromTheFolders() throws Exception {
        RunFixture f = fixture("good");
        Result text = run("compare", f.runDir().toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).doesNotContain("could not be read").contains("default vs with-search");

        Files.writeString(f.runDir().resolve("run.json"), "garbage");
        Result named =
                run("compare", "--variants", "with-search,default", f.runDir().toString());
        assertThat(named.code()).as(named.err()).isZero();
        assertThat(named.out().lines().findFirst().orElseThrow())
                .isEqualTo(
                        "run.json of run 20261007T182504Z-7f3c2a could not be read:"
                                + " it is not valid JSON at line 1, column 1; so the run is named by its folder, 20261007T182504Z-7f3c2a.");
    }
}
