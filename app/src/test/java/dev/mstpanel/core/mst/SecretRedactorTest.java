package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretRedactorTest {
    @TempDir
    Path dir;

    @Test
    void masksValuesOfSecretLookingVariablesOnly() {
        SecretRedactor r = SecretRedactor.forEnvironment(Map.of(
                "ANTHROPIC_BASE_URL", "https://proxy.example.test",
                "OPENAI_API_KEY", "sk-openai-abc",
                "GITHUB_TOKEN", "ghp_tokenvalue",
                "MY_SECRET_THING", "hunter22",
                "PATH", "/usr/bin:/bin",
                "SHORTKEY", "1"));
        assertThat(r.redact("url https://proxy.example.test key sk-openai-abc gh ghp_tokenvalue pw hunter22 path /usr/bin:/bin 1"))
                .isEqualTo("url *** key *** gh *** pw *** path /usr/bin:/bin 1");
    }

    @Test
    void masksEveryValueOfAJsonOrKeyValueSecretsFile() throws Exception {
        Path json = dir.resolve("s.json");
        Files.writeString(json, "{\"SHOP_API\": \"shop-pass-42\", \"OTHER\": \"v4lue-x\"}");
        Path env = dir.resolve("s.env");
        Files.writeString(env, "# comment\nexport ONE=\"first-val\"\nTWO=second-val\n");
        SecretRedactor r = SecretRedactor.none().withSecretsFile(json).withSecretsFile(env);
        assertThat(r.redact("shop-pass-42 v4lue-x first-val second-val SHOP_API"))
                .isEqualTo("*** *** *** *** SHOP_API");
    }

    @Test
    void masksSecretLookingPairsInCommandLines() {
        String shown = SecretRedactor.none().commandLine(List.of("mst", "run", "--runner-option", "apiKey=abc123xyz",
                "--config", "my eval.json", "ANTHROPIC_AUTH_TOKEN=tok"));
        assertThat(shown).isEqualTo("mst run --runner-option apiKey=*** --config 'my eval.json' ANTHROPIC_AUTH_TOKEN=***");
    }

    @Test
    void aLongerSecretContainingAShorterOneIsMaskedWhole() {
        SecretRedactor r = SecretRedactor.none().withSecrets(List.of("abcd", "abcdefgh"));
        assertThat(r.redact("x abcdefgh y abcd")).isEqualTo("x *** y ***");
    }
}
