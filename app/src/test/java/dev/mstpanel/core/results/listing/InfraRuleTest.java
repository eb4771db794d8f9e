package dev.mstpanel.core.results.listing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a trial counts as an infrastructure failure, as MST decides it: its {@code infrastructureError} is trusted when
 * it is a boolean; otherwise an error must be present and a failure kind set (a non-empty string) or the error be one MST
 * counts as infrastructure. Every case is a real trial file read by the listing and by the quick status read, small and
 * large (read from its ends).
 */
class InfraRuleTest {
    @TempDir
    Path root;

    private static final Object ABSENT = new Object();

    /** One row: infrastructureError, error, failureKind (ABSENT: no such field), the score, the status expected. */
    private record Row(
            String name,
            Object infrastructureError,
            Object error,
            Object failureKind,
            Boolean pass,
            TrialStatus expected) {}

    private static final List<Row> TABLE = List.of(
            new Row("trusted-true", true, ABSENT, ABSENT, null, TrialStatus.INFRA),
            new Row("trusted-true-graded", true, "boom", ABSENT, false, TrialStatus.INFRA),
            new Row(
                    "trusted-false-with-kind",
                    false,
                    "Task did not submit",
                    "not-submitted",
                    false,
                    TrialStatus.FAILED),
            new Row(
                    "trusted-false-infra-text",
                    false,
                    "connect ECONNREFUSED 10.0.0.2:443",
                    ABSENT,
                    false,
                    TrialStatus.FAILED),
            new Row("absent-kind-and-error", ABSENT, "the desktop did not start", "startup", false, TrialStatus.INFRA),
            new Row("absent-kind-without-error", ABSENT, ABSENT, "not-submitted", false, TrialStatus.FAILED),
            new Row("absent-kind-error-null", ABSENT, null, "timeout", false, TrialStatus.FAILED),
            new Row("absent-empty-kind", ABSENT, "judge said no", "", false, TrialStatus.FAILED),
            new Row("absent-number-kind", ABSENT, "judge said no", 42, false, TrialStatus.FAILED),
            new Row("absent-bool-kind", ABSENT, "judge said no", true, true, TrialStatus.PASSED),
            new Row("absent-econnreset", ABSENT, "read ECONNRESET", ABSENT, false, TrialStatus.INFRA),
            new Row("absent-429", ABSENT, "HTTP 429 Too Many Requests", ABSENT, false, TrialStatus.INFRA),
            new Row("absent-rate-limit", ABSENT, "Rate limit reached for the model", ABSENT, null, TrialStatus.INFRA),
            new Row(
                    "absent-prompt-too-long",
                    ABSENT,
                    "prompt is too long: 210000 tokens > 200000 maximum",
                    ABSENT,
                    false,
                    TrialStatus.INFRA),
            new Row(
                    "absent-plain-failure",
                    ABSENT,
                    "The agent refunded the wrong order",
                    ABSENT,
                    false,
                    TrialStatus.FAILED),
            new Row("absent-non-string-error", ABSENT, 503, ABSENT, false, TrialStatus.FAILED),
            new Row("odd-type-flag-falls-to-rule", "yes", "judge said no", ABSENT, false, TrialStatus.FAILED),
            new Row("odd-type-flag-with-kind", 1, "the desktop did not start", "startup", false, TrialStatus.INFRA),
            new Row("missing-kind-wins", true, "never ran", "missing", null, TrialStatus.MISSING),
            new Row("clean-pass", false, ABSENT, ABSENT, true, TrialStatus.PASSED));

    private static void put(ObjectNode n, String field, Object v) {
        if (v == ABSENT) {
            n.remove(field);
        } else if (v == null) {
            n.putNull(field);
        } else if (v instanceof Boolean b) {
            n.put(field, b);
        } else if (v instanceof Integer i) {
            n.put(field, i);
        } else {
            n.put(field, (String) v);
        }
    }

    @Test
    void everyRowOfTheTableGetsItsStatusInTheListingAndTheQuickRead() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (int bytes : new int[] {2_000, 40_000}) {
            RunFixture f = RunFixture.create(root.resolve("b" + bytes), "infra-eval", "20261201T100000Z-ad0001")
                    .traceBytes(bytes)
                    .runJson("infra-eval", "v");
            for (Row r : TABLE) {
                f.trace("v", r.name(), 0, null);
                Path file = f.tracePath("v", r.name(), 0);
                ObjectNode n = (ObjectNode) json.readTree(file.toFile());
                put(n, "infrastructureError", r.infrastructureError());
                put(n, "error", r.error());
                if (r.failureKind() != ABSENT) {
                    put(n.putObject("clientDiagnostics"), "failureKind", r.failureKind());
                }
                Files.writeString(file, n.toPrettyString());
                if (r.pass() != null) {
                    f.score("judge", "v", r.name(), 0, r.pass(), "graded");
                }
            }
            Map<String, TrialStatus> expected = new LinkedHashMap<>();
            TABLE.forEach(r -> expected.put(r.name(), r.expected()));
            try (ResultsReader reader = new ResultsReader()) {
                RunInfo run = reader.readRun(f.runDir());
                Map<String, TrialStatus> listed = new LinkedHashMap<>();
                reader.readTrials(run).forEach(t -> listed.put(t.caseId(), t.status()));
                assertThat(listed)
                        .as("listing, traces of %d bytes", bytes)
                        .containsExactlyInAnyOrderEntriesOf(expected);
                List<TrialRecord> quick = new ArrayList<>();
                reader.readTrialStatuses(run, quick::addAll);
                Map<String, TrialStatus> read = new LinkedHashMap<>();
                quick.forEach(t -> read.put(t.caseId(), t.status()));
                assertThat(read)
                        .as("quick read, traces of %d bytes", bytes)
                        .containsExactlyInAnyOrderEntriesOf(expected);
            }
        }
    }

    @Test
    void theErrorTextRuleIgnoresCaseAndNeedsText() {
        assertThat(InfraRule.isInfrastructureError("Network error while calling the model"))
                .isTrue();
        assertThat(InfraRule.isInfrastructureError("context_length_exceeded")).isTrue();
        assertThat(InfraRule.isInfrastructureError("The assertion about the calendar failed"))
                .isFalse();
        assertThat(InfraRule.isInfrastructureError(null)).isFalse();
        assertThat(InfraRule.isInfra(null, false, null, "startup")).isFalse();
        assertThat(InfraRule.isInfra(null, true, null, "startup")).isTrue();
        assertThat(InfraRule.isInfra(null, true, null, "")).isFalse();
        assertThat(InfraRule.isInfra(Boolean.FALSE, true, "ECONNRESET", "startup"))
                .isFalse();
    }
}
