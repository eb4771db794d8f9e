package dev.mstpanel.core.results;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * The trials a run's {@code results.json} says it has: one key per trial of each {@code cases[]} entry,
 * {@code (variant, id)} with {@code request.trials} trials (contract, section 8), as the folder names MST
 * makes of them ({@link PathSegments#encode}). Read only when a folder of {@code traces/} could not be
 * listed, so that its trials stay in the listing, marked unreadable, instead of dropping out of the
 * counts (tester check13b F11); a run that lists cleanly never reads it here. Streamed; never throws.
 */
final class ExpectedTrials {
    /** More trials than this in one entry is not believed (a broken file): the entry counts as one trial. */
    private static final int MAX_TRIALS = 100_000;

    private ExpectedTrials() {
    }

    /**
     * The trial keys {@code results.json} names, sorted; empty when it is absent (a run still going),
     * unreadable, larger than {@link PromptIndex#MAX_BYTES} or not JSON.
     */
    static Set<TrialKey> read(Path runDir, ObjectMapper mapper) {
        Set<TrialKey> keys = new TreeSet<>();
        Path file = runDir.resolve("results.json");
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > PromptIndex.MAX_BYTES) {
                return keys;
            }
            try (var in = new java.io.BufferedInputStream(Files.newInputStream(file)); JsonParser p = mapper.createParser(in)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return keys;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String f = p.currentName();
                    JsonToken t = p.nextToken();
                    if (!f.equals("cases") || t != JsonToken.START_ARRAY) {
                        p.skipChildren();
                        continue;
                    }
                    JsonToken e;
                    while ((e = p.nextToken()) != JsonToken.END_ARRAY && e != null) {
                        if (e != JsonToken.START_OBJECT) {
                            p.skipChildren();
                            continue;
                        }
                        entry(p, keys);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // what was read so far is kept: the rest of the listing says what it can
        }
        return keys;
    }

    private static void entry(JsonParser p, Set<TrialKey> keys) throws IOException {
        String id = null;
        String variant = null;
        int trials = 1;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String cf = p.currentName();
            JsonToken v = p.nextToken();
            switch (cf) {
                case "id" -> id = ResultsFiles.scalar(p, v);
                case "variant" -> variant = ResultsFiles.scalar(p, v);
                case "request" -> {
                    if (v != JsonToken.START_OBJECT) {
                        p.skipChildren();
                        break;
                    }
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String rf = p.currentName();
                        JsonToken rv = p.nextToken();
                        if (rf.equals("trials") && rv == JsonToken.VALUE_NUMBER_INT) {
                            long n = p.getLongValue();
                            trials = n >= 1 && n <= MAX_TRIALS ? (int) n : 1;
                        } else {
                            p.skipChildren();
                        }
                    }
                }
                default -> p.skipChildren();
            }
        }
        if (id == null) {
            return;
        }
        String vs = PathSegments.encode(variant == null ? "default" : variant);
        String cs = PathSegments.encode(id);
        for (int i = 0; i < trials; i++) {
            keys.add(new TrialKey(vs, cs, i));
        }
    }
}
