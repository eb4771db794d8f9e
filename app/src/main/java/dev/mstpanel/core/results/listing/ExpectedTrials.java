package dev.mstpanel.core.results.listing;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.ResultsJsonCases;
import dev.mstpanel.core.results.layout.PathSegments;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.search.PromptIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The trials a run's {@code results.json} says it has: one key per trial of each {@code cases[]} entry,
 * {@code (variant, id)} with {@code request.trials} trials (docs/dev/mst-format.md, Trace), as the folder names MST
 * makes of them ({@link PathSegments#encode}). Read only when a folder of {@code traces/} could not be
 * listed, so that its trials stay in the listing, marked unreadable, instead of dropping out of the
 * counts; a run that lists cleanly never reads it here. Streamed; never throws.
 */
public final class ExpectedTrials {
    /** More trials than this in one entry is not believed (a broken file): the entry counts as one trial. */
    private static final int MAX_TRIALS = 100_000;

    private ExpectedTrials() {}

    /**
     * The trial keys {@code results.json} names, sorted; empty when it is absent (a run still going),
     * unreadable, larger than {@link PromptIndex#MAX_BYTES} or not JSON.
     */
    public static Set<TrialKey> read(Path runDir, ObjectMapper mapper) {
        Set<TrialKey> keys = new TreeSet<>();
        Path file = runDir.resolve(RunLayout.RESULTS_JSON);
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > PromptIndex.MAX_BYTES) {
                return keys;
            }
            try (var in = new java.io.BufferedInputStream(Files.newInputStream(file));
                    JsonParser p = mapper.createParser(in)) {
                ResultsJsonCases.walk(p, new ResultsJsonCases.Visitor() {
                    private int trials = 1;

                    @Override
                    public void requestField(String name, JsonToken t, JsonParser parser) throws IOException {
                        if (name.equals("trials") && t == JsonToken.VALUE_NUMBER_INT) {
                            long n = parser.getLongValue();
                            trials = n >= 1 && n <= MAX_TRIALS ? (int) n : 1;
                        } else {
                            parser.skipChildren();
                        }
                    }

                    @Override
                    public void caseEnd(String id, String variant) {
                        if (id != null) {
                            String vs = PathSegments.encode(variant == null ? "default" : variant);
                            String cs = PathSegments.encode(id);
                            for (int i = 0; i < trials; i++) {
                                keys.add(new TrialKey(vs, cs, i));
                            }
                        }
                        trials = 1;
                    }
                });
            }
        } catch (IOException | RuntimeException e) {
            // what was read so far is kept: the rest of the listing says what it can
        }
        return keys;
    }
}
