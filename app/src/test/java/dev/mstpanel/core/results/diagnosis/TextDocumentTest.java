package dev.mstpanel.core.results.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Search and disabled-control marks of a loaded text file. */
class TextDocumentTest {
    private static final String DUMP = """
            window "Claude"
              button "Send message" disabled
              button "Attach" enabled=false
              textbox "Message" enabled: false
              link "Help" enabled=no
              {"role": "button", "name": "Stop", "enabled":false}
              {"role": "button", "name": "Retry", "enabled": false}
              button "Send" enabled
              checkbox "Enabled features" enabled=true
            """;

    @Test
    void aSearchWithinEarlierHitsFindsWhatAFullScanFinds() {
        TextDocument doc = TextDocument.of(Path.of("ax.txt"), DUMP);
        String typed = "button \"send";
        int[] previous = null;
        for (int i = 1; i <= typed.length(); i++) {
            String q = typed.substring(0, i);
            int[] incremental = doc.find(q, previous);
            assertThat(incremental).as(q).containsExactly(doc.find(q));
            previous = incremental;
        }
        assertThat(previous).containsExactly(1, 7);
        assertThat(doc.find("SEND MESSAGE")).containsExactly(1);
        assertThat(doc.find("", new int[] {2, 4})).containsExactly(2, 4);
        assertThat(doc.find("")).hasSize(9);
    }

    @Test
    void eachSpellingOfADisabledControlIsMarked() {
        TextDocument doc = TextDocument.of(Path.of("ax.txt"), DUMP);
        boolean[] marked = new boolean[doc.lines().size()];
        for (int i = 0; i < marked.length; i++) {
            marked[i] = doc.isDisabledControl(i);
        }
        assertThat(marked).containsExactly(false, true, true, true, true, true, true, false, false);
        assertThat(doc.disabledControls()).isEqualTo(6);
    }

    @Test
    void bytesThatAreNotUtf8AreShownAndCountedAndCaseIsFoldedPerLine(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path log = dir.resolve("vm.log");
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        b.writeBytes("[vm] start\r\n[vm] bad: ".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        b.write(0xFF);
        b.writeBytes("\nİSTANBUL ünïcode\nlast".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        java.nio.file.Files.write(log, b.toByteArray());
        TextDocument doc = TextDocument.load(log, TextDocument.LOG_BUDGET_BYTES);
        assertThat(doc.lines()).containsExactly("[vm] start", "[vm] bad: \\xFF", "İSTANBUL ünïcode", "last");
        assertThat(doc.undecodableBytes()).isEqualTo(1);
        assertThat(doc.notice()).contains("1 byte is not UTF-8");
        assertThat(doc.find("ÜNÏCODE")).containsExactly(2);
        assertThat(doc.find("last")).containsExactly(3);

        java.nio.file.Files.writeString(log, "fine\nUPPER case\n");
        TextDocument clean = TextDocument.load(log, TextDocument.LOG_BUDGET_BYTES);
        assertThat(clean.undecodableBytes()).isZero();
        assertThat(clean.lines()).containsExactly("fine", "UPPER case");
        assertThat(clean.find("upper")).containsExactly(1);
    }
}
