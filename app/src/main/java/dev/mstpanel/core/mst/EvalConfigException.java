package dev.mstpanel.core.mst;

import java.nio.file.Path;

/**
 * An eval config that cannot be used: not readable, not JSON, or without a {@code name}.
 * {@link #getMessage()} is a sentence for people that names the file and, for a syntax error,
 * the line and column.
 */
public final class EvalConfigException extends Exception {
    private final Path file;
    private final int line;
    private final int column;

    /**
     * @param file the eval config
     * @param message a sentence for people
     * @param line 1-based line of the problem, or 0 when it has no place
     * @param column 1-based column of the problem, or 0 when it has no place
     * @param cause the library's error, or null
     */
    public EvalConfigException(Path file, String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** The eval config the problem is in. */
    public Path file() {
        return file;
    }

    /** The 1-based line of a syntax error, or 0. */
    public int line() {
        return line;
    }

    /** The 1-based column of a syntax error, or 0. */
    public int column() {
        return column;
    }
}
