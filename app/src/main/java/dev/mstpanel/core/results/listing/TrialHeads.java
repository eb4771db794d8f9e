package dev.mstpanel.core.results.listing;

import static dev.mstpanel.core.results.files.ResultsFiles.bomLength;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.ReadBuffer;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.layout.CaseFolders;
import dev.mstpanel.core.results.layout.PathSegments;
import dev.mstpanel.core.results.model.Problem;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.model.TrialUsage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Reads a trial's status without reading its whole trace (the Compare screen's figures of
 * two runs never listed): the trace's top-level fields (docs/dev/mst-format.md, Results) sit before and after
 * its {@code trace} object, which holds the events and nearly all of the bytes. So only the file's
 * first and last bytes are read ({@value #WINDOW} bytes each, then up to {@value #WIDE_WINDOW}): the
 * head is parsed up to the {@code trace} field; the tail is walked backwards from the closing brace
 * to the members after the {@code trace} value (a {@code "} is a string's end unless an odd number of
 * backslashes precede it, so JSON can be split from its end), and those members are parsed. The
 * status then follows from the scores as the listing decides it ({@link TrialStatus#of}).
 *
 * <p>What this cannot see, and so leaves to {@link TrialListingReader} (the same trial read whole):
 * a file of at most twice the window, a head or tail field longer than the wide window, a file that
 * does not end in {@code }} (cut short or still being written), a trace without a {@code trace}
 * object, any file that cannot be opened. What it does not check: the events themselves (a trace
 * broken in its middle lists as unreadable only when read whole), and it takes the container that
 * ends just before the tail's members for the {@code trace} (a second large object after it would
 * hide the fields before that object). The records it gives have no tool calls, failed tool or
 * usage ({@link TrialUsage#NONE}); they are never cached. Thread-safe (a buffer per thread).
 */
public final class TrialHeads {
    /** Bytes read at each end of a trace first. */
    static final int WINDOW = 2048;
    /** Bytes read at an end whose fields did not fit in {@link #WINDOW}. */
    static final int WIDE_WINDOW = 64 * 1024;

    private final ObjectMapper mapper;
    private final TrialListingReader whole;
    private final ThreadLocal<byte[]> buffers = ThreadLocal.withInitial(() -> new byte[WIDE_WINDOW + 1]);

    public TrialHeads(ObjectMapper mapper, TrialListingReader whole) {
        this.mapper = mapper;
        this.whole = whole;
    }

    /**
     * Reads one trial's status from its trace's ends and its scores.
     *
     * @param graders the run's grader folders ({@link ScoreReader#graderDirs(Path)})
     * @return the trial, as {@link TrialListingReader} lists it but without the event counts and usage;
     *         the whole-file listing's record when the ends do not tell
     */
    public TrialRecord read(RunInfo run, TrialKey key, List<Path> graders) {
        Path runDir = run.dir();
        Path trace = key.traceIn(runDir);
        TrialFields f = null;
        try {
            // a FIFO would block the open; the size is this look's (one that changes after it makes the ends
            // unreadable as JSON, and the file is then read whole)
            long size = ResultsFiles.regularFile(trace).size();
            try (FileChannel ch = FileChannel.open(trace, StandardOpenOption.READ)) {
                if (size > 2L * WINDOW && size <= ReadBuffer.MAX_FILE_BYTES) {
                    f = ends(ch, size, WINDOW);
                    if (f == null && size > 2L * WIDE_WINDOW) {
                        f = ends(ch, size, WIDE_WINDOW);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            f = null; // the whole-file read says what is wrong with it
        }
        if (f == null) {
            return whole.readTrial(run, key, graders);
        }
        List<ScoreRecord> scores = whole.scores(runDir, key, graders);
        PathSegments.Decoded vd = PathSegments.decode(key.variantSegment());
        PathSegments.Decoded cd = PathSegments.decode(key.caseSegment());
        Problem problem = null;
        if (f.kind != null && !f.kind.equals("trial")) {
            problem = Problem.wrongKind(f.kind);
        }
        String scoreProblem = TrialStatus.scoreProblem(scores);
        if (scoreProblem != null) {
            problem = Problem.other(scoreProblem);
        }
        Path artifactsDir = key.artifactsIn(runDir);
        if (f.artifacts != null && !f.artifacts.isBlank()) {
            Path p = runDir.resolve(f.artifacts).normalize();
            if (p.startsWith(runDir.normalize())) {
                artifactsDir = p;
            }
        }
        CaseFolders.Listed listed = CaseFolders.of(key, f.caseId, cd); // as the listing names it
        if (scoreProblem == null && listed.note() != null) {
            problem = problem == null ? Problem.other(listed.note()) : problem.withNote(listed.note());
        }
        return new TrialRecord(
                key,
                run.evalName(),
                run.runId(),
                runDir,
                f.variant != null ? f.variant : vd.display(),
                listed.caseId(),
                listed.cut(),
                f.dataset,
                f.duration,
                TrialStatus.of(scores, f.infra(), f.failureKind),
                f.error,
                f.gradingError,
                f.failureKind,
                scores,
                trace,
                artifactsDir,
                null,
                0,
                0,
                null,
                TrialUsage.NONE,
                problem);
    }

    /** The top-level fields from the first and last {@code window} bytes, or null when they do not tell. */
    private TrialFields ends(FileChannel ch, long size, int window) throws IOException {
        byte[] buf = buffers.get();
        int head = readAt(ch, buf, 0, window);
        int bom = bomLength(buf, head);
        TrialFields f = new TrialFields();
        JsonToken traceStart = null;
        try (JsonParser p = mapper.createParser(buf, bom, head - bom)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                if (field.equals("trace") && (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY)) {
                    traceStart = t;
                    break;
                }
                f.read(field, p, t);
            }
        } catch (IOException e) {
            return null; // the head's fields run past the window, or are broken
        }
        if (traceStart == null) {
            return null;
        }
        int tail = readAt(ch, buf, size - window, window);
        if (tail < window) {
            return null; // the file is shorter than when it was looked at: read whole
        }
        int members = membersAfterTrace(buf, tail, (byte) (traceStart == JsonToken.START_OBJECT ? '}' : ']'));
        if (members < 0) {
            return null;
        }
        if (members < tail) {
            buf[members] = '{'; // the comma before the first member becomes the opening of an object of them
            try (JsonParser p = mapper.createParser(buf, members, tail - members)) {
                p.nextToken();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    f.read(field, p, p.nextToken());
                }
            } catch (IOException e) {
                return null;
            }
        }
        return f;
    }

    private static int readAt(FileChannel ch, byte[] buf, long position, int length) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(buf, 0, length);
        while (b.hasRemaining()) {
            int r = ch.read(b, position + b.position());
            if (r < 0) {
                break;
            }
        }
        return b.position();
    }

    /**
     * Walks the tail of a top-level JSON object backwards to the members after its {@code trace} value.
     *
     * @param b the last {@code n} bytes of the file
     * @param close the byte that closes the trace value ({@code }} or {@code ]})
     * @return the index of the comma before the first member after the trace (then {@code b[i..n)} is
     *         {@code , members }}), {@code n} when the trace is the last member, or -1 when the tail does
     *         not end the object, or its members do not all fit in it, or the member they follow is not a container
     */
    static int membersAfterTrace(byte[] b, int n, byte close) {
        int i = n - 1;
        while (i >= 0 && isSpace(b[i])) {
            i--;
        }
        if (i < 0 || b[i] != '}') {
            return -1;
        }
        int end = i; // the object's closing brace
        int comma = -1; // the first comma of the object's own level seen so far (walking backwards)
        int depth = 0;
        for (i = end - 1; i >= 0; i--) {
            byte c = b[i];
            if (c == '"') {
                i--;
                while (i >= 0 && !(b[i] == '"' && evenBackslashesBefore(b, i))) {
                    i--;
                }
                if (i < 0) {
                    break; // the window starts inside this string
                }
            } else if (c == '}' || c == ']') {
                depth++;
            } else if (c == '{' || c == '[') {
                if (--depth < 0) {
                    return -1; // the object's own opening brace: a small file, read whole
                }
            } else if (c == ',' && depth == 0) {
                comma = i;
            }
        }
        if (depth == 0) {
            return -1; // the window starts between members or in a key: the trace's end is not the member before
        }
        int last = (comma < 0 ? end : comma) - 1;
        while (last >= 0 && isSpace(b[last])) {
            last--;
        }
        if (last < 0 || b[last] != close) {
            return -1;
        }
        return comma < 0 ? n : comma;
    }

    /** True when the quote at {@code i} is not escaped; false also when the backslashes reach the window's start (unknown). */
    private static boolean evenBackslashesBefore(byte[] b, int i) {
        int j = i - 1;
        while (j >= 0 && b[j] == '\\') {
            j--;
        }
        if (j < 0) {
            return false;
        }
        return ((i - 1 - j) & 1) == 0;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }
}
