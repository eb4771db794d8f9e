package dev.mstpanel.core.mst;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every pattern of MST's output the panel reads, in one place (docs/dev/mst-format.md, Output; the
 * transcripts it was written against are in {@code MstOutputParserTest}). MST's wording can drift
 * between versions: a line no pattern knows becomes {@link MstLine.Unknown}, never an error, and
 * the run model also takes progress from Docker and the results folder.
 *
 * <p>Tolerates a trailing {@code \r} (CRLF), ANSI colour codes, leading blanks and either
 * apostrophe in "Couldn't" / "Cowork's". Stateless and thread-safe.
 */
public final class MstOutputParser {

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[A-Za-z]");
    private static final String NUM = "(\\d+(?:\\.\\d+)?)";

    private static final Pattern CAPACITY = Pattern.compile("^\\[mst] (\\S+) has " + NUM
            + " GiB and (\\d{1,9}) CPUs?: (\\d{1,9}) (\\S+) containers? at a time, " + NUM + " GiB each\\.?$");
    private static final Pattern SHARD = Pattern.compile("^\\[mst] shard (\\d{1,9})/(\\d{1,9}): (.*)$");
    private static final Pattern TRIAL = Pattern.compile("^(\\S+) (.+) #(\\d{1,9}) (collected|infra)$");
    private static final Pattern HELLO = Pattern.compile("^(\\S+) on MST (\\S+)(?: \\((.+)\\))?$");
    private static final Pattern STOPPED = Pattern.compile("^stopped: (.*)$");
    private static final Pattern MISSING = Pattern.compile("^\\[mst] (\\d{1,9}) trials? (?:are|is) missing\\b.*$");
    private static final Pattern OOM_AT_START = Pattern.compile(
            "Couldn['’]t create a machine for shard (\\d{1,9})(?:/\\d+)?: Container (\\S+) ran out of memory");
    private static final Pattern OOM_MID_RUN = Pattern.compile("done, but Container (\\S+) ran out of memory");
    private static final Pattern OOM_WORKER = Pattern.compile("Container (\\S+) ran out of memory");
    private static final Pattern WORKSPACE = Pattern.compile("Cowork['’]s workspace was unavailable: ?(.*)$");
    /** Cowork's own log line for the same failure, as a worker's log passes it on ({@code [error] main: Workspace unavailable: …}). */
    private static final Pattern WORKSPACE_LOG = Pattern.compile("\\bWorkspace unavailable\\b");

    private static final Pattern OUTPUT = Pattern.compile("^Output: (.+)$");
    private static final Pattern RESULTS =
            Pattern.compile("^Results: (\\d{1,9})/(\\d{1,9}) passed(?: \\(" + NUM + "%\\))?.*$");
    private static final Pattern PAIRWISE = Pattern.compile("^Pairwise (.+?): (\\S+) vs (\\S+): " + NUM + "% win · "
            + NUM + "% loss · " + NUM + "% tie \\((\\d{1,9}) cases?\\)\\.?$");
    private static final Pattern PREVIOUS_RUN =
            Pattern.compile("^Previous run (\\S+) \\((.+?)\\): pass rate " + NUM + "% (?:->|→) " + NUM + "%.*$");
    private static final Pattern CASE_CHANGES = Pattern.compile(
            "^(?:(\\S+?):?\\s+)?(\\d{1,9}) regressed(?: \\(([^)]*)\\))?[;,]\\s*(\\d{1,9}) improved(?: \\(([^)]*)\\))?\\.?$");
    /** The variant table's cells: at a box-drawing or ASCII bar, else at two or more blanks. */
    private static final Pattern TABLE_BAR = Pattern.compile("\\s*[│|┃]\\s*");

    private static final Pattern TABLE_GAP = Pattern.compile("\\s{2,}");
    private static final Pattern TABLE_BORDER = Pattern.compile("^[\\s─━═┌┐└┘├┤┬┴┼╭╮╰╯│|+\\-=:]*$");
    private static final Pattern EVAL_COMPLETE = Pattern.compile("^Eval complete: (.+)$");
    private static final Pattern STALE_WORKER =
            Pattern.compile("The worker runs MST (\\S+), but this run uses (\\S+?)[:.]?(?:\\s|$)");
    /** A worker whose image holds another version of a plugin than the run (MST's Cowork-in-Docker document, "Plugins"). */
    private static final Pattern PLUGIN_MISMATCH =
            Pattern.compile("This worker has plugin (.+?); the run uses (.+?)(?:[.:]\\s|[.:]?$)");
    /** MST names a shard's container {@code mst-<run id lowercased>-<shard>}, kept ones end {@code -kept}. */
    private static final Pattern CONTAINER_SHARD = Pattern.compile("-(\\d{1,9})(?:-kept)?$");

    private static final double GIB = 1024.0 * 1024 * 1024;

    /**
     * Parses one line.
     *
     * @param rawLine a line of stdout or stderr, with or without its terminator
     * @return what it says; {@link MstLine.Unknown} when no pattern matches; never null
     */
    public MstLine parse(String rawLine) {
        String line = clean(rawLine);
        Matcher m;
        if (line.startsWith("[mst] ")) {
            if ((m = SHARD.matcher(line)).matches()) {
                int shard = Integer.parseInt(m.group(1));
                int count = Integer.parseInt(m.group(2));
                if (shard < 1 || count < 1) {
                    return new MstLine.Unknown(line, null); // shards count from 1: "shard 0/0" names none
                }
                return shardLine(line, shard, count, m.group(3));
            }
            if ((m = CAPACITY.matcher(line)).matches()) {
                return new MstLine.Capacity(
                        line,
                        m.group(1),
                        gib(m.group(2)),
                        Integer.parseInt(m.group(3)),
                        Integer.parseInt(m.group(4)),
                        m.group(5),
                        gib(m.group(6)));
            }
            if ((m = MISSING.matcher(line)).matches()) {
                return new MstLine.TrialsMissing(line, Integer.parseInt(m.group(1)));
            }
        }
        MstLine.OutOfMemory oom = outOfMemory(line, null);
        if (oom != null) {
            return oom;
        }
        if ((m = WORKSPACE.matcher(line)).find()) {
            return new MstLine.WorkspaceUnavailable(line, m.group(1), null);
        }
        if ((m = OUTPUT.matcher(line)).matches()) {
            return new MstLine.Output(line, runDirOf(m.group(1).strip()));
        }
        if ((m = PAIRWISE.matcher(line)).matches()) {
            return new MstLine.Pairwise(
                    line,
                    m.group(1),
                    m.group(2),
                    m.group(3),
                    Double.parseDouble(m.group(4)),
                    Double.parseDouble(m.group(5)),
                    Double.parseDouble(m.group(6)),
                    Integer.parseInt(m.group(7)));
        }
        if ((m = PREVIOUS_RUN.matcher(line)).matches()) {
            return new MstLine.PreviousRun(
                    line, m.group(1), m.group(2), Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)));
        }
        if ((m = RESULTS.matcher(line)).matches()) {
            return new MstLine.Results(
                    line,
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    m.group(3) == null ? null : Double.valueOf(m.group(3)));
        }
        if ((m = CASE_CHANGES.matcher(line)).matches()) {
            return new MstLine.CaseChanges(
                    line,
                    m.group(1),
                    Integer.parseInt(m.group(2)),
                    ids(m.group(3)),
                    Integer.parseInt(m.group(4)),
                    ids(m.group(5)));
        }
        if ((m = EVAL_COMPLETE.matcher(line)).matches()) {
            return new MstLine.EvalComplete(line, m.group(1).strip());
        }
        return new MstLine.Unknown(line, null);
    }

    /**
     * True for a line that says the run went wrong (a container out of memory, a shard stopped, trials missing, Cowork's
     * workspace unavailable): decided by the line's kind, so the log can stand such lines out without knowing MST's words.
     */
    public boolean saysTrouble(String rawLine) {
        MstLine l = parse(rawLine);
        return l instanceof MstLine.OutOfMemory
                || l instanceof MstLine.ShardStopped
                || l instanceof MstLine.TrialsMissing
                || l instanceof MstLine.WorkspaceUnavailable
                || WORKSPACE_LOG.matcher(l.text()).find();
    }

    private MstLine shardLine(String line, int shard, int count, String rest) {
        Matcher m;
        if (rest.equals("done")) {
            return new MstLine.ShardDone(line, shard, count);
        }
        if ((m = STOPPED.matcher(rest)).matches()) {
            String reason = m.group(1);
            return new MstLine.ShardStopped(line, shard, count, reason, outOfMemory(reason, shard));
        }
        if ((m = TRIAL.matcher(rest)).matches()) {
            return new MstLine.TrialLine(
                    line,
                    shard,
                    count,
                    m.group(1),
                    m.group(2),
                    Integer.parseInt(m.group(3)),
                    m.group(4).equals("collected") ? MstLine.TrialStatus.COLLECTED : MstLine.TrialStatus.INFRA);
        }
        if ((m = HELLO.matcher(rest)).matches()) {
            return new MstLine.ShardHello(line, shard, count, m.group(1), m.group(2), m.group(3));
        }
        MstLine.OutOfMemory oom = outOfMemory(rest, shard);
        if (oom != null) {
            return new MstLine.OutOfMemory(line, oom.kind(), oom.container(), shard);
        }
        if ((m = WORKSPACE.matcher(rest)).find()) {
            return new MstLine.WorkspaceUnavailable(line, m.group(1), shard);
        }
        return new MstLine.Unknown(line, shard);
    }

    private static MstLine.OutOfMemory outOfMemory(String text, Integer shard) {
        Matcher m;
        if ((m = OOM_AT_START.matcher(text)).find()) {
            return new MstLine.OutOfMemory(
                    text,
                    MstLine.OutOfMemory.Kind.DESKTOP_AT_START,
                    m.group(2),
                    shard != null ? shard : Integer.parseInt(m.group(1)) >= 1 ? Integer.valueOf(m.group(1)) : null);
        }
        if ((m = OOM_MID_RUN.matcher(text)).find()) {
            return new MstLine.OutOfMemory(
                    text,
                    MstLine.OutOfMemory.Kind.MID_RUN,
                    m.group(1),
                    shard != null ? shard : shardOfContainer(m.group(1)));
        }
        if ((m = OOM_WORKER.matcher(text)).find()) {
            return new MstLine.OutOfMemory(
                    text,
                    MstLine.OutOfMemory.Kind.WORKER_KILLED,
                    m.group(1),
                    shard != null ? shard : shardOfContainer(m.group(1)));
        }
        return null;
    }

    private static java.util.List<String> ids(String list) {
        if (list == null || list.isBlank()) {
            return java.util.List.of();
        }
        return java.util.Arrays.stream(list.split(","))
                .map(String::strip)
                .filter(x -> !x.isEmpty() && !x.equals("…"))
                .toList();
    }

    /**
     * Whether a line is the head of MST's end-of-run variant table (docs/dev/mst-format.md, Run flags: one row
     * per variant with passed, trial pass, MCP calls, tokens, cost, time): it names both
     * {@code passed} and {@code trial pass}, in any case. The table's exact layout is not
     * documented, so its rows are split by {@link #tableCells} and shown as printed when that fails.
     */
    public static boolean isVariantTableHeader(String rawLine) {
        String l = clean(rawLine).toLowerCase(java.util.Locale.ROOT);
        return l.contains("trial pass") && l.contains("passed") && !l.startsWith("[mst]");
    }

    /**
     * A table line's cells: split at {@code │} / {@code |} when it has them, else at two or more
     * blanks; an empty list for a border line ({@code ───┼───}); trimmed, outer empty cells dropped.
     */
    public static java.util.List<String> tableCells(String rawLine) {
        String l = clean(rawLine).strip();
        if (TABLE_BORDER.matcher(l).matches()) {
            return java.util.List.of();
        }
        String[] parts =
                (l.indexOf('│') >= 0 || l.indexOf('|') >= 0 || l.indexOf('┃') >= 0 ? TABLE_BAR : TABLE_GAP).split(l);
        java.util.List<String> cells = new java.util.ArrayList<>();
        for (String p : parts) {
            cells.add(p.strip());
        }
        while (!cells.isEmpty() && cells.get(0).isEmpty()) {
            cells.remove(0);
        }
        while (!cells.isEmpty() && cells.get(cells.size() - 1).isEmpty()) {
            cells.remove(cells.size() - 1);
        }
        return cells;
    }

    /**
     * The run folder an {@code Output:} line names: the path itself, or, as older MSTs print
     * {@code Output: <run dir>/results.json} (docs/dev/mst-format.md, Run flags), its folder.
     */
    static String runDirOf(String printed) {
        if (printed.endsWith("/results.json") || printed.endsWith("\\results.json")) {
            return printed.substring(0, printed.length() - "/results.json".length());
        }
        return printed;
    }

    /**
     * The MST versions in a shard's stop reason {@code The worker runs MST x, but this run uses y:
     * install the same version in the worker's image.} (docs/dev/mst-format.md, Run flags: the image is stale and
     * should be rebuilt), or null for any other reason.
     *
     * @return {@code [worker version, run version]}, or null
     */
    public static String[] staleWorker(String reason) {
        if (reason == null) {
            return null;
        }
        Matcher m = STALE_WORKER.matcher(reason);
        return m.find() ? new String[] {m.group(1), m.group(2)} : null;
    }

    /**
     * The plugin versions in a shard's stop reason {@code This worker has plugin …; the run uses …}
     * (MST's Cowork-in-Docker document, "Plugins": the image was set up with another version of a
     * plugin, or for another eval, and should be set up again with this eval's config), or null for
     * any other reason.
     *
     * @return {@code [what the worker has, what the run uses]}, or null
     */
    public static String[] pluginMismatch(String reason) {
        if (reason == null) {
            return null;
        }
        Matcher m = PLUGIN_MISMATCH.matcher(reason);
        return m.find() ? new String[] {m.group(1), m.group(2)} : null;
    }

    /**
     * The shard (1-based) a container name ends with: {@code mst-<run id>-<shard>} or
     * {@code …-<shard>-kept}; null when it ends otherwise (or with 0).
     */
    public static Integer shardOfContainer(String containerName) {
        Matcher m = CONTAINER_SHARD.matcher(containerName);
        if (!m.find()) {
            return null;
        }
        int shard = Integer.parseInt(m.group(1));
        return shard >= 1 ? shard : null;
    }

    static String clean(String raw) {
        String s = raw;
        if (s.indexOf('\u001B') >= 0) {
            s = ANSI.matcher(s).replaceAll("");
        }
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '\r' || s.charAt(end - 1) == '\n')) {
            end--;
        }
        s = s.substring(0, end);
        int start = 0;
        while (start < s.length() && (s.charAt(start) == ' ' || s.charAt(start) == '\t')) {
            start++;
        }
        return s.substring(start);
    }

    private static long gib(String figure) {
        return Math.round(Double.parseDouble(figure) * GIB);
    }
}
