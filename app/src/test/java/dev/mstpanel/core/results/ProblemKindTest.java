package dev.mstpanel.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.Problem;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace's problem is decided by its kind, never by its sentence: a sentence reworded keeps what the panel does,
 * and a sentence that reads like another kind's does not borrow that kind's handling.
 */
class ProblemKindTest {
    @TempDir
    Path dir;

    private TrialRecord listed(String name, String json) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, json, StandardCharsets.UTF_8);
        try (ResultsReader r = new ResultsReader()) {
            return r.readTraceFile(RunInfo.unknown(dir), file);
        }
    }

    @Test
    void eachWayATraceIsBrokenIsListedWithItsKindAndTheSameSentence() throws Exception {
        TrialRecord cut = listed("cut.json", "{\"kind\":\"trial\",\"caseId\":\"a\",");
        assertThat(cut.problemKind()).isEqualTo(Problem.Kind.CUT_SHORT);
        assertThat(cut.why().detail()).isEqualTo("29");
        assertThat(cut.problem())
                .isEqualTo(
                        "The trace is cut short (29 bytes, ends mid-JSON): it may still be being written, or the disk filled up.");
        // a parse error in the middle, not at the end of the bytes, is not JSON (not cut short)
        TrialRecord bad = listed("bad.json", "{\"kind\":\"trial\",\"n\":1.}");
        assertThat(bad.problemKind()).isEqualTo(Problem.Kind.NOT_JSON);
        assertThat(bad.problem()).isEqualTo("The trace is not valid JSON at line 1, column 23.");
        assertThat(listed("array.json", "[1]").problemKind()).isEqualTo(Problem.Kind.NOT_AN_OBJECT);
        assertThat(listed("blank.json", "  \n").problemKind()).isEqualTo(Problem.Kind.ONLY_WHITESPACE);
        assertThat(listed("empty.json", "").problemKind()).isEqualTo(Problem.Kind.EMPTY);
        TrialRecord kind = listed("package.json", "{\"kind\":\"package\"}");
        assertThat(kind.problemKind()).isEqualTo(Problem.Kind.WRONG_KIND);
        assertThat(kind.why().detail()).isEqualTo("package");
        TrialRecord deep = listed("deep.json", "{\"a\":" + "[".repeat(1100));
        assertThat(deep.problemKind()).isEqualTo(Problem.Kind.READER_LIMIT);
        assertThat(deep.problem()).isEqualTo("The trace is nested deeper than 1000 levels, more than the panel reads.");
        TrialRecord number = listed("number.json", "{\"n\":" + "9".repeat(2000) + "}");
        assertThat(number.problemKind()).isEqualTo(Problem.Kind.READER_LIMIT);
        assertThat(number.problem()).startsWith("The trace holds a number too large to read");
    }

    @Test
    void aRewordedSentenceKeepsWhatTheTranscriptReaderSays() {
        Path file = dir.resolve("t.json");
        Problem reworded = new Problem(Problem.Kind.CUT_SHORT, "57", "Le fichier est tronqué.");
        assertThat(TranscriptReader.notATrial(Path.of("t.json"), file, reworded))
                .startsWith(
                        "t.json is not a trial's trace: it ends before the JSON does (57 bytes; it may still be being written, or the disk filled up).");
        Problem kind = new Problem(Problem.Kind.WRONG_KIND, "package", "Sorte inconnue.");
        assertThat(TranscriptReader.notATrial(Path.of("t.json"), file, kind))
                .startsWith("t.json is not a trial's trace: its kind is \"package\", not \"trial\".");
        Problem denied = new Problem(Problem.Kind.DENIED, "permission denied", "Zugriff verweigert.");
        assertThat(TranscriptReader.notATrial(Path.of("t.json"), file, denied))
                .startsWith("t.json is not a trial's trace: it could not be read (permission denied).");
    }

    @Test
    void aSentenceThatReadsLikeAnotherKindsIsNotTakenForIt() {
        Path file = dir.resolve("t.json");
        Problem lookalike = Problem.other("The trace is cut short (57 bytes, ends mid-JSON): a note, not a cut trace.");
        assertThat(TranscriptReader.notATrial(Path.of("t.json"), file, lookalike))
                .startsWith(
                        "t.json is not a trial's trace: the trace is cut short (57 bytes, ends mid-JSON): a note, not a cut trace.")
                .doesNotContain("ends before the JSON does");
    }

    @Test
    void aNoteAddedToAProblemKeepsItsKind() {
        Problem p = Problem.cutShort(9).withNote("The case folder is named otherwise.");
        assertThat(p.kind()).isEqualTo(Problem.Kind.CUT_SHORT);
        assertThat(p.sentence()).endsWith(" The case folder is named otherwise.");
    }
}
