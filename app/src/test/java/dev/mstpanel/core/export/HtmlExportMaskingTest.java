package dev.mstpanel.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.KnownSecrets;
import dev.mstpanel.core.mst.SecretRedactor;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.testsupport.ExportFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every page an export writes holds no secret the panel knows of, whole or in part, wherever the run's
 * files hold it (prompt, arguments, outputs, final answer, log tails, accessibility dump), and holds
 * nothing a browser would run or load.
 */
class HtmlExportMaskingTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();

    @AfterEach
    void close() {
        reader.close();
    }

    private HtmlExporter exporter(ExportLabels labels) {
        return new HtmlExporter(reader, new ComparisonService(reader, Runnable::run), labels);
    }

    private SecretRedactor mask() throws Exception {
        return KnownSecrets.of(
                Map.of("OPENAI_API_KEY", ExportFixture.ENV_KEY, "HOME", "/home/someone"),
                List.of(ExportFixture.secretsFile(root)));
    }

    /** No piece of 12 characters of a key (the masking's own rule for a part of a value). */
    private static void assertNoPartOf(String page, String key) {
        for (int i = 0; i + 12 <= key.length(); i++) {
            assertThat(page).as("a part of the key at %d", i).doesNotContain(key.substring(i, i + 12));
        }
    }

    @Test
    void aKeyInThePromptArgumentsOutputsLogTailsAndAccessibilityDumpIsNotInAnyExportedPage() throws Exception {
        Path run = ExportFixture.demoRun(root);
        // the keys are where the pages read: the test would mean nothing otherwise
        assertThat(Files.readString(ExportFixture.failedTrace(run))).contains(ExportFixture.ENV_KEY);
        assertThat(Files.readString(run.resolve("artifacts/baseline/gift-card/0/logs/main.log")))
                .contains(ExportFixture.FILE_KEY);
        HtmlExporter exporter = exporter(ExportLabels.NONE);
        String trial = exporter.trial(ExportFixture.failedTrace(run), mask());
        String whole = exporter.run(run, mask());
        String compared = exporter.comparison(run, null, null, null, mask());
        for (String page : List.of(trial, whole, compared)) {
            assertNoPartOf(page, ExportFixture.ENV_KEY);
            assertNoPartOf(page, ExportFixture.FILE_KEY);
        }
        // what is around them is still there, masked in place
        assertThat(trial)
                .contains("What is the balance of gift card ***? Use the shop tools.")
                .contains("error: no gift card ***: give the card number without its GC- prefix")
                .contains("The failing call")
                .contains("Accessibility dump")
                .contains("token ***");
        assertThat(whole).contains("Failures by cause").contains("tool error: shop · giftcards.balance");
        assertThat(compared).contains("Verdict: unclear").contains("Changed cases, trial by trial");
    }

    @Test
    void withoutTheMaskTheKeysWouldBeThereSoTheCheckCanFail() throws Exception {
        Path run = ExportFixture.demoRun(root);
        String trial = exporter(ExportLabels.NONE).trial(ExportFixture.failedTrace(run), SecretRedactor.none());
        assertThat(trial).contains(ExportFixture.ENV_KEY).contains(ExportFixture.FILE_KEY);
    }

    @Test
    void markupInARunsTextIsShownAsTextAndThePageLoadsNothing() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Path trace = ExportFixture.failedTrace(run);
        Files.writeString(
                trace,
                Files.readString(trace)
                        .replace(
                                "give the card number without its GC- prefix",
                                "<script>alert(1)</script><img src=\\\"https://example.com/x.png\\\"> & 'q'"));
        String page = exporter(ExportLabels.NONE).trial(trace, SecretRedactor.none());
        assertThat(page)
                .doesNotContain("<script")
                .doesNotContain("<img src=\"https:")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=&quot;https://example.com/x.png&quot;&gt;"
                        + " &amp; &#39;q&#39;")
                .contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';");
        // every image is inline
        assertThat(page.split("<img ", -1).length - 1).isPositive();
        assertThat(page).doesNotContainPattern("<img src=\"(?!data:image/jpeg;base64,)");
    }

    @Test
    void aLongOutputIsCutWithANoteSayingWhereTheWholeIs() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Path trace = ExportFixture.failedTrace(run);
        String longOutput = "x".repeat(HtmlExporter.EVENT_CHARS * 3);
        // the output of the agent's date command (the day the trial ran) becomes a long one
        Files.writeString(
                trace,
                Files.readString(trace)
                        .replaceFirst("\"output\":\"\\d{4}-\\d\\d-\\d\\d\"", "\"output\":\"" + longOutput + "\""));
        String page = exporter(ExportLabels.NONE).trial(trace, SecretRedactor.none());
        assertThat(page).doesNotContain(longOutput.substring(0, HtmlExporter.EVENT_CHARS + 1));
        assertThat(page)
                .contains(
                        "characters were cut here to keep this page small; the whole text is in the trial&#39;s trace,"
                                + " traces/baseline/gift-card/0.json");
    }

    @Test
    void aTraceWithMoreEventsThanAPageTakesWritesTheFirstOnesAndSaysWhereTheRestAre() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Path trace = ExportFixture.failedTrace(run);
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var doc = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(trace.toFile());
        var events = (com.fasterxml.jackson.databind.node.ArrayNode)
                doc.path("trace").path("events");
        int original = events.size();
        var many = json.createArrayNode();
        for (int i = 0; i < HtmlExporter.MAX_EVENTS + 1_000 - original; i++) {
            many.add(json.createObjectNode()
                    .put("kind", "command")
                    .put("source", "builtin")
                    .put("name", "bash")
                    .put("output", "line " + i));
        }
        many.addAll(events); // the failing call last, past the events written
        ((com.fasterxml.jackson.databind.node.ObjectNode) doc.path("trace")).set("events", many);
        json.writeValue(trace.toFile(), doc);

        String page = exporter(ExportLabels.NONE).trial(trace, SecretRedactor.none());

        assertThat(page)
                .contains("Transcript (" + (HtmlExporter.MAX_EVENTS + 1_000) + " events)")
                .contains("line " + (HtmlExporter.MAX_EVENTS - 1) + "<")
                .doesNotContain("line " + HtmlExporter.MAX_EVENTS + "<")
                .contains("1000 more events are in the trial&#39;s trace, traces/baseline/gift-card/0.json of run "
                        + ExportFixture.RUN_ID + " (the failing call is shown above).")
                .contains("The failing call");
    }

    @Test
    void aTrialsLabelAndNoteAreOnItsPageMasked() throws Exception {
        Path run = ExportFixture.demoRun(root);
        ExportLabels labels = t -> t.caseId().equals("gift-card")
                ? Optional.of(new dev.mstpanel.core.triage.TriageLabel(
                        "tool or server bug", "the shop wants the number without GC-; key " + ExportFixture.ENV_KEY))
                : Optional.empty();
        String page = exporter(labels).trial(ExportFixture.failedTrace(run), mask());
        assertThat(page)
                .contains("Label: tool or server bug")
                .contains("the shop wants the number without GC-; key ***");
        assertNoPartOf(page, ExportFixture.ENV_KEY);
    }

    @Test
    void theDemoRunsExportIsUnderTwoMegabytes() throws Exception {
        Path run = ExportFixture.demoRun(root);
        String page = exporter(ExportLabels.NONE).run(run, mask());
        assertThat(page.getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                .isLessThan(2 * 1024 * 1024);
        assertThat(page).contains("Screenshot").contains("data:image/jpeg;base64,");
    }

    @Test
    void aTextCutByAReaderInsideAKeyHasTheKeysStartMaskedToo() throws Exception {
        // an output kept to a reader's limit can end in the first characters of a key, too few to be a known piece
        String cut = "the header was Bearer-less: " + ExportFixture.ENV_KEY.substring(0, 6);
        String page = new HtmlDocument("t", mask())
                .block(cut, true, 10_000, false, "the trace")
                .finish();
        assertThat(page)
                .contains("the header was Bearer-less: ***")
                .doesNotContain(ExportFixture.ENV_KEY.substring(0, 6));
        // a text that was not cut keeps its words: the rule is for cut ends only
        String whole = new HtmlDocument("t", mask())
                .block(cut, false, 10_000, false, "the trace")
                .finish();
        assertThat(whole).contains(ExportFixture.ENV_KEY.substring(0, 6));
    }
}
