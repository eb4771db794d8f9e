package dev.mstpanel.core.results.align;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two trials' traces, written as MST writes them and read by the panel's reader, aligned event by event. */
class TrialAlignerTest {
    @TempDir
    Path root;

    private RunFixture run;
    private int trial;

    /** A trial whose events are calls {@code server.tool(key=value)}; {@code !} before the tool marks a failed call. */
    private Transcript trace(String finalText, Consumer<ArrayNode> more, String... calls) throws Exception {
        if (run == null) {
            run = RunFixture.create(root, "eval", "20260105T101500Z-c0ffee").runJson("eval", "default");
        }
        ArrayNode ev = RunFixture.events();
        long at = 0;
        for (String c : calls) {
            boolean failed = c.startsWith("!");
            String[] tool = c.replace("!", "").split("[.(]");
            ObjectNode e = RunFixture.event(ev, "tool_call", "mcp", tool[0], tool[1], at, 10)
                    .put("isError", failed)
                    .put("output", "out " + at);
            ObjectNode args = e.putObject("arguments");
            if (c.contains("(")) {
                for (String kv : c.substring(c.indexOf('(') + 1, c.length() - 1).split(",")) {
                    String[] p = kv.split("=");
                    args.put(p[0], p[1]);
                }
            }
            at += 100;
        }
        if (more != null) {
            more.accept(ev);
        }
        ObjectNode fields = RunFixture.fields();
        if (finalText != null) {
            fields.put("finalText", finalText);
        }
        fields.putObject("usage")
                .put("inputTokens", 100)
                .put("outputTokens", 10)
                .put("durationMs", 4_000);
        int n = trial++;
        run.transcript("default", "case", n, ev, fields, null);
        return new TranscriptReader(1024).read(run.tracePath("default", "case", n));
    }

    private Transcript trace(String finalText, String... calls) throws Exception {
        return trace(finalText, null, calls);
    }

    private static List<String> rows(TrialAlignment al) {
        return al.pairs().stream()
                .map(p -> p.change().mark() + " " + p.aIndex() + " " + p.bIndex())
                .toList();
    }

    @Test
    void identicalTrialsAreSameOnEveryRowWithNoDivergence() throws Exception {
        Transcript a = trace("done", "cal.list(from=now)", "mail.send(to=x)");
        Transcript b = trace("done ", "cal.list(from=now)", "mail.send(to=x)");
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(rows(al)).containsExactly("= 0 0", "= 1 1");
        assertThat(al.firstDivergence()).isNull();
        assertThat(al.finalAnswerSame()).isTrue();
        assertThat(TrialAlignment.durationMs(a)).isEqualTo(61_000L); // the trial file's own, before usage's
    }

    @Test
    void aCallOnlyTheSecondMadeIsAnInsertedRowAndTheDivergence() throws Exception {
        Transcript a = trace("done", "cal.list", "mail.send", "mail.archive");
        Transcript b = trace("done", "cal.list", "cal.create", "mail.send", "mail.archive");
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(rows(al)).containsExactly("= 0 0", "+ null 1", "= 1 2", "= 2 3");
        assertThat(al.firstDivergence()).isEqualTo(new Divergence(-1, 1, DivergenceReason.ONLY_IN_B, 1));
    }

    @Test
    void aCallOnlyTheFirstMadeIsARemovedRowAndTheDivergence() throws Exception {
        Transcript a = trace("done", "cal.list", "cal.create", "mail.send");
        Transcript b = trace("done", "cal.list", "mail.send");
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(rows(al)).containsExactly("= 0 0", "- 1 null", "= 2 1");
        assertThat(al.firstDivergence().reason()).isEqualTo(DivergenceReason.ONLY_IN_A);
        assertThat(al.firstDivergence().aIndex()).isEqualTo(1);
        assertThat(al.firstDivergence().bIndex()).isNull();
    }

    @Test
    void theSameToolWithOtherArgumentsIsChangedWithThePathsAddedRemovedAndChanged() throws Exception {
        Transcript a = trace("done", "cal.list", "mail.send(to=team,subject=Week)");
        Transcript b = trace("done", "cal.list", "mail.send(to=me,body=Hi)");
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(rows(al)).containsExactly("= 0 0", "~ 1 1");
        assertThat(al.firstDivergence()).isEqualTo(new Divergence(1, 1, DivergenceReason.ARGUMENTS, 1));
        assertThat(al.pairs().get(1).difference().arguments())
                .extracting(d -> d.path() + " " + d.kind())
                .containsExactly("to CHANGED", "subject REMOVED", "body ADDED");
        assertThat(al.pairs().get(1).difference().arguments().get(0).b().asText())
                .isEqualTo("me");
    }

    @Test
    void nestedArgumentsAreNamedByTheirPath() throws Exception {
        Transcript a = trace(
                "done",
                ev -> ev.addObject()
                        .put("kind", "tool_call")
                        .put("server", "db")
                        .put("name", "query")
                        .set(
                                "arguments",
                                RunFixture.fields()
                                        .set(
                                                "where",
                                                RunFixture.events()
                                                        .add("x")
                                                        .add(RunFixture.fields().put("id", 1)))));
        Transcript b = trace(
                "done",
                ev -> ev.addObject()
                        .put("kind", "tool_call")
                        .put("server", "db")
                        .put("name", "query")
                        .set(
                                "arguments",
                                RunFixture.fields()
                                        .set(
                                                "where",
                                                RunFixture.events()
                                                        .add("x")
                                                        .add(RunFixture.fields().put("id", 2))
                                                        .add("y"))));
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(al.pairs().get(0).difference().arguments())
                .extracting(d -> d.path() + " " + d.kind())
                .containsExactly("where[1].id CHANGED", "where[2] ADDED");
    }

    @Test
    void theSameCallFailingOnOneSideIsChangedByItsOutcome() throws Exception {
        Transcript a = trace("done", "cal.list", "mail.send(to=x)");
        Transcript b = trace("sorry", "cal.list", "!mail.send(to=x)");
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(rows(al)).containsExactly("= 0 0", "~ 1 1");
        assertThat(al.firstDivergence().reason()).isEqualTo(DivergenceReason.OUTCOME);
        assertThat(al.pairs().get(1).difference().outcomeDiffers()).isTrue();
        assertThat(al.pairs().get(1).difference().failedB()).isTrue();
        assertThat(al.finalAnswerSame()).isFalse();
    }

    @Test
    void anotherToolAtTheSamePlaceIsRemovedThenInsertedAndTheDivergenceNamesBoth() throws Exception {
        Transcript a = trace("done", "cal.list", "mail.send", "mail.archive");
        Transcript b = trace("done", "cal.list", "mail.draft", "mail.archive");
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(rows(al)).containsExactly("= 0 0", "- 1 null", "+ null 1", "= 2 2");
        assertThat(al.firstDivergence()).isEqualTo(new Divergence(1, 1, DivergenceReason.OTHER_TOOL, 1));
    }

    @Test
    void theSameToolOnAnotherServerIsAnotherTool() throws Exception {
        Transcript a = trace("done", "mailA.send");
        Transcript b = trace("done", "mailB.send");
        assertThat(rows(TrialAligner.align(a, b))).containsExactly("- 0 null", "+ null 0");
    }

    @Test
    void anEmptySideMakesEveryRowTheOtherSidesAndOnlyTheFinalAnswerCanDifferWhenBothAreEmpty() throws Exception {
        Transcript a = trace("done", "cal.list", "mail.send");
        Transcript empty = trace(null);
        TrialAlignment al = TrialAligner.align(a, empty);
        assertThat(rows(al)).containsExactly("- 0 null", "- 1 null");
        assertThat(al.firstDivergence()).isEqualTo(new Divergence(0, -1, DivergenceReason.ONLY_IN_A, 0));
        assertThat(al.finalAnswerSame()).isFalse();
        assertThat(rows(TrialAligner.align(empty, a))).containsExactly("+ null 0", "+ null 1");

        TrialAlignment none = TrialAligner.align(empty, trace("an answer"));
        assertThat(none.pairs()).isEmpty();
        assertThat(none.firstDivergence()).isEqualTo(new Divergence(-1, -1, DivergenceReason.FINAL_ANSWER, -1));
        assertThat(TrialAligner.align(empty, trace(null)).firstDivergence()).isNull();
    }

    @Test
    void eventsThatAreNotObjectsAlignWithEachOtherByTheirValue() throws Exception {
        Transcript a = trace("done", ev -> ev.add("lost event").add(7), "cal.list");
        Transcript b = trace("done", ev -> ev.add("lost event").add(8), "cal.list");
        TrialAlignment al = TrialAligner.align(a, b);
        // the calls first, then the two values that are not objects: the same text is the same, 7 and 8 differ
        assertThat(rows(al)).containsExactly("= 0 0", "= 1 1", "~ 2 2");
        assertThat(al.pairs().get(2).difference().arguments())
                .extracting(d -> d.path() + " " + d.kind())
                .containsExactly(" CHANGED");
        assertThat(a.problems()).isEmpty();
    }

    @Test
    void aTraceWhoseEventsAreNotAnArrayAlignsAsNoEventsAndKeepsItsProblem() throws Exception {
        Transcript a = trace("done", "cal.list");
        Path broken = run.tracePath("default", "case", 99);
        java.nio.file.Files.createDirectories(broken.getParent());
        java.nio.file.Files.writeString(
                broken,
                "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"default\",\"caseId\":\"case\","
                        + "\"trial\":99,\"trace\":{\"events\":{\"kind\":\"tool_call\"},\"finalText\":\"done\"}}");
        Transcript b = new TranscriptReader(1024).read(broken);
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(rows(al)).containsExactly("- 0 null");
        assertThat(al.b().problems()).anyMatch(p -> p.contains("not an array"));
        assertThat(al.finalAnswerSame()).isTrue();
    }

    @Test
    void aRedactedSideLeavesTheFinalAnswerUnknown() throws Exception {
        Transcript a = trace("done", "cal.list");
        run.redacted(true);
        Transcript b = trace(null, "cal.list");
        TrialAlignment al = TrialAligner.align(a, b);
        assertThat(b.redacted()).isTrue();
        assertThat(al.finalAnswerSame()).isNull();
        assertThat(al.firstDivergence()).isNull();
    }

    @Test
    void twoLongTracesDifferingInTheMiddleAlignAroundIt() throws Exception {
        String[] ca = new String[5_000];
        String[] cb = new String[5_000];
        for (int i = 0; i < ca.length; i++) {
            ca[i] = "srv.tool" + (i % 7) + "(i=" + i + ")";
            cb[i] = i == 2_500 ? "srv.other(i=" + i + ")" : ca[i];
        }
        TrialAlignment al = TrialAligner.align(trace("done", ca), trace("done", cb));
        assertThat(al.firstDivergence()).isEqualTo(new Divergence(2_500, 2_500, DivergenceReason.OTHER_TOOL, 2_500));
        int[] n = al.counts();
        assertThat(n[Change.SAME.ordinal()]).isEqualTo(4_999);
        assertThat(n[Change.ONLY_A.ordinal()]).isEqualTo(1);
        assertThat(n[Change.ONLY_B.ordinal()]).isEqualTo(1);
    }

    @Test
    void inARunOfLookAlikeCallsTheCallsThatAgreeAnchorTheAlignment() throws Exception {
        // the same two tools over and over: by identity alone, the 3 calls to another tool could be matched against
        // any 3 of the look-alikes and shift every later row; whole calls that agree keep the rest in place
        String[] ca = new String[40];
        String[] cb = new String[40];
        for (int i = 0; i < ca.length; i++) {
            ca[i] = (i % 2 == 0 ? "files.read" : "search.query") + "(i=" + i + ")";
            cb[i] = i >= 20 && i < 23 ? "search.web(i=" + i + ")" : i == 30 ? "files.read(i=other)" : ca[i];
        }
        TrialAlignment al = TrialAligner.align(trace("done", ca), trace("done", cb));
        assertThat(al.firstDivergence()).isEqualTo(new Divergence(20, 20, DivergenceReason.OTHER_TOOL, 20));
        assertThat(rows(al).subList(20, 28))
                .containsExactly(
                        "- 20 null",
                        "- 21 null",
                        "- 22 null",
                        "+ null 20",
                        "+ null 21",
                        "+ null 22",
                        "= 23 23",
                        "= 24 24");
        assertThat(rows(al)).contains("~ 30 30");
        int[] n = al.counts();
        assertThat(n[Change.SAME.ordinal()]).isEqualTo(36);
        assertThat(n[Change.CHANGED.ordinal()]).isEqualTo(1);
    }
}
