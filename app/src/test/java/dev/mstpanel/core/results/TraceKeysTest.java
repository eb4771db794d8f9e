package dev.mstpanel.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The listing's quick look at a case folder's only file names the same trials as its rule (TRIAL_FILE, no leading zero). */
class TraceKeysTest {
    @Test
    void aFileNamedAsMstNamesTrialsIsReadByTheQuickLookAndOnlyThat() {
        String[] names = {"0.json", "1.json", "12.json", "999999999.json", "00.json", "01.json", "1000000000.json", ".json", "1.JSON",
            "1.json.tmp", "a.json", "1a.json", "-1.json", "١.json", "0", "json", "12345678.json"};
        for (String n : names) {
            assertThat(TraceKeys.canonicalTrial(n)).as(n).isEqualTo(byRule(n));
        }
        Random r = new Random(3);
        String alphabet = "0123456789.jsonJ-a";
        for (int round = 0; round < 20_000; round++) {
            StringBuilder b = new StringBuilder();
            int len = r.nextInt(8);
            for (int i = 0; i < len; i++) {
                b.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            String n = b + (r.nextBoolean() ? ".json" : "");
            assertThat(TraceKeys.canonicalTrial(n)).as(n).isEqualTo(byRule(n));
        }
    }

    private static int byRule(String name) {
        var m = TraceKeys.TRIAL_FILE.matcher(name);
        if (!m.matches()) {
            return -1;
        }
        int n = Integer.parseInt(m.group(1));
        return (n + ".json").equals(name) ? n : -1;
    }
}
