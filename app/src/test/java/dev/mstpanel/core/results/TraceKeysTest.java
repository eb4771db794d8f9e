package dev.mstpanel.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a run's trials are: the name rule without a regex, and the keys in trial-number order. */
class TraceKeysTest {
    @TempDir
    Path run;

    @Test
    void theCanonicalNameRuleAgreesWithTheTrialFilePatternForEveryName() {
        List<String> names = new ArrayList<>(List.of("0.json", "1.json", "01.json", "00.json", "10.json", "123456789.json",
                "1234567890.json", ".json", "a.json", "1.JSON", "1.json.tmp", "1json", "-1.json", "+1.json", "1 .json", "٣.json",
                "999999999.json", "1.jsonx", "x1.json"));
        for (int i = 0; i < 2000; i++) {
            names.add(i + ".json");
        }
        for (String name : names) {
            var m = TraceKeys.TRIAL_FILE.matcher(name);
            int expected = m.matches() && (Integer.parseInt(m.group(1)) + ".json").equals(name) ? Integer.parseInt(m.group(1)) : -1;
            assertThat(TraceKeys.canonicalTrial(name)).as(name).isEqualTo(expected);
        }
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
        assertThat(keys).containsExactly(new TrialKey("default", "case-a", 0), new TrialKey("default", "case-a", 2),
                new TrialKey("default", "case-a", 10), new TrialKey("default", "case-b", 1));
        assertThat(problems).singleElement().asString().startsWith("case-b#1: 01.json beside 1.json");
    }

    @Test
    void scoresWithoutATraceAreTheScoredKeysNotSeenSorted() throws Exception {
        Path g = Files.createDirectories(run.resolve("scores/judge/default/case-a"));
        Files.writeString(g.resolve("0.json"), "{}");
        Files.writeString(g.resolve("3.json"), "{}");
        Files.writeString(Files.createDirectories(run.resolve("scores/judge/default/case-0")).resolve("1.json"), "{}");
        Set<TrialKey> orphans = TraceKeys.scoredOnly(List.of(run.resolve("scores/judge")), Set.of(new TrialKey("default", "case-a", 0)));
        assertThat(orphans).containsExactly(new TrialKey("default", "case-0", 1), new TrialKey("default", "case-a", 3));
    }
}
