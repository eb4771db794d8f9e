package dev.mstpanel.cli.output;

import dev.mstpanel.core.shell.LineMask;
import java.io.IOException;
import java.io.Writer;

/**
 * A writer that masks each whole line before it passes it on: a secret is seen whole by the mask, never cut by
 * where a command's print calls happened to end. A line is held until its line end, or until a flush (a prompt
 * that waits for an answer), then masked and written.
 */
final class MaskingWriter extends Writer {
    private final Writer out;
    private final LineMask mask;
    private final StringBuilder line = new StringBuilder();

    MaskingWriter(Writer out, LineMask mask) {
        this.out = out;
        this.mask = mask;
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        int end = off + len;
        int from = off;
        for (int i = off; i < end; i++) {
            if (cbuf[i] == '\n') {
                line.append(cbuf, from, i - from);
                out.write(mask.mask(line.toString()));
                out.write('\n');
                line.setLength(0);
                from = i + 1;
            }
        }
        line.append(cbuf, from, end - from);
    }

    @Override
    public void flush() throws IOException {
        if (line.length() > 0) {
            out.write(mask.mask(line.toString()));
            line.setLength(0);
        }
        out.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
        out.close();
    }
}
