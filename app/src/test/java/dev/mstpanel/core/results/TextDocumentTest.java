package dev.mstpanel.core.results;

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
}
