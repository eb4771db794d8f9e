package dev.mstpanel.core.runs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.mstpanel.core.mst.OutputListener;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * Plays a {@link RunRecording} into a fresh {@link RunModel} ("Replay"): the recorded
 * inputs (MST's lines, Docker's container states and stats, the results folder's trials, the
 * supervisor's notices) go into the same model a live run uses, on a clock that reads the
 * recorded times, so the model makes the live run's events, shard rows and memory history again.
 * A recorded event that the model already made from an earlier input is only checked off; one it
 * did not make (a container state, a trace found, a notice, start and end) is fed in.
 *
 * <p>The entries are streamed from the file ({@link RunRecording#entries()}), one ahead of the
 * position: the replay holds what the model holds, not the recording.
 *
 * <p>Not thread-safe: one thread steps it ({@link #advanceTo}); the model may be read from any.
 * Seeking back means a new replayer ({@link #restart()}); {@link #close()} lets go of the file.
 */
public final class RunReplayer implements AutoCloseable {
    /** The most recorded events waiting for an input that makes them (a recording of another panel may hold many). */
    private static final int MAX_AWAITED = 1000;

    private final RunRecording recording;
    private final RunRecording.Entries entries;
    private JsonNode peeked;
    private long played;
    private final MutableClock clock;
    private final RunModel model;
    private final ArrayDeque<RunEvent> made = new ArrayDeque<>();
    private long position;
    private int unmatched;
    private String firstUnmatched;
    /**
     * Recorded events the model makes of an input that comes after them in the recording: a
     * container that exited out of memory gives {@code oom} before its {@code container} event
     * (RunModel emits them in that order, the recorder writes them so), so the {@code oom} entry is
     * met before the {@code container} entry that makes it again. Checked off as the model makes
     * them; what is left at the end is unmatched.
     */
    private final ArrayDeque<java.util.Map.Entry<String, JsonNode>> awaited = new ArrayDeque<>();

    private static final String KEPT = "-kept";
    private final java.util.Map<String, String> containerIds = new java.util.HashMap<>();

    /**
     * @param recording what to play
     * @param beforeFirst called with the new model before anything is fed in (add listeners here)
     */
    public RunReplayer(RunRecording recording, Consumer<RunModel> beforeFirst) {
        this.recording = recording;
        this.clock = new MutableClock(recording.startedAt());
        this.model = new RunModel(clock);
        RunRecording.Entries opened;
        try {
            opened = recording.entries();
        } catch (java.io.IOException e) {
            opened = null; // the file went away since it was read: nothing plays, ending() says why
        }
        this.entries = opened;
        model.addEventListener(e -> {
            if (!e.type().equals("line")) {
                made.addLast(e);
                while (made.size() > 500) {
                    made.pollFirst();
                }
            }
        });
        if (beforeFirst != null) {
            beforeFirst.accept(model);
        }
    }

    /** A new replayer of the same recording, at its start. */
    public RunReplayer restart(Consumer<RunModel> beforeFirst) {
        return new RunReplayer(recording, beforeFirst);
    }

    /** The recording. */
    public RunRecording recording() {
        return recording;
    }

    /** The model being played into. */
    public RunModel model() {
        return model;
    }

    /** Where the replay is, milliseconds from the recording's start. */
    public long position() {
        return position;
    }

    /** The recording's length, milliseconds. */
    public long duration() {
        return recording.durationMs();
    }

    /** True once every entry was played. */
    public boolean done() {
        return peek() == null;
    }

    /** The time of the next entry, milliseconds, or -1 when done. */
    public long nextTime() {
        JsonNode n = peek();
        return n == null ? -1 : n.path("t").asLong();
    }

    private JsonNode peek() {
        if (peeked == null && entries != null && entries.hasNext()) {
            peeked = entries.next();
        }
        return peeked;
    }

    /** The entries played so far. */
    public long played() {
        return played;
    }

    /** How the entries played ended (meaningful once {@link #done()}). */
    public RunRecording.Ending ending() {
        return entries == null ? RunRecording.Ending.UNREADABLE : entries.ending();
    }

    /** What a person is told when the entries did not play whole (once {@link #done()}), or null. */
    public String endingNote() {
        return RunRecording.endingNote(ending(), played, entries == null ? 0 : entries.dropped());
    }

    /** Lets go of the recording's file. */
    @Override
    public void close() {
        if (entries != null) {
            entries.close();
        }
    }

    /**
     * Recorded events the model neither made nor could be fed (0 when the replay matches the live
     * run); once the replay is done, also those still awaited.
     */
    public int unmatched() {
        return unmatched + (done() ? awaited.size() : 0);
    }

    /**
     * Feeds every entry up to a time.
     *
     * @param timeMs milliseconds from the recording's start
     */
    public void advanceTo(long timeMs) {
        while (!done() && nextTime() <= timeMs) {
            JsonNode e = peeked;
            peeked = null;
            played++;
            clock.set(recording.startedAt().plusMillis(e.path("t").asLong()));
            feed(e);
            awaited.removeIf(a -> checkOff(a.getKey(), a.getValue()));
        }
        position = Math.max(position, Math.min(timeMs, recording.durationMs()));
    }

    private void feed(JsonNode e) {
        switch (e.path("k").asText()) {
            case "line" ->
                model.acceptLine(
                        "err".equals(e.path("s").asText())
                                ? OutputListener.Stream.STDERR
                                : OutputListener.Stream.STDOUT,
                        e.path("x").asText());
            case "event" -> event(e);
            case "stats" ->
                model.statsSample(
                        e.path("c").asText(),
                        e.path("m").asLong(),
                        e.path("l").asLong(-1),
                        e.path("p").asDouble(-1));
            case "shards" -> model.setShardCount(e.path("n").asInt());
            case "expected" -> model.setExpectedTrials(e.path("n").asInt(-1));
            case "runDir" -> model.runDirFound(e.path("d").asText());
            case "log" -> model.logFileMoved(e.path("f").asText());
            case "cancelling" -> model.cancelling();
            default -> {} // a newer panel's entry: left out
        }
    }

    private void event(JsonNode e) {
        String type = e.path("type").asText();
        JsonNode f = e.path("f");
        if (checkOff(type, f)) {
            return;
        }
        switch (type) {
            case "started" -> model.started(text(f, "command"), f.path("pid").asLong(-1), text(f, "logFile"));
            case "notice" -> model.notice(text(f, "message"));
            case "container" ->
                model.containerSeen(new ContainerObservation(
                        text(f, "context"),
                        containerId(f),
                        text(f, "name"),
                        text(f, "state"),
                        f.path("oomKilled").asBoolean(),
                        f.hasNonNull("exitCode") ? f.path("exitCode").asInt() : null,
                        f.path("memoryLimitBytes").asLong(-1)));
            case "trial" ->
                model.traceFound(
                        text(f, "variant"),
                        text(f, "caseId"),
                        f.path("trial").asInt(1) - 1,
                        "infra".equals(text(f, "status")));
            case "finished" -> model.finished(f.path("exitCode").asInt());
            default -> {
                if (awaited.size() < MAX_AWAITED) {
                    awaited.add(java.util.Map.entry(type, f)); // made by a later entry, or unmatched at the end
                } else {
                    unmatched(type, f);
                }
                return;
            }
        }
        if (!checkOff(type, f)) {
            unmatched(type, f);
        }
    }

    /**
     * The id the live model knew a recorded container by (events name containers, not ids): its
     * name, and for {@code <name>-kept} the id of {@code <name>}, since MST renames the container it
     * keeps (docs/dev/mst-format.md, Containers) and the live model saw one container change its name, not a second
     * one (else the renamed container would count as left behind in {@code finished}).
     */
    private String containerId(JsonNode f) {
        String context = text(f, "context");
        String name = text(f, "name");
        String id = name;
        if (name != null && name.endsWith(KEPT)) {
            id = containerIds.getOrDefault(context + "/" + name.substring(0, name.length() - KEPT.length()), name);
        }
        String known = containerIds.putIfAbsent(context + "/" + name, id);
        return known != null ? known : id;
    }

    private void unmatched(String type, JsonNode fields) {
        unmatched++;
        if (firstUnmatched == null) {
            firstUnmatched = type + " " + fields;
        }
    }

    /** The first recorded event the model did not make again, as {@code <type> <fields as JSON>}, or null. */
    public String firstUnmatched() {
        if (firstUnmatched == null && done() && !awaited.isEmpty()) {
            return awaited.peekFirst().getKey() + " " + awaited.peekFirst().getValue();
        }
        return firstUnmatched;
    }

    /** Removes the first made event equal to a recorded one (type and fields); true when there was one. */
    private boolean checkOff(String type, JsonNode fields) {
        String want = fields.toString();
        for (Iterator<RunEvent> it = made.iterator(); it.hasNext(); ) {
            RunEvent m = it.next();
            if (m.type().equals(type) && json(m).equals(want)) {
                it.remove();
                return true;
            }
        }
        return false;
    }

    private static String json(RunEvent e) {
        try {
            return RunRecorder.JSON.writeValueAsString(e.fields());
        } catch (JsonProcessingException ex) {
            return "";
        }
    }

    private static String text(JsonNode f, String name) {
        return f.hasNonNull(name) ? f.get(name).asText() : null;
    }

    /** The replay's clock: the recorded time of the entry being fed. */
    static final class MutableClock extends Clock {
        private volatile Instant now;

        MutableClock(Instant start) {
            this.now = start;
        }

        void set(Instant t) {
            now = t;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
