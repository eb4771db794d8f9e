package dev.mstpanel.core.results.align;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two listed trials read side by side and aligned, the first events of two long traces handed over first. */
class TraceAlignmentsTest {
    @TempDir
    Path root;

    @Test
    void twoLongTracesHandOverTheirFirstRowsAsAPrefixOfTheWholeAlignment() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Path a = TranscriptFixture.longTrace(f, TranscriptFixture.LONG_CASE, 3_000, 400);
        Path b = f.tracePath("default", TranscriptFixture.LONG_CASE, 1);
        // the second trial calls another tool at the 51st event: the divergence falls inside the first events
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var trial = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(a.toFile());
        trial.put("trial", 1);
        ((com.fasterxml.jackson.databind.node.ObjectNode)
                        trial.path("trace").path("events").get(50))
                .put("name", "write_file");
        json.writeValue(b.toFile(), trial);
        List<TrialRecord> trials;
        try (ResultsReader r = new ResultsReader()) {
            RunInfo info = r.readRun(f.runDir());
            trials = r.readTrials(info).stream()
                    .filter(t -> t.caseId().equals(TranscriptFixture.LONG_CASE))
                    .sorted(java.util.Comparator.comparingInt(TrialRecord::trial))
                    .toList();
        }
        List<TrialAlignment> heads = new ArrayList<>();
        TrialAlignment whole = new TraceAlignments(TranscriptReader.WINDOW_OUTPUT_CHARS)
                .align(trials.get(0), false, trials.get(1), false, heads::add);
        assertThat(whole.pairs()).hasSize(3_001);
        assertThat(whole.firstDivergence()).isEqualTo(new Divergence(50, 50, DivergenceReason.OTHER_TOOL, 50));
        assertThat(heads).hasSize(1);
        TrialAlignment head = heads.get(0);
        assertThat(head.pairs()).isNotEmpty().hasSizeLessThan(whole.pairs().size());
        assertThat(whole.pairs().subList(0, head.pairs().size())).isEqualTo(head.pairs());
        // the head ends on a row both sides have: what follows it may align otherwise
        AlignedPair last = head.pairs().get(head.pairs().size() - 1);
        assertThat(last.a()).isNotNegative();
        assertThat(last.b()).isNotNegative();
        assertThat(head.finalAnswerSame()).isNull();
    }
}
