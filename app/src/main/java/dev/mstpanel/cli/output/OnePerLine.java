package dev.mstpanel.cli.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;

/**
 * How a {@code --json} listing is laid out: a top-level array with one element per line, each
 * element compact ({@code [\n{...},\n{...}\n]}), so {@code grep}, {@code head} and {@code wc -l}
 * work on whole trials, and a 10,000-trial listing is a third smaller than indented JSON. An empty
 * array is written {@code [ ]}. Used for {@code trials --json}.
 */
public final class OnePerLine extends MinimalPrettyPrinter {
    private static final long serialVersionUID = 1L;
    private int depth;

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
        g.writeRaw('[');
        depth++;
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
        if (depth == 1) {
            g.writeRaw('\n');
        }
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(depth == 1 ? ",\n" : ",");
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
        depth--;
        g.writeRaw(depth == 0 ? values == 0 ? " ]" : "\n]" : "]");
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
        g.writeRaw('{');
        depth++;
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
        depth--;
        g.writeRaw('}');
    }
}
