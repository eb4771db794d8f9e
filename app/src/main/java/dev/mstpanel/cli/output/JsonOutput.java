package dev.mstpanel.cli.output;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;

/**
 * Where a headless command's {@code --json} goes: one generator for every command that prints JSON
 * ({@code trials}, {@code transcript}, {@code compare}).
 *
 * <p>When the command prints to the process's standard output ({@link ProcessStdout}, what
 * {@code MstPanelCommand.execute(String...)} gives it), the generator writes UTF-8 bytes to it
 * directly: JSON is UTF-8 (RFC 8259, section 8.1) whatever the locale's charset (under {@code LC_ALL=C}
 * Java 17 would print every non-ASCII character of a case id as {@code ?}), and a large listing is not
 * encoded a second time by a writer. Otherwise (tests, a writer given by a caller) it writes characters
 * to the writer. Either way its strings are escaped for the terminal by {@link TerminalJsonEscapes}, so
 * the output is the same as through {@link TerminalText#guard}, and the output is never closed.
 */
public final class JsonOutput {
    /**
     * A factory without an ObjectMapper: commands write their values field by field. A character beyond
     * the BMP (an emoji in a case id) is written as its four UTF-8 bytes, not as two escapes (backslash, u, four hex digits) of
     * its surrogates, so {@code grep} finds it in the output as typed.
     */
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();

    private JsonOutput() {}

    /**
     * The process's standard output: text through this writer ({@link #textCharset()}), JSON as bytes to the stream beneath it.
     * Both go to the file descriptor itself, not through {@code System.out} (a print stream, which hides a failed write):
     * the JSON's generator sees a failed write as an exception; the text's first failed write is kept
     * ({@link #failure()}) and the ones after it are dropped, so a command that prints text (a long {@code run} among them)
     * goes on as before and the exit code says the output was lost ({@link CommandOutput#ended}).
     */
    public static final class ProcessStdout extends PrintWriter {
        private final PrintStream text;
        private final java.io.OutputStream bytes;
        private final FirstFailure failures;

        /**
         * @param text the process's {@code System.out}, flushed before this writer's first bytes (nothing of the panel's writes to it)
         * @param bytes the same file descriptor, unbuffered and not a {@link PrintStream}: a write that fails
         *     (a full disk, a closed pipe) throws, so the command can say so and exit 1, where a print stream
         *     only keeps a flag
         */
        public ProcessStdout(PrintStream text, java.io.OutputStream bytes) {
            this(text, bytes, new FirstFailure(bytes));
        }

        private ProcessStdout(PrintStream text, java.io.OutputStream bytes, FirstFailure failures) {
            super(new java.io.OutputStreamWriter(failures, textCharset()), true);
            this.text = text;
            this.bytes = bytes;
            this.failures = failures;
        }

        /** The first write of text that failed (after flushing what is left), or null when all was written. */
        public IOException failure() {
            flush();
            return failures.first;
        }
    }

    /** A stream that keeps its first failed write and drops every write after it (a full disk stays full; a closed pipe stays closed). */
    private static final class FirstFailure extends java.io.FilterOutputStream {
        private IOException first;

        FirstFailure(java.io.OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (first != null) {
                return;
            }
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                first = e;
                throw e;
            }
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void flush() throws IOException {
            if (first == null) {
                out.flush();
            }
        }
    }

    /**
     * The charset of the commands' text: the locale's, except UTF-8 where the locale gives plain ASCII
     * (the C or POSIX locale of a container, a cron job or an ssh session that sent no locale), in which
     * Java 17 would print each character of a non-English case id or error as {@code ?}; as Python does
     * in that locale (PEP 538). Terminal controls are escaped either way ({@link TerminalText#guard}).
     */
    public static java.nio.charset.Charset textCharset() {
        java.nio.charset.Charset locale = java.nio.charset.Charset.defaultCharset();
        return locale.equals(java.nio.charset.StandardCharsets.US_ASCII)
                ? java.nio.charset.StandardCharsets.UTF_8
                : locale;
    }

    /**
     * A generator for a command's JSON, laid out by {@code layout}; end it with {@link #end}.
     *
     * @param out the command's standard output (picocli's {@code getOut()}, not the guarded writer)
     * @throws IOException when the output cannot be written
     */
    public static JsonGenerator generator(PrintWriter out, PrettyPrinter layout) throws IOException {
        JsonGenerator g;
        if (out instanceof ProcessStdout stdout) {
            stdout.flush(); // what the command printed as text comes first
            stdout.text.flush();
            g = JSON.createGenerator(stdout.bytes, JsonEncoding.UTF8);
        } else {
            g = JSON.createGenerator(out);
        }
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setCharacterEscapes(TerminalJsonEscapes.INSTANCE);
        g.setPrettyPrinter(layout);
        return g;
    }

    /** Ends the JSON with a line end and writes it out. */
    public static void end(JsonGenerator g) throws IOException {
        g.writeRaw('\n');
        g.flush();
    }
}
