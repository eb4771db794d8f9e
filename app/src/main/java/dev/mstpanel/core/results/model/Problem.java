package dev.mstpanel.core.results.model;

import dev.mstpanel.core.results.files.ReadBuffer;
import dev.mstpanel.core.results.files.ResultsFiles;
import java.util.Objects;

/**
 * Why a trial's trace could not be taken as a trial: a {@link Kind} that code decides by, the varying part of it
 * ({@link #detail}: a byte count, a kind's value, the system's reason), and the sentence people read. Code never reads
 * the sentence back: rewording it changes nothing but what is shown.
 *
 * @param kind what is wrong, for code
 * @param detail the part that varies (see each kind), or "" when none
 * @param sentence the whole sentence, for people
 */
public record Problem(Kind kind, String detail, String sentence) {

    /** What is wrong with a trace. */
    public enum Kind {
        /** The file holds 0 bytes. */
        EMPTY,
        /** The file holds only whitespace. */
        ONLY_WHITESPACE,
        /** The bytes end mid-JSON; detail: the byte count. */
        CUT_SHORT,
        /** The bytes are not JSON; detail: where the parser stopped ({@code " at line 3, column 14"}, or ""). */
        NOT_JSON,
        /** Valid JSON maybe, past a limit of the panel's reader; detail: the sentence's words after "The trace". */
        READER_LIMIT,
        /** JSON, but not an object. */
        NOT_AN_OBJECT,
        /** An object whose {@code kind} is not {@code trial}; detail: that kind. */
        WRONG_KIND,
        /** Not a regular file (a folder, a FIFO, a link that leads nowhere); detail: what it is. */
        NOT_A_FILE,
        /** The system would not read it; detail: the system's reason. */
        UNREADABLE,
        /** The system denies this user reading it; detail: {@code permission denied}. */
        DENIED,
        /** Larger than the panel reads. */
        TOO_LARGE,
        /** Anything else: a score file's problem, a folder's name, a note added to the trial. */
        OTHER
    }

    public Problem {
        Objects.requireNonNull(kind, "kind");
        detail = detail == null ? "" : detail;
        Objects.requireNonNull(sentence, "sentence");
    }

    /** A problem code has no decision about, by its sentence alone; null for null. */
    public static Problem other(String sentence) {
        return sentence == null ? null : new Problem(Kind.OTHER, "", sentence);
    }

    public static Problem empty() {
        return new Problem(Kind.EMPTY, "", "The trace file is empty: it may still be being written.");
    }

    public static Problem onlyWhitespace() {
        return new Problem(
                Kind.ONLY_WHITESPACE, "", "The trace file holds only whitespace: it may still be being written.");
    }

    public static Problem cutShort(long bytes) {
        return new Problem(
                Kind.CUT_SHORT,
                Long.toString(bytes),
                "The trace is cut short (" + bytes
                        + " bytes, ends mid-JSON): it may still be being written, or the disk filled up.");
    }

    public static Problem notAnObject() {
        return new Problem(Kind.NOT_AN_OBJECT, "", "The trace is not a JSON object.");
    }

    public static Problem wrongKind(String kind) {
        return new Problem(Kind.WRONG_KIND, kind, "The trace's kind is \"" + kind + "\", not \"trial\".");
    }

    /** The trace did not parse: not JSON, or past a limit of the reader ({@link ResultsFiles#notJson}). */
    public static Problem notJson(com.fasterxml.jackson.core.JsonProcessingException e) {
        String said = ResultsFiles.notJson("The trace", e);
        boolean limit = ResultsFiles.pastReaderLimit(e);
        return new Problem(
                limit ? Kind.READER_LIMIT : Kind.NOT_JSON,
                limit ? said.substring("The trace".length()) : ResultsFiles.whereNotJson(e),
                said + ".");
    }

    /** The system would not read the trace, or it is not a regular file. */
    public static Problem unreadable(java.io.IOException e) {
        String why = ResultsFiles.why(e);
        Kind kind = e instanceof ResultsFiles.NotAFileException
                ? Kind.NOT_A_FILE
                : e instanceof java.nio.file.AccessDeniedException ? Kind.DENIED : Kind.UNREADABLE;
        return new Problem(kind, why, "The trace could not be read: " + why);
    }

    /** The reader broke on the trace (a bug of the panel's, said for that trial alone); detail: what it said. */
    public static Problem unreadable(RuntimeException e) {
        return new Problem(
                Kind.UNREADABLE, String.valueOf(e.getMessage()), "The trace could not be read: " + e.getMessage());
    }

    public static Problem tooLarge(java.nio.file.Path trace, ReadBuffer.TooLargeException e) {
        return new Problem(
                Kind.TOO_LARGE,
                "",
                "The trace " + trace + " is not read: " + e.getMessage() + ". Open it with a tool for large files.");
    }

    /** The same problem with a sentence added after a space (a second thing wrong with the trial). */
    public Problem withNote(String note) {
        return new Problem(kind, detail, sentence + " " + note);
    }

    @Override
    public String toString() {
        return sentence;
    }
}
