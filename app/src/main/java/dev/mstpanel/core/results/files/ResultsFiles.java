package dev.mstpanel.core.results.files;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Small file and JSON helpers shared by the readers of a run folder (docs/dev/mst-format.md, Results): sorted
 * folder listings, the UTF-8 byte-order mark, modification times, and the lenient ways a scalar or
 * an error is taken out of a JSON value. Stateless.
 */
public final class ResultsFiles {
    private ResultsFiles() {}

    /**
     * 3 when the bytes start with a UTF-8 byte-order mark (EF BB BF, which Windows editors write
     * and JSON forbids, RFC 8259 section 8.1), else 0: files are parsed from after it.
     */
    public static int bomLength(byte[] bytes, int length) {
        return length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
    }

    /** The file's modification time in ms since the epoch, or 0 when it cannot be read. */
    public static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Why a file or folder could not be read, in words: {@code permission denied} for an
     * {@link java.nio.file.AccessDeniedException} (whose own message is only the path), the system's
     * reason for another {@link java.nio.file.FileSystemException} ({@code Is a directory}, {@code No
     * space left on device}), else the exception's message.
     */
    public static String why(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "it does not exist";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** {@code f} relative to the run folder, with {@code /} separators. */
    public static String rel(Path runDir, Path f) {
        return runDir.relativize(f).toString().replace('\\', '/');
    }

    /**
     * The entries of a folder, sorted by name.
     *
     * @throws ResultsException when the folder cannot be listed
     */
    public static List<Path> list(Path dir) throws ResultsException {
        // sort the names once taken out, not Path.getFileName() in every comparison; the listed paths
        // are kept (not resolved again from their names), so a name that is not valid UTF-8 still
        // leads to its file
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            List<Map.Entry<String, Path>> named = new ArrayList<>();
            for (Path p : s) {
                named.add(Map.entry(p.getFileName().toString(), p));
            }
            named.sort(Map.Entry.comparingByKey());
            List<Path> out = new ArrayList<>(named.size());
            for (Map.Entry<String, Path> n : named) {
                out.add(n.getValue());
            }
            return out;
        } catch (IOException e) {
            // the reason in words, not the exception's text (for a folder of mode 000 that was the path again)
            // permission denied: the first folder on the way that stops this user, and how to give access as fits its
            // owner
            Path shown = e instanceof java.nio.file.AccessDeniedException ? AccessHint.firstBlocked(dir) : dir;
            throw new ResultsException(
                    "The folder " + shown + " could not be listed: " + why(e)
                            + (e instanceof java.nio.file.AccessDeniedException
                                    ? ". " + AccessHint.giveAccess(shown) + "."
                                    : "."),
                    e);
        }
    }

    /** Like {@link #list(Path)}, but empty when the folder is absent or cannot be listed. */
    public static List<Path> listQuietly(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try {
            return list(dir);
        } catch (ResultsException e) {
            return List.of();
        }
    }

    /**
     * Refuses to open what is not a regular file: opening a FIFO (named pipe) waits for a writer
     * forever, and a device never ends, so one such file where a trace, a score or an artifact
     * should be would hang the listing (and the window's reader threads). Called before every open
     * of a file in a run folder.
     *
     * @throws IOException when the path is a FIFO, a device, a socket or a folder (with the reason),
     *         or cannot be looked at ({@link java.nio.file.NoSuchFileException} when absent)
     */
    public static void requireRegularFile(java.nio.file.Path file) throws IOException {
        regularFile(file);
    }

    /**
     * {@link #requireRegularFile(Path)} that gives the file's attributes from the same look (its size
     * in bytes, so the file once opened is not looked at again for it).
     *
     * @throws IOException as {@link #requireRegularFile(Path)}
     */
    public static java.nio.file.attribute.BasicFileAttributes regularFile(java.nio.file.Path file) throws IOException {
        java.nio.file.attribute.BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
        } catch (java.nio.file.NoSuchFileException e) {
            SpecialFile kind = Files.isSymbolicLink(file) ? SpecialFile.DANGLING_LINK : null;
            if (kind == null) {
                throw e;
            }
            throw new NotAFileException("it is " + kind.said());
        } catch (java.nio.file.FileSystemException e) {
            if (Files.isSymbolicLink(file)) { // the system's words for a loop of links differ: said by its kind
                throw new NotAFileException("it is " + SpecialFile.LINK_LOOP.said());
            }
            throw e;
        }
        if (!a.isRegularFile()) {
            SpecialFile kind = SpecialFile.of(file);
            throw new NotAFileException(
                    a.isDirectory()
                            ? "it is a folder, not a file"
                            : "it is " + (kind == null ? SpecialFile.OTHER : kind).said()
                                    + ": the panel does not open those");
        }
        return a;
    }

    /** A file larger than a reader's limit, refused before it is read whole: {@link #size} and {@link #limit} in bytes. */
    public static final class TooLargeException extends IOException {
        /** The file's size in bytes (at least {@code limit + 1} when it grew while read). */
        public final long size;
        /** The limit in bytes. */
        public final long limit;

        TooLargeException(Path file, long size, long limit) {
            super(file + " is " + dev.mstpanel.core.text.ByteSize.human(size) + ", more than the "
                    + dev.mstpanel.core.text.ByteSize.human(limit) + " read of it");
            this.size = size;
            this.limit = limit;
        }
    }

    /**
     * Reads a whole regular file of at most {@code limit} bytes: its size is looked at before it is
     * opened ({@link #regularFile(Path)}), and at most {@code limit + 1} bytes are read, so a file that
     * grew past the limit since is refused too and never held whole in memory.
     *
     * @param limit the largest size read, in bytes (below 2 GiB)
     * @return the file's bytes
     * @throws TooLargeException when the file is, or grows while read to, more than {@code limit} bytes
     * @throws IOException as {@link #requireRegularFile(Path)}, or when it cannot be read
     */
    public static byte[] readAtMost(Path file, long limit) throws IOException {
        long size = regularFile(file).size();
        if (size > limit) {
            throw new TooLargeException(file, size, limit);
        }
        try (java.io.InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) limit + 1);
            if (bytes.length > limit) {
                throw new TooLargeException(file, Math.max(bytes.length, size), limit);
            }
            return bytes;
        }
    }

    /**
     * Where a file stops being JSON, in words ({@code " at line 3, column 14"}; empty when the parser
     * did not say): the parser's own text ("Unrecognized token …") means nothing to a user.
     */
    public static String whereNotJson(com.fasterxml.jackson.core.JsonProcessingException e) {
        var at = e.getLocation();
        return at == null || at.getLineNr() < 1 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    /**
     * What is wrong with a file that did not parse, as a sentence without the parser's own text: {@code The trace is nested
     * deeper than 1000 levels, more than the panel reads} (Jackson's nesting limit), {@code The trace holds a number too
     * large to read at line 1, column 40} (a number beyond a long, or longer than Jackson's number limit), else
     * {@code The trace is not valid JSON at line 3, column 14}. No full stop.
     *
     * @param what the file as the sentence names it, {@code The trace}, {@code The score file scores/…}
     */
    public static String notJson(String what, com.fasterxml.jackson.core.JsonProcessingException e) {
        return switch (readerLimit(e)) {
            case NESTING ->
                what + " is nested deeper than "
                        + com.fasterxml.jackson.core.StreamReadConstraints.defaults()
                                .getMaxNestingDepth() + " levels, more than the panel reads";
            case NUMBER -> what + " holds a number too large to read" + whereNotJson(e);
            case NONE -> what + " is not valid JSON" + whereNotJson(e);
        };
    }

    /** Which limit of the panel's JSON reader a file went past, if any: the JSON itself may then be valid. */
    enum ReaderLimit {
        NONE,
        NESTING,
        NUMBER
    }

    /** True when the file did not parse because of a limit of the panel's reader ({@link #notJson} says which). */
    public static boolean pastReaderLimit(com.fasterxml.jackson.core.JsonProcessingException e) {
        return readerLimit(e) != ReaderLimit.NONE;
    }

    private static ReaderLimit readerLimit(com.fasterxml.jackson.core.JsonProcessingException e) {
        if (e instanceof com.fasterxml.jackson.core.exc.InputCoercionException) {
            return ReaderLimit.NUMBER;
        }
        if (!(e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException)) {
            return ReaderLimit.NONE;
        }
        // Jackson's limit exception names its limit only in words (no field, no subclass per limit): this is the one
        // place
        // that reads them, where the library hands over; everything past it decides by ReaderLimit and Problem.Kind
        String m = String.valueOf(e.getOriginalMessage());
        return m.contains("nesting depth")
                ? ReaderLimit.NESTING
                : m.contains("Number value length") ? ReaderLimit.NUMBER : ReaderLimit.NONE;
    }

    /**
     * True when a file that did not parse ends mid-JSON: Jackson says so with a {@link
     * com.fasterxml.jackson.core.io.JsonEOFException}, or, inside an object or array after a comma, with a plain parse
     * error whose location is the end of the bytes.
     *
     * @param length how many bytes the parser was given
     */
    public static boolean endsMidJson(com.fasterxml.jackson.core.JsonProcessingException e, long length) {
        if (e instanceof com.fasterxml.jackson.core.io.JsonEOFException) {
            return true;
        }
        var at = e.getLocation();
        return at != null && length > 0 && Math.max(at.getByteOffset(), at.getCharOffset()) >= length;
    }

    /** A path that is there but is not a regular file (a folder, a FIFO, a link that leads nowhere): its message says what it is. */
    public static final class NotAFileException extends IOException {
        public NotAFileException(String what) {
            super(what);
        }
    }

    /** The current scalar value as a string; null for JSON null or a container (which is skipped). */
    public static String scalar(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t.isScalarValue()) {
            return p.getValueAsString();
        }
        p.skipChildren();
        return null;
    }

    /** The current value as text: a scalar as is, an object by its {@code message}, else its JSON. */
    public static String anyText(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t.isScalarValue()) {
            return p.getValueAsString();
        }
        JsonNode n = p.readValueAsTree();
        return n == null ? null : anyText(n);
    }

    /** A node as text: a string as is, an object by its {@code message}, else its JSON; null for none. */
    public static String anyText(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return null;
        }
        if (n.isTextual()) {
            return n.asText();
        }
        if (n.isObject() && n.path("message").isTextual()) {
            return n.path("message").asText();
        }
        return n.toString();
    }

    /** A scalar node as text; null for null, missing or a container. */
    public static String text(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode() || n.isContainerNode() ? null : n.asText();
    }

    public static String orElse(String a, String b) {
        return a == null || a.isBlank() ? b : a;
    }
}
