package dev.mstpanel.ui.runs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mstpanel.core.runs.DemoData;
import dev.mstpanel.core.runs.RunRecording;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the built-in demo's recording holds, read from it: each shard's memory samples (its
 * container's, kept or not) at their time into the recording, and its length. The replay tests
 * compare what the panel shows with these, so they hold for the demo as scripts/make-demo.sh
 * remakes it (its timings and figures are a real run's, different at each remake).
 */
record DemoRecordingFacts(Map<Integer, List<Sample>> samples, long lengthMs) {
    /** A recorded memory sample: seconds into the recording and bytes. */
    record Sample(double seconds, long bytes) {}

    /** A shard's container: {@code mst-<run>-<shard>}, {@code -kept} once kept. */
    private static final Pattern SHARD = Pattern.compile("-(\\d+)(?:-kept)?$");

    static DemoRecordingFacts read() throws Exception {
        RunRecording rec = DemoData.recording(null);
        Map<Integer, List<Sample>> samples = new TreeMap<>();
        try (RunRecording.Entries entries = rec.entries()) {
            while (entries.hasNext()) {
                JsonNode e = entries.next();
                Matcher m = SHARD.matcher(e.path("c").asText());
                if (e.path("k").asText().equals("stats")
                        && m.find()
                        && e.path("m").asLong() > 0) {
                    samples.computeIfAbsent(Integer.parseInt(m.group(1)), k -> new ArrayList<>())
                            .add(new Sample(
                                    e.path("t").asLong() / 1000.0, e.path("m").asLong()));
                }
            }
        }
        return new DemoRecordingFacts(samples, rec.durationMs());
    }

    Sample first(int shard) {
        return samples.get(shard).get(0);
    }

    /** The shard's last sample at or before this second into the recording. */
    Sample lastBy(int shard, double seconds) {
        return samples.get(shard).stream()
                .filter(s -> s.seconds() <= seconds)
                .reduce((a, b) -> b)
                .orElseThrow();
    }

    long peak(int shard) {
        return samples.get(shard).stream().mapToLong(Sample::bytes).max().orElse(0);
    }

    /** The position label's time ("0:26"): whole seconds. */
    static String clock(long ms) {
        long s = ms / 1000;
        return s / 60 + ":" + String.format("%02d", s % 60);
    }
}
