package dev.mstpanel.core.runs;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One thing that happened in a run, for the Run view's event list and the headless
 * {@code run --events jsonl} ("Headless twin"). Secrets are masked before an event is made.
 *
 * <p>Types and their fields: {@code started} (command, pid, logFile); {@code capacity} (context,
 * memoryBytes, cpus, coworkContainers); {@code shard} (index, count, phase, collected, infra,
 * context?, container?); {@code trial} (shard, variant, caseId, trial, status: collected|infra);
 * {@code container} (context, name, state, memoryBytes?, memoryLimitBytes?, oomKilled, exitCode?);
 * {@code oom} (shard?, container?, message); {@code missing} (count); {@code output} (runDir);
 * {@code results} (passed, total, percent?); {@code notice} (message); {@code line} (stream:
 * stdout|stderr, text: a line of MST's output that is not an {@code [mst]} progress line, as MST
 * printed it, secrets masked); {@code finished} (exitCode, collected, infra, missing, keptContainers,
 * stderrTail: MST's last non-progress stderr lines when it exited non-zero, else empty;
 * leftContainers: the run's containers still there, kept ones left out, each {context, name, state}).
 *
 * @param time when it happened
 * @param type one of the types above
 * @param fields its fields in a stable order; values are strings, numbers, booleans, lists or null
 * @param message one line for people
 */
public record RunEvent(Instant time, String type, Map<String, Object> fields, String message) {

    public RunEvent {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** Builds an event; {@code keyValues} alternate names and values. */
    public static RunEvent of(Instant time, String type, String message, Object... keyValues) {
        Map<String, Object> f = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            f.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new RunEvent(time, type, f, message);
    }
}
