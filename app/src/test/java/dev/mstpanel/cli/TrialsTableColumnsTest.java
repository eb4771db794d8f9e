package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code trials}' text: the columns of a run's rows line up whatever the lengths of its statuses, variants and case ids. */
class TrialsTableColumnsTest {
    @TempDir
    Path root;

    private static List<String> rows(Result r) {
        return r.out()
                .lines()
                .filter(l -> l.startsWith("  ") && !l.startsWith("   ") && l.contains("#"))
                .toList();
    }

    @Test
    void theErrorColumnStartsAtTheSameColumnOnEveryRow() {
        RunFixture f = RunFixture.create(root, "cols-eval", "20260105T101500Z-a1b2c3")
                .runJson("cols-eval", "default", "with-a-longer-variant");
        f.trace("default", "a", 0, RunFixture.fields().put("error", "ERR-A"))
                .score("judge.accuracy", "default", "a", 0, false, "no");
        f.trace(
                        "with-a-longer-variant",
                        "a-much-longer-case-id-than-the-others",
                        0,
                        RunFixture.fields().put("error", "ERR-B"))
                .score(
                        "judge.accuracy",
                        "with-a-longer-variant",
                        "a-much-longer-case-id-than-the-others",
                        0,
                        false,
                        "no");
        f.trace("default", "mid-length-case", 1, RunFixture.fields().put("error", "ERR-C")); // ungraded
        Result r = run("trials", f.runDir().toString());
        assertThat(r.code()).isZero();
        List<String> rows = rows(r);
        assertThat(rows).hasSize(3);
        int at = rows.get(0).indexOf("ERR-");
        assertThat(rows).allSatisfy(l -> assertThat(l.indexOf("ERR-")).as(l).isEqualTo(at));
        // the case column starts at one place too, after the widest variant
        assertThat(rows)
                .allSatisfy(l -> assertThat(
                                l.indexOf(l.contains("a-much") ? "a-much" : l.contains("mid-") ? "mid-" : "a #1"))
                        .as(l)
                        .isEqualTo(2 + 10 + 1 + "with-a-longer-variant".length() + 1));
        assertThat(rows)
                .anySatisfy(l -> assertThat(l).startsWith("  ungraded   default               mid-length-case #2"));
    }

    @Test
    void aVeryLongCaseIdIsCutWithAnEllipsisKeepingItsTrialNumberAndTheColumnsStillLineUp() {
        RunFixture f =
                RunFixture.create(root, "cols-eval", "20260105T101500Z-a1b2c3").runJson("cols-eval", "default");
        String longCase = "case-" + "x".repeat(120);
        f.trace("default", longCase, 2, RunFixture.fields().put("error", "ERR-LONG"));
        f.trace("default", "short", 0, RunFixture.fields().put("error", "ERR-SHORT"));
        List<String> rows = rows(run("trials", f.runDir().toString()));
        String cut =
                rows.stream().filter(l -> l.contains("ERR-LONG")).findFirst().orElseThrow();
        assertThat(cut).contains("case-xxx").contains("x… #3  ERR-LONG").doesNotContain("x".repeat(100));
        assertThat(cut.indexOf("ERR-LONG"))
                .isEqualTo(rows.stream()
                        .filter(l -> l.contains("ERR-SHORT"))
                        .findFirst()
                        .orElseThrow()
                        .indexOf("ERR-SHORT"));
        assertThat(cut.substring(cut.indexOf("case-"), cut.indexOf("  ERR-"))).hasSize(TrialRows.MAX_CASE);
    }

    @Test
    void anUnreadableTrialsProblemIsShownWholeItsFixIncludedWhereAnAgentsLongErrorIsCut() throws Exception {
        RunFixture f =
                RunFixture.create(root, "cols-eval", "20260105T101500Z-a1b2c3").runJson("cols-eval", "default");
        f.trace("default", "long-error", 0, RunFixture.fields().put("error", "E".repeat(300)))
                .score("judge.accuracy", "default", "long-error", 0, false, "no");
        // a folder with a long name where a score file should be: unreadable, with the panel's own text
        f.trace("default", "case-" + "y".repeat(150), 0, null);
        java.nio.file.Files.createDirectories(
                f.runDir().resolve("scores/judge.accuracy/default/case-" + "y".repeat(150) + "/0.json"));
        List<String> rows = rows(run("trials", f.runDir().toString()));
        String unreadable = rows.stream()
                .filter(l -> l.startsWith("  unreadable"))
                .findFirst()
                .orElseThrow();
        assertThat(unreadable).endsWith("is a folder, not a file.").contains("y".repeat(150));
        String error = rows.stream().filter(l -> l.contains("EEE")).findFirst().orElseThrow();
        assertThat(error).endsWith("E…").doesNotContain("E".repeat(200));
    }

    @Test
    void aCaseIdWithControlCharactersIsMeasuredAsItIsShownEscaped() {
        RunFixture f =
                RunFixture.create(root, "cols-eval", "20260105T101500Z-a1b2c3").runJson("cols-eval", "default");
        f.trace("default", "evil\u001b[2J", 0, RunFixture.fields().put("error", "ERR-EVIL"));
        f.trace("default", "plain", 0, RunFixture.fields().put("error", "ERR-PLAIN\u001b]0;x\u0007"));
        Result r = run("trials", f.runDir().toString());
        assertThat(r.out())
                .doesNotContain("\u001b")
                .doesNotContain("\u0007")
                .contains("evil\\u001b[2J #1")
                .contains("ERR-PLAIN\\u001b]0;x\\u0007");
        List<String> rows = rows(r);
        assertThat(rows.get(0).indexOf("ERR-")).isEqualTo(rows.get(1).indexOf("ERR-"));
    }
}
