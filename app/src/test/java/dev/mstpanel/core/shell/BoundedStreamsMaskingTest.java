package dev.mstpanel.core.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.SecretRedactor;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A secret is masked whole wherever the line cut falls: the reader masks before it cuts, and
 * masks the start of a value a cut leaves behind. Every offset around the cut is tried, for a
 * value from a secrets file and one from the environment, plain, JSON-escaped and with
 * multi-byte characters, with short limits so that every case is cheap.
 */
class BoundedStreamsMaskingTest {
    /** The length of a piece of a secret that must never be written. */
    private static final int PIECE = 6;

    @TempDir
    Path dir;

    private static List<String> lines(String text, int limit, SecretRedactor mask) throws Exception {
        List<String> out = new ArrayList<>();
        BoundedStreams.readLines(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), limit, mask, (l, more) -> out.add(l));
        return out;
    }

    private static void assertNoPieceOf(List<String> lines, String secret, String where) {
        for (String line : lines) {
            for (int i = 0; i + PIECE <= secret.length(); i++) {
                String piece = secret.substring(i, i + PIECE);
                assertThat(line)
                        .as("%s: a piece %s of the secret in %s", where, piece, line)
                        .doesNotContain(piece);
            }
        }
    }

    @Test
    void aSecretFromTheSecretsFileOrTheEnvironmentIsNeverWrittenInPartAtAnyOffsetAroundTheCut() throws Exception {
        String fileSecret = "sk-ant-api03-Kq7Wv2Lr9Xz4Mn8Bt3Hy6Jd1Pf5Gs0Ca";
        String envSecret = "sk-proj-Zr4T\u00e9n8Vb2Qx6\u00fcWm1Ky5Hd9";
        Path secrets = Files.writeString(dir.resolve("secrets.env"), "ANTHROPIC_API_KEY=" + fileSecret + "\n");
        SecretRedactor mask = SecretRedactor.forEnvironment(Map.of("OPENAI_API_KEY", envSecret))
                .withSecretsFile(secrets);
        int limit = 64;
        for (String secret : List.of(fileSecret, envSecret)) {
            for (String form : List.of(secret, "\"" + secret + "\"")) {
                for (int offset = 0; offset <= limit + 4; offset++) {
                    String line = "m".repeat(offset) + form + "\", \"n\": 1}" + "z".repeat(100);
                    List<String> out = lines(line + "\nnext\n", limit, mask);
                    assertThat(out).as("offset %d", offset).hasSize(2).last().isEqualTo("next");
                    assertNoPieceOf(out, secret, "offset " + offset);
                    assertThat(out.get(0)).as("offset %d: cut", offset).endsWith(BoundedStreams.CUT_MARK);
                }
            }
        }
    }

    @Test
    void aLineThatNeverEndsIsMaskedBeforeItIsCutInBoundedMemory() throws Exception {
        String secret = "tok-never-ends-91X7QpL2";
        SecretRedactor mask = SecretRedactor.none().withSecrets(List.of(secret));
        for (int offset = 40; offset < 70; offset++) {
            List<String> out = lines("m".repeat(offset) + secret + "y".repeat(5000), 64, mask);
            assertThat(out).hasSize(1);
            assertNoPieceOf(out, secret, "offset " + offset);
        }
    }

    @Test
    void theStartOfAValueLeftAtTheCutIsMaskedButAShortTailIsKept() {
        SecretRedactor mask = SecretRedactor.none().withSecrets(List.of("sk-live-ABCDEFGH"));
        assertThat(mask.maskValueStart("request body sk-live-ABC")).isEqualTo("request body ***");
        assertThat(mask.maskValueStart("prefix sk"))
                .as("two characters say nothing of it")
                .isEqualTo("prefix sk");
        assertThat(mask.maskValueStart("nothing here")).isEqualTo("nothing here");
    }

    @Test
    void aLineMaskedUnderTheLimitIsNotCut() throws Exception {
        String secret = "0123456789abcdefghij0123456789abcdefghij"; // 40 characters
        SecretRedactor mask = SecretRedactor.none().withSecrets(List.of(secret));
        // 30 + 40 = 70 bytes, over the limit of 64; masked it is 33, and nothing was dropped
        assertThat(lines("a".repeat(30) + secret + "\n", 64, mask)).containsExactly("a".repeat(30) + "***");
    }
}
