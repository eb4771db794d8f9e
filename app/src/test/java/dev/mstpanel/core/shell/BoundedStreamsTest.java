package dev.mstpanel.core.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedStreamsTest {

    private static List<String> lines(byte[] bytes, int limit) throws Exception {
        List<String> out = new ArrayList<>();
        BoundedStreams.readLines(new ByteArrayInputStream(bytes), limit, (l, more) -> out.add(l));
        return out;
    }

    @Test
    void linesEndAtLfCrlfOrCrAndTheLastNeedsNoNewline() throws Exception {
        assertThat(lines("a\nb\r\nc\rd".getBytes(StandardCharsets.UTF_8), 100)).containsExactly("a", "b", "c", "d");
    }

    @Test
    void aLongLineIsCutMarkedAndTheRestOfItDropped() throws Exception {
        byte[] bytes = ("x".repeat(50) + "\nnext\n").getBytes(StandardCharsets.UTF_8);
        assertThat(lines(bytes, 10)).containsExactly("x".repeat(10) + BoundedStreams.CUT_MARK, "next");
    }

    @Test
    void aCutNeverSplitsACharacterAndBadBytesBecomeReplacementCharacters() throws Exception {
        // "ééé" is 6 bytes; a cut at 5 keeps two whole characters
        assertThat(lines("ééé\n".getBytes(StandardCharsets.UTF_8), 5)).containsExactly("éé" + BoundedStreams.CUT_MARK);
        assertThat(lines(new byte[] {'c', 'a', 'f', (byte) 0xE9, '\n'}, 100)).containsExactly("caf\uFFFD");
    }

    @Test
    void anEndlessLineIsReadToItsEndInBoundedMemory() throws Exception {
        long total = 200L << 20; // 200 MiB, never buffered
        InputStream endless = new InputStream() {
            long left = total;

            @Override
            public int read() {
                return left-- > 0 ? 'A' : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, (byte) 'A');
                left -= n;
                return n;
            }
        };
        List<String> out = new ArrayList<>();
        BoundedStreams.readLines(endless, (l, more) -> out.add(l));
        assertThat(out)
                .singleElement()
                .satisfies(
                        l -> assertThat(l).hasSize(BoundedStreams.MAX_LINE_BYTES + BoundedStreams.CUT_MARK.length()));
    }
}
