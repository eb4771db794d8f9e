package dev.mstpanel.testsupport;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two runs of one eval whose cases have datasets and tags, for grouping them. Trials as letters:
 * {@code P} passed, {@code F} failed, {@code I} infra. A dataset is in each trial file ({@code datasetName}) and in
 * {@code results.json}; tags only in {@code results.json}'s {@code request.tags}.
 *
 * <pre>
 *   case            dataset   tags              run A   run B
 *   refund-order    billing   refunds, orders   PPF     PPP
 *   lookup-invoice  billing   invoices          PPP     PFF
 *   cancel-plan     accounts  plans, refunds    FFF     PPP
 *   update-address  accounts  —                 PFF     PPF
 *   say-hello       —         —                 PPP     PPP
 *   export-csv      exports   exports           —       PPI
 * </pre>
 * Variant {@code default} only; run B's {@code say-hello} trials name no dataset and results.json gives none.
 */
public final class GroupsFixture {
    public static final String EVAL = "support-desk";
    public static final String RUN_A = "20260201T090000Z-a0a0a0";
    public static final String RUN_B = "20260202T090000Z-b0b0b0";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Each case: id, dataset (or null), tags (comma-separated, or empty), run A's trials, run B's (null: absent). */
    private static final String[][] CASES = {
        {"refund-order", "billing", "refunds,orders", "PPF", "PPP"},
        {"lookup-invoice", "billing", "invoices", "PPP", "PFF"},
        {"cancel-plan", "accounts", "plans,refunds", "FFF", "PPP"},
        {"update-address", "accounts", "", "PFF", "PPF"},
        {"say-hello", null, "", "PPP", "PPP"},
        {"export-csv", "exports", "exports", null, "PPI"},
    };

    private GroupsFixture() {}

    /** Writes both runs under {@code resultsRoot} ({@code <root>/support-desk/runs/…}); returns the eval folder. */
    public static Path write(Path resultsRoot) {
        RunFixture a = RunFixture.create(resultsRoot, EVAL, RUN_A).runJson(EVAL, "default");
        RunFixture b = RunFixture.create(resultsRoot, EVAL, RUN_B).runJson(EVAL, "default");
        for (int side = 0; side < 2; side++) {
            RunFixture f = side == 0 ? a : b;
            ObjectNode results = JSON.createObjectNode()
                    .put("format", "mst.run/v1")
                    .put("kind", "results")
                    .put("runId", side == 0 ? RUN_A : RUN_B);
            ArrayNode cases = results.putArray("cases");
            for (String[] c : CASES) {
                String letters = c[3 + side];
                if (letters == null) {
                    continue;
                }
                trials(f, c[0], c[1], letters);
                ObjectNode entry = cases.addObject().put("id", c[0]).put("variant", "default");
                if (c[1] != null) {
                    entry.put("datasetName", c[1]);
                }
                ObjectNode request = entry.putObject("request").put("input", "Help with " + c[0]);
                request.put("trials", letters.length());
                ArrayNode tags = request.putArray("tags");
                for (String t : c[2].split(",")) {
                    if (!t.isEmpty()) {
                        tags.add(t);
                    }
                }
            }
            try {
                Files.writeString(f.runDir().resolve("results.json"), results.toPrettyString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return resultsRoot.resolve(EVAL);
    }

    private static void trials(RunFixture f, String caseId, String dataset, String letters) {
        for (int i = 0; i < letters.length(); i++) {
            char s = letters.charAt(i);
            ObjectNode extra = RunFixture.fields();
            if (dataset == null) {
                extra.putNull("datasetName");
            } else {
                extra.put("datasetName", dataset);
            }
            if (s == 'F') {
                extra.put("error", "The agent answered the wrong question");
            } else if (s == 'I') {
                extra.put("infrastructureError", true).put("error", "Cowork's workspace was unavailable");
                extra.putObject("clientDiagnostics").put("failureKind", "startup");
            }
            f.trace("default", caseId, i, extra);
            if (s == 'P' || s == 'F') {
                f.score("judge.accuracy", "default", caseId, i, s == 'P', s == 'P' ? "Right." : "Wrong.");
            }
        }
    }
}
