package dev.mstpanel.cli.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import picocli.CommandLine.Option;

/**
 * The output of a command that prints data, mixed into it with {@code @Mixin}: {@code --json} and the
 * guarded streams ({@link Streams}). What each command's JSON holds is said in its {@code --json} help
 * line, kept with the others in {@link JsonShapes}.
 */
public final class OutputOptions extends Streams {
    /**
     * The one mapper for the commands' JSON: a view record is written with its fields in the order of
     * its components (the golden files of each command's {@code --json} hold that order).
     */
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Option(names = "--json", descriptionKey = "json", description = "Print JSON instead of text.")
    boolean json;

    /** Whether {@code --json} was given. */
    public boolean json() {
        return json;
    }

    /**
     * Prints the result as JSON with {@code --json}, else as text, and gives the exit code: 0 when it
     * was written, else as {@link CommandOutput#notWritten} says.
     */
    public int print(CommandOutput.Printer asJson, CommandOutput.Printer asText) {
        return CommandOutput.print(err(), name(), json, asJson, asText);
    }

    /**
     * Writes one value (a view record, a list of them) as indented JSON, as Jackson's default pretty
     * printer lays it out ({@code [ {}, {} ]}, {@code "key" : value}), and a line end.
     *
     * @throws IOException when the output cannot be written
     */
    public void writeJson(Object value) throws IOException {
        writeJson(value, new DefaultPrettyPrinter());
    }

    /**
     * As {@link #writeJson(Object)}, laid out by {@code layout} (e.g. {@link OnePerLine}).
     *
     * @throws IOException when the output cannot be written
     */
    public void writeJson(Object value, PrettyPrinter layout) throws IOException {
        JsonGenerator g = generator(layout);
        MAPPER.writeValue(g, value);
        JsonOutput.end(g);
    }

    /**
     * A generator on the command's stdout, for JSON written as it is read (a listing too large to hold);
     * end it with {@link JsonOutput#end}.
     *
     * @throws IOException when the output cannot be written
     */
    public JsonGenerator generator(PrettyPrinter layout) throws IOException {
        out().flush(); // what the command printed as text comes first
        JsonGenerator g = JsonOutput.generator(unguardedOut(), layout);
        g.setCodec(MAPPER);
        return g;
    }
}
