package dev.mstpanel.core.results.layout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.TrialKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a run's trials are: the quick look at a name names the same trials as the rule (TRIAL_FILE, no leading zero), and the keys come in trial-number order. */
class TraceKeysTest {
    @TempDir
    Path run;

    @Test
    void aFileNamedAsMstNamesTrialsIsReadByTheQuickLookAndOnlyThat() {
        String[] names = {
            "0.json",
            "1.json",
            "12.json",
            "999999999.json",
            "00.json",
            "01.json",
            "1000000000.json",
            ".json",
            "1.JSON",
            "1.json.tmp",
            "a.json",
            "1a.json",
            "-1.json",
            "١.json",
            "0",
            "json",
            "12345678.json"
        };
        for (String n : names) {
            assertThat(TraceKeys.canonicalTrial(n)).as(n).isEqualTo(byRule(n));
        }
        Random r = new Random(3);
        String alphabet = "0123456789.jsonJ-a";
        for (int round = 0; round < 20_000; round++) {
            StringBuilder b = new StringBuilder();
            int len = r.nextInt(8);
            for (int i = 0; i < len; i++) {
                b.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            String n = b + (r.nextBoolean() ? ".json" : "");
            assertThat(TraceKeys.canonicalTrial(n)).as(n).isEqualTo(byRule(n));
        }
    }

    private static int byRule(String name) {
        var m = RunLayout.TRIAL_FILE.matcher(name);
        if (!m.matches()) {
            return -1;
        }
        int n = Integer.parseInt(m.group(1));
        return (n + ".json").equals(name) ? n : -1;
    }

    @Test
    void keysComeInTrialNumberOrderAndANonCanonicalNameStillGetsItsNote() throws Exception {
        Path caseDir = Files.createDirectories(run.resolve("traces/default/case-a"));
        for (String n : List.of("0.json", "2.json", "10.json", "notes.txt")) {
            Files.writeString(caseDir.resolve(n), "{}");
        }
        Path odd = Files.createDirectories(run.resolve("traces/default/case-b"));
        Files.writeString(odd.resolve("1.json"), "{}");
        Files.writeString(odd.resolve("01.json"), "{}");
        List<TrialKey> keys = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        TraceKeys.forEach(run, keys::add, (k, why) -> problems.add(k.caseSegment() + "#" + k.trial() + ": " + why));
        assertThat(keys)
                .containsExactly(
                        new TrialKey("default", "case-a", 0),
                        new TrialKey("default", "case-a", 2),
                        new TrialKey("default", "case-a", 10),
                        new TrialKey("default", "case-b", 1));
        assertThat(problems).singleElement().asString().startsWith("case-b#1: 01.json beside 1.json");
    }

    @Test
    void scoresWithoutATraceAreTheScoredKeysNotSeenSorted() throws Exception {
        Path g = Files.createDirectories(run.resolve("scores/judge/default/case-a"));
        Files.writeString(g.resolve("0.json"), "{}");
        Files.writeString(g.resolve("3.json"), "{}");
        Files.writeString(
                Files.createDirectories(run.resolve("scores/judge/default/case-0"))
                        .resolve("1.json"),
                "{}");
        Set<TrialKey> orphans = TraceKeys.scoredOnly(
                List.of(run.resolve("scores/judge")), Set.of(new TrialKey("default", "case-a", 0)));
        assertThat(orphans).containsExactly(new TrialKey("default", "case-0", 1), new TrialKey("default", "case-a", 3));
    }
}
