package dev.mstpanel.testsupport;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.results.layout.PathSegments;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Builds {@code mst.run/v1} folders the way MST writes them (the panel's docs/dev/mst-format.md, Results), for
 * tests, benchmarks and screenshots: run.json, traces, scores and failure diagnosis files.
 */
public final class RunFixture {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Path runDir;
    private final String runId;
    private int traceBytes = 2_000;

    private RunFixture(Path runDir, String runId) {
        this.runDir = runDir;
        this.runId = runId;
    }

    /** A run folder {@code <root>/<eval>/runs/<runId>} (created). */
    public static RunFixture create(Path resultsRoot, String evalName, String runId) {
        Path dir = resultsRoot.resolve(evalName).resolve("runs").resolve(runId);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new RunFixture(dir, runId);
    }

    public Path runDir() {
        return runDir;
    }

    /** Pads each trace's events so that each trace file is about this many bytes (at least one event). */
    public RunFixture traceBytes(int bytes) {
        this.traceBytes = bytes;
        return this;
    }

    /** Writes run.json: a finished Docker run with 2 shards, keep=failed, redactStoredResponses false. */
    public RunFixture runJson(String evalName, String... variants) {
        ObjectNode n = JSON.createObjectNode();
        n.put("format", "mst.run/v1")
                .put("kind", "run")
                .put("runId", runId)
                .put("evalName", evalName)
                .put("configId", "cfg")
                .put("contentHash", "abc")
                .put("createdAt", "2026-01-05T10:15:00.000Z")
                .put("finishedAt", "2026-01-05T10:42:13.000Z");
        n.putObject("mst").put("version", "2.0.0-beta.7");
        ArrayNode vs = n.putArray("variants");
        for (String v : variants) {
            vs.addObject().put("name", v).put("client", "cowork");
        }
        n.putArray("datasets")
                .addObject()
                .put("name", "smoke")
                .put("caseCount", 12)
                .put("contentHash", "h");
        n.put("partial", false).put("redactStoredResponses", false);
        ObjectNode env = n.putObject("environment");
        env.put("name", "docker").put("shards", 2).put("keep", "failed").put("platform", "linux");
        env.putObject("options")
                .put("contexts", "colima-mst-kvm,remote")
                .put("shards", "2")
                .put("keep", "failed");
        n.putObject("phases").put("collect", "complete").put("grade", "complete");
        return write(runDir.resolve("run.json"), n);
    }

    /** Marks the run partial in run.json, as MST does when trials are missing: {@code partial: true}, {@code phases.collect: partial}. */
    public RunFixture partial() {
        try {
            ObjectNode n = (ObjectNode) JSON.readTree(runDir.resolve("run.json").toFile());
            n.put("partial", true);
            ((ObjectNode) n.path("phases")).put("collect", "partial");
            return write(runDir.resolve("run.json"), n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes a trace.
     *
     * @param extra extra top-level fields (error, infrastructureError, clientDiagnostics…), or null
     */
    public RunFixture trace(String variant, String caseId, int trial, ObjectNode extra) {
        ObjectNode n = JSON.createObjectNode();
        n.put("format", "mst.run/v1")
                .put("kind", "trial")
                .put("runId", runId)
                .put("variant", variant)
                .put("caseId", caseId)
                .put("datasetName", "smoke")
                .put("trial", trial)
                .put("durationMs", 41_250 + trial)
                .put("infrastructureError", false);
        ArrayNode events = n.putObject("trace").putArray("events");
        if (extra != null) {
            n.setAll(extra);
        }
        // pad until the file as written (pretty-printed, like MST's) is about traceBytes: measure
        // one event once and add the rest in one go, instead of re-serialising after each event
        int base = n.toPrettyString().length();
        addEvent(events, 0);
        int perEvent = Math.max(1, n.toPrettyString().length() - base);
        for (int i = 1; base + (i + 1) * perEvent <= traceBytes; i++) {
            addEvent(events, i);
        }
        return write(tracePath(variant, caseId, trial), n);
    }

    private static void addEvent(ArrayNode events, int i) {
        // a tool call as MST records it (docs/dev/mst-format.md, Trace): padding that reads like a real transcript
        ObjectNode e = events.addObject()
                .put("kind", "tool_call")
                .put("source", "mcp")
                .put("server", "calendar")
                .put("name", i % 3 == 0 ? "list_events" : "get_event");
        e.putObject("arguments").put("day", "2026-01-0" + (1 + i % 9)).put("limit", 10 + i % 5);
        e.put(
                        "output",
                        "step " + (1000 + i)
                                + ": the calendar returned 3 meetings and the assistant noted the one at 10:00")
                .put("isError", false)
                .put("durationMs", 120 + i % 50)
                .put(
                        "startedAt",
                        java.time.Instant.ofEpochMilli(1_767_607_800_000L + i * 1_370L)
                                .toString())
                .put(
                        "completedAt",
                        java.time.Instant.ofEpochMilli(1_767_607_800_000L + i * 1_370L + 120 + i % 50)
                                .toString());
    }

    /**
     * Writes a trace with the given events and fields, as MST writes a trial file (docs/dev/mst-format.md, Trace): {@code trace.events} is {@code events}, and {@code trace} gets {@code traceFields}
     * (finalText, usage, error, evidence…).
     *
     * @param extra top-level fields (error, clientDiagnostics, clientUsage, skillLoads…), or null
     */
    public RunFixture transcript(
            String variant, String caseId, int trial, ArrayNode events, ObjectNode traceFields, ObjectNode extra) {
        ObjectNode n = JSON.createObjectNode();
        n.put("format", "mst.run/v1")
                .put("kind", "trial")
                .put("runId", runId)
                .put("variant", variant)
                .put("caseId", caseId)
                .put("datasetName", "smoke")
                .put("trial", trial)
                .put("durationMs", 61_000 + trial)
                .put("infrastructureError", false);
        ObjectNode trace = n.putObject("trace");
        trace.set("events", events);
        if (traceFields != null) {
            trace.setAll(traceFields);
        }
        if (extra != null) {
            n.setAll(extra);
        }
        return write(tracePath(variant, caseId, trial), n);
    }

    /** An empty events array to fill with {@link #event}. */
    public static ArrayNode events() {
        return JSON.createArrayNode();
    }

    /**
     * Adds an event: {@code kind}, {@code source}, {@code server} and {@code name} (each left out
     * when null), started {@code atMs} after 2026-01-05T10:15:00Z and lasting {@code durationMs}.
     *
     * @return the event, to add arguments, output, isError…
     */
    public static ObjectNode event(
            ArrayNode events, String kind, String source, String server, String name, long atMs, long durationMs) {
        ObjectNode e = events.addObject();
        e.put("kind", kind);
        if (source != null) {
            e.put("source", source);
        }
        if (server != null) {
            e.put("server", server);
        }
        if (name != null) {
            e.put("name", name);
        }
        long start = 1_767_608_100_000L + atMs;
        e.put("id", "call_" + events.size());
        e.put("durationMs", durationMs)
                .put("startedAt", java.time.Instant.ofEpochMilli(start).toString())
                .put(
                        "completedAt",
                        java.time.Instant.ofEpochMilli(start + durationMs).toString());
        return e;
    }

    /**
     * Writes the run's results.json with one case per (variant, case id, prompt) triple: {@code cases[].request.input}
     * is the prompt (docs/dev/mst-format.md, Trace).
     */
    public RunFixture resultsJson(String... variantCasePrompt) {
        ObjectNode n = JSON.createObjectNode();
        n.put("format", "mst.run/v1").put("kind", "results").put("runId", runId);
        ArrayNode cases = n.putArray("cases");
        for (int i = 0; i + 2 < variantCasePrompt.length; i += 3) {
            ObjectNode c = cases.addObject()
                    .put("id", variantCasePrompt[i + 1])
                    .put("variant", variantCasePrompt[i])
                    .put("datasetName", "smoke");
            c.putObject("request")
                    .put("input", variantCasePrompt[i + 2])
                    .put("reference", "the expected answer")
                    .put("trials", 1);
        }
        return write(runDir.resolve("results.json"), n);
    }

    /** Sets {@code redactStoredResponses} in run.json. */
    public RunFixture redacted(boolean redacted) {
        try {
            ObjectNode n = (ObjectNode) JSON.readTree(runDir.resolve("run.json").toFile());
            n.put("redactStoredResponses", redacted);
            return write(runDir.resolve("run.json"), n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The trace file's path for a trial. */
    public Path tracePath(String variant, String caseId, int trial) {
        return runDir.resolve("traces")
                .resolve(PathSegments.encode(variant))
                .resolve(PathSegments.encode(caseId))
                .resolve(trial + ".json");
    }

    /** Writes a score. */
    public RunFixture score(String grader, String variant, String caseId, int trial, boolean pass, String reasoning) {
        ObjectNode n = JSON.createObjectNode();
        n.put("format", "mst.run/v1")
                .put("kind", "score")
                .put("runId", runId)
                .put("grader", grader)
                .put("variant", variant)
                .put("caseId", caseId)
                .put("trial", trial);
        n.putObject("score").put("pass", pass).put("reasoning", reasoning);
        return write(
                runDir.resolve("scores")
                        .resolve(PathSegments.encode(grader))
                        .resolve(PathSegments.encode(variant))
                        .resolve(PathSegments.encode(caseId))
                        .resolve(trial + ".json"),
                n);
    }

    /** The artifacts folder of a trial (created). */
    public Path artifacts(String variant, String caseId, int trial) {
        Path dir = runDir.resolve("artifacts")
                .resolve(PathSegments.encode(variant))
                .resolve(PathSegments.encode(caseId))
                .resolve(String.valueOf(trial));
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /**
     * Writes a full failure diagnosis into a folder: screen.png (a drawn desktop), accessibility.txt
     * with {@code axLines} lines (one control disabled in 7), logs/main.log and
     * logs/cowork_vm_node.log (with a byte that is not UTF-8), and system.json with low free memory.
     */
    public static void diagnosis(Path dir, int axLines) {
        try {
            Files.createDirectories(dir.resolve("logs"));
            BufferedImage img = new BufferedImage(1280, 800, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            g.setColor(new Color(0xF6F3EE));
            g.fillRect(0, 0, 1280, 800);
            g.setColor(new Color(0x2B2B2B));
            g.fillRect(0, 0, 1280, 36);
            g.setColor(new Color(0xD97757));
            g.fillRoundRect(380, 300, 520, 170, 16, 16);
            g.setColor(Color.WHITE);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 28));
            g.drawString("Claude", 24, 26);
            g.drawString("Workspace unavailable", 480, 380);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 18));
            g.drawString("Cowork's VM did not start. Retry", 500, 420);
            g.dispose();
            ImageIO.write(img, "png", dir.resolve("screen.png").toFile());
            StringBuilder ax = new StringBuilder();
            for (int i = 0; i < axLines; i++) {
                String role = switch (i % 5) {
                    case 0 -> "button";
                    case 1 -> "text";
                    case 2 -> "link";
                    case 3 -> "textbox";
                    default -> "group";
                };
                String name = i == 3 ? "Send message" : i == 4 ? "Workspace unavailable" : role + " " + i;
                ax.append("  ".repeat(i % 4))
                        .append(role)
                        .append(" \"")
                        .append(name)
                        .append("\" ")
                        .append(i % 7 == 3 ? "disabled" : "enabled")
                        .append('\n');
            }
            Files.writeString(dir.resolve("accessibility.txt"), ax.toString());
            StringBuilder log = new StringBuilder();
            for (int i = 0; i < 400; i++) {
                log.append("2026-01-05 10:4")
                        .append(i % 10)
                        .append(":0")
                        .append(i % 10)
                        .append(" [info] main: tick ")
                        .append(i)
                        .append('\n');
            }
            log.append("2026-01-05 10:41:59 [error] main: Workspace unavailable: VM service did not answer\n");
            Files.writeString(dir.resolve("logs").resolve("main.log"), log.toString());
            byte[] vm = ("[vm] starting Cowork VM\n[vm] bad byte here: ").getBytes(StandardCharsets.UTF_8);
            byte[] tail = "\n[vm] vsock connect failed: connection refused\n".getBytes(StandardCharsets.UTF_8);
            byte[] all = new byte[vm.length + 2 + tail.length];
            System.arraycopy(vm, 0, all, 0, vm.length);
            all[vm.length] = (byte) 0xFF;
            all[vm.length + 1] = (byte) 0xC3;
            System.arraycopy(tail, 0, all, vm.length + 2, tail.length);
            Files.write(dir.resolve("logs").resolve("cowork_vm_node.log"), all);
            Files.writeString(dir.resolve("system.json"), """
                    {"freeMemoryBytes": 314572800, "totalMemoryBytes": 12562000000, "loadAverage": [5.2, 3.1, 2.0], "cpus": 2,
                     "sessionsDiskFreeBytes": 42000000000, "capturedAt": "2026-01-05T10:41:59Z"}
                    """);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A trace's extra fields. */
    public static ObjectNode fields() {
        return JSON.createObjectNode();
    }

    /**
     * Builds a run with every status: passed, failed (with a diagnosis), infra (with a session
     * copy's mst-diagnosis/), missing, ungraded, unreadable (a truncated trace), a score without
     * a trace, odd and long case names, and an empty artifacts folder.
     *
     * @return the fixture; the names it used are the public constants of this class
     */
    public static RunFixture allStatuses(Path resultsRoot) {
        RunFixture f = create(resultsRoot, EVAL, RUN_ID).runJson(EVAL, "default", "with-tools");
        f.trace("default", "calendar-lookup", 0, null)
                .score("judge.accuracy", "default", "calendar-lookup", 0, true, "Found the meeting.");
        f.trace("default", "calendar-lookup", 1, null)
                .score("judge.accuracy", "default", "calendar-lookup", 1, true, "Right answer.");
        f.trace(
                        "default",
                        FAILED_CASE,
                        0,
                        fields().put("error", "Task did not submit: the send button stayed disabled"))
                .score("judge.accuracy", "default", FAILED_CASE, 0, false, "No answer was given.");
        diagnosis(f.artifacts("default", FAILED_CASE, 0), 600);
        ObjectNode infra = fields().put("infrastructureError", true)
                .put("error", "Cowork's workspace was unavailable: the VM did not start");
        infra.putObject("clientDiagnostics").put("failureKind", "startup");
        f.trace("default", "vm-down", 0, infra);
        diagnosis(f.artifacts("default", "vm-down", 0).resolve("session-1").resolve("mst-diagnosis"), 50);
        ObjectNode missing = fields();
        missing.putObject("clientDiagnostics").put("failureKind", "missing");
        f.trace("default", "never-ran", 0, missing);
        f.trace("with-tools", ODD_CASE, 0, null);
        f.trace("with-tools", LONG_CASE, 0, null).score("judge.accuracy", "with-tools", LONG_CASE, 0, true, "ok");
        f.score("judge.accuracy", "with-tools", "lost-trace", 0, false, "graded before the trace was lost");
        try {
            Path cut = f.tracePath("with-tools", "cut-short", 0);
            Files.createDirectories(cut.getParent());
            Files.writeString(
                    cut,
                    "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"caseId\":\"cut-short\",\"trace\":{\"events\":[{\"type\":\"mess");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        f.trace("with-tools", "empty-artifacts", 0, fields().put("error", "timed out"))
                .score("judge.accuracy", "with-tools", "empty-artifacts", 0, false, "too slow");
        f.artifacts("with-tools", "empty-artifacts", 0);
        return f;
    }

    public static final String EVAL = "calendar-smoke";
    public static final String RUN_ID = "20260105T101500Z-a1b2c3";
    public static final String FAILED_CASE = "send-summary";
    /** A case id with characters MST percent-encodes: a leading dot, a star, a slash, spaces and non-ASCII. */
    public static final String ODD_CASE = ".hidden*case/with spaces & ünïcode.";
    /** A case id over 200 bytes once encoded, so MST cuts it and appends ~<16 hex>. */
    public static final String LONG_CASE = "a very long case id that repeats itself ".repeat(6) + "end";

    private RunFixture write(Path file, ObjectNode n) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, n.toPrettyString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
