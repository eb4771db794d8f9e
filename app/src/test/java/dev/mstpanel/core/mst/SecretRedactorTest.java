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
        assertThat(
                        r.redact(
                                "url https://proxy.example.test key sk-openai-abc gh ghp_tokenvalue pw hunter22 path /usr/bin:/bin 1"))
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
        String shown = SecretRedactor.none()
                .commandLine(List.of(
                        "mst",
                        "run",
                        "--runner-option",
                        "apiKey=abc123xyz",
                        "--config",
                        "my eval.json",
                        "ANTHROPIC_AUTH_TOKEN=tok"));
        assertThat(shown)
                .isEqualTo("mst run --runner-option apiKey=*** --config 'my eval.json' ANTHROPIC_AUTH_TOKEN=***");
    }

    @Test
    void aLongerSecretContainingAShorterOneIsMaskedWhole() {
        SecretRedactor r = SecretRedactor.none().withSecrets(List.of("abcd", "abcdefgh"));
        assertThat(r.redact("x abcdefgh y abcd")).isEqualTo("x *** y ***");
    }

    @Test
    void everyLineOfAMultiLineSecretIsMasked() {
        String pem =
                "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----\n";
        SecretRedactor r = SecretRedactor.forEnvironment(Map.of("TLS_PRIVATE_KEY", pem));
        for (String line : pem.split("\n")) {
            assertThat(r.redact("stderr: " + line)).isEqualTo("stderr: ***");
        }
    }

    @Test
    void jsonEscapedAndUrlEncodedFormsOfAKnownSecretAreMasked() {
        SecretRedactor r = SecretRedactor.none().withSecrets(List.of("p\"a/ss w+rd"));
        assertThat(r.redact("{\"password\": \"p\\\"a/ss w+rd\"}"))
                .doesNotContain("ss w")
                .contains("***");
        assertThat(r.redact("GET /cb?c=p%22a%2Fss+w%2Brd")).isEqualTo("GET /cb?c=***");
        assertThat(r.redact("GET /cb?c=p%22a%2Fss%20w%2Brd")).isEqualTo("GET /cb?c=***");
    }

    @Test
    void theJsonAndUrlFormsOtherWritersPrintAreMaskedToo() throws Exception {
        // what Python's json.dumps, PHP's json_encode and Go's json.Marshal print for these values,
        // and lower-case percent escapes
        SecretRedactor r = SecretRedactor.none().withSecrets(List.of("p\u00e4ssw\u00f6rd\u20ac1", "ab\"cd\\ef/gh</x>"));
        String python = new String(
                        new ProcessBuilder(
                                        "python3",
                                        "-c",
                                        "import json; print(json.dumps({'U': 'p\u00e4ssw\u00f6rd\u20ac1', 'Q': 'ab\"cd\\\\ef/gh</x>'}))")
                                .start()
                                .getInputStream()
                                .readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8)
                .strip();
        assertThat(python).contains("p\\u00e4ssw\\u00f6rd\\u20ac1"); // the form under test, as Python writes it
        assertThat(r.redact(python)).isEqualTo("{\"U\": \"***\", \"Q\": \"***\"}");
        assertThat(r.redact("q=p\\u00E4ssw\\u00F6rd\\u20AC1")).isEqualTo("q=***");
        assertThat(r.redact("{\"Q\":\"ab\\\"cd\\\\ef\\/gh<\\/x>\"}"))
                .isEqualTo("{\"Q\":\"***\"}"); // PHP: every "/" as "\/"
        assertThat(r.redact("{\"Q\":\"ab\\\"cd\\\\ef/gh\\u003c/x\\u003e\"}")).isEqualTo("{\"Q\":\"***\"}");
        assertThat(r.redact("GET /cb?u=p%c3%a4ssw%c3%b6rd%e2%82%ac1 HTTP/1.1")).isEqualTo("GET /cb?u=*** HTTP/1.1");
        assertThat(r.redact("GET /cb?u=p%C3%A4ssw%C3%B6rd%E2%82%AC1")).isEqualTo("GET /cb?u=***");
    }

    @Test
    void credentialsInHeadersJsonMembersAndAfterSecretFlagsAreMaskedUnknown() {
        SecretRedactor r = SecretRedactor.none();
        assertThat(r.redact("> Authorization: Bearer eyJhbGciOi.payload.sig")).isEqualTo("> Authorization: Bearer ***");
        assertThat(r.redact("{\"apiKey\": \"abc123xyz\", \"name\": \"shop\"}"))
                .isEqualTo("{\"apiKey\": \"***\", \"name\": \"shop\"}");
        assertThat(r.commandLine(List.of(
                        "mst",
                        "run",
                        "--api-token",
                        "tok-1234567",
                        "--secrets-file",
                        "s.env",
                        "--no-auth",
                        "--config",
                        "e.json")))
                .isEqualTo("mst run --api-token *** --secrets-file s.env --no-auth --config e.json");
    }

    @Test
    void aSecretsFileIsReadAsMstReadsIt() throws Exception {
        Path badByte = dir.resolve("bad.env");
        Files.write(badByte, "# caf\u00e9\nK=SECRET123\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Path bom = dir.resolve("bom.json");
        Files.writeString(bom, "\uFEFF{\"K\": \"json-secret-9\"}");
        assertThat(SecretRedactor.readSecretsFile(badByte)).containsExactly("SECRET123");
        assertThat(SecretRedactor.readSecretsFile(bom)).containsExactly("json-secret-9");
    }

    @Test
    void aSecretsFileThatIsAFifoAFolderOrTooBigIsRefusedAtOnce() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        Path big = dir.resolve("big.env");
        Files.write(big, new byte[(int) SecretRedactor.MAX_SECRETS_FILE_BYTES + 1]);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SecretRedactor.readSecretsFile(fifo))
                .hasMessageContaining("is not a regular file (a pipe, socket or device)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SecretRedactor.readSecretsFile(dir))
                .hasMessageContaining("is not a regular file (a folder)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SecretRedactor.readSecretsFile(big))
                .hasMessageContaining("the limit is 1048576 bytes");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SecretRedactor.readSecretsFile(dir.resolve("none")))
                .hasMessage("There is no secrets file " + dir.resolve("none") + ".");
    }

    @Test
    void theValueOfASecretFlagIsMaskedWhereverItIsPrintedLater() {
        SecretRedactor r = SecretRedactor.forEnvironment(Map.of())
                .withArguments(List.of(
                        "--config",
                        "eval.json",
                        "--api-token",
                        "flagsecret456",
                        "--password=hunter22",
                        "--secrets-file",
                        "s.env"));
        assertThat(r.redact("mst: bad token flagsecret456 (from --api-token flagsecret456)"))
                .isEqualTo("mst: bad token *** (from --api-token ***)");
        assertThat(r.redact("login with hunter22 failed")).isEqualTo("login with *** failed");
        assertThat(r.redact("reading s.env and eval.json")).isEqualTo("reading s.env and eval.json");
    }

    @Test
    void urlPasswordsAndPassVariablesAreMasked() {
        SecretRedactor r = SecretRedactor.forEnvironment(Map.of(
                "DB_PASS",
                "pg-pass-77141",
                "SMTP_PASSWD",
                "mail-88213",
                "BYPASS_CACHE",
                "true-ish",
                "PASSED",
                "yes-all"));
        assertThat(r.redact(
                        "fetch https://user:pw-ARGSECRET-11@host/x and postgres://u:pw@h/db, ok https://host:8080/a@b"))
                .isEqualTo("fetch https://user:***@host/x and postgres://u:***@h/db, ok https://host:8080/a@b");
        assertThat(r.redact("db pg-pass-77141 mail mail-88213 flags true-ish yes-all"))
                .as("PASS as a word of the name is secret; BYPASS and PASSED are not")
                .isEqualTo("db *** mail *** flags true-ish yes-all");
        assertThat(r.redact("DB_PASS=unknown-value --pass=x12345 bypass=keep"))
                .isEqualTo("DB_PASS=*** --pass=*** bypass=keep");
    }

    @Test
    void aSecretsFileValueWithAnInlineCommentIsMaskedAsADotenvReaderTakesIt() throws Exception {
        Path f = Files.writeString(
                dir.resolve("s.env"),
                "CMT_KEY=cmt-SECRET-0006 # a comment\nQUOTED=\"q-SECRET-0007\" # note\nHASH=abcd#def-0008\n");
        SecretRedactor r = SecretRedactor.none().withSecretsFile(f);
        assertThat(r.redact("a cmt-SECRET-0006 b q-SECRET-0007 c abcd#def-0008 d abcd"))
                .isEqualTo("a *** b *** c *** d ***");
    }

    @Test
    void theBase64FormsOfASecretAreMaskedAtEveryOffset() {
        String secret = "hunter2-secret-value";
        SecretRedactor r = SecretRedactor.none().withSecrets(List.of(secret));
        for (String before : List.of("", "u:", "us:", "use:")) {
            String encoded = java.util.Base64.getEncoder().encodeToString((before + secret + "!").getBytes());
            String shown = r.redact("Authorization-ish blob " + encoded + " end");
            assertThat(shown)
                    .as("after %s", before)
                    .contains("***")
                    .doesNotContain(encoded.substring(4, encoded.length() - 4));
        }
    }

    @Test
    void aSecretsFileIsReadAsDotenvReadsItMultiLineValuesAndColonsIncluded() throws Exception {
        Path f = dir.resolve("s.env");
        Files.writeString(
                f,
                "PRIVATE_KEY=\"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEF\\nXq9WzT5uRb7Lp2Kd8Hc4Ny\\n-----END PRIVATE KEY-----\"\n"
                        + "REAL=\"line-one-7Qx2Lm\nline-two-9Pw4Rt\"\n"
                        + "COLON: colon-value-55Z1\n"
                        + "ESC=\"abc\\\"def-61Xk\"\n");
        SecretRedactor r = SecretRedactor.none().withSecretsFile(f);
        assertThat(r.redact("k MIIEvQIBADANBgkqhkiG9w0BAQEF and Xq9WzT5uRb7Lp2Kd8Hc4Ny"))
                .isEqualTo("k *** and ***");
        assertThat(r.redact("a line-one-7Qx2Lm b line-two-9Pw4Rt")).isEqualTo("a *** b ***");
        assertThat(r.redact("c colon-value-55Z1 e abc\\\"def-61Xk")).isEqualTo("c *** e ***");
        assertThat(SecretRedactor.readSecretsEntries(f))
                .extracting(java.util.Map.Entry::getKey)
                .containsExactly("PRIVATE_KEY", "REAL", "COLON", "ESC");
    }

    @Test
    void twoSecretsThatOverlapAreMaskedAsOneRunNotLeftInPart() {
        SecretRedactor r = SecretRedactor.forEnvironment(
                Map.of("DB_PASSWORD", "hunter2-Pq8Rs7Tu6Vw5-Xy4Zz3", "API_TOKEN", "Xy4Zz3-Ab1Cd2Ef3Gh4-Op8"));
        assertThat(r.redact("joined hunter2-Pq8Rs7Tu6Vw5-Xy4Zz3-Ab1Cd2Ef3Gh4-Op8 end"))
                .isEqualTo("joined *** end");
    }

    @Test
    void valuesGivenInArgumentsAreLearnedAndMaskedWhenMstPrintsThemAgain() {
        SecretRedactor r = SecretRedactor.none()
                .withArguments(List.of(
                        "--runner-option",
                        "env=ANTHROPIC_API_KEY=anth-arg-4411aa",
                        "-e",
                        "GH_TOKEN=ghp-arg-5522bb",
                        "--mcp-url",
                        "https://u:url-pw-6633cc@h.test/x",
                        "--header",
                        "Authorization: Basic YmFzaWMtNzc0NGRk",
                        "--var",
                        "{\"apiKey\":\"json-arg-8855ee\"}",
                        "--header",
                        "x-api-key: hdr-arg-9966ff"));
        assertThat(
                        r.redact(
                                "echo anth-arg-4411aa ghp-arg-5522bb url-pw-6633cc YmFzaWMtNzc0NGRk json-arg-8855ee hdr-arg-9966ff"))
                .isEqualTo("echo *** *** *** *** *** ***");
        assertThat(r.commandLine(List.of("mst", "--header", "x-api-key: hdr-arg-9966ff")))
                .doesNotContain("hdr-arg");
    }

    @Test
    void aPieceOfTwelveOrMoreCharactersOfASecretIsMaskedWhereverItIsPrinted() {
        SecretRedactor r = SecretRedactor.forEnvironment(Map.of("ANTHROPIC_API_KEY", "sk-ant-Zq7XkP9mW2tYb8Hc4RvL6"));
        assertThat(r.redact("Using key sk-ant-Zq7XkP9... for the request"))
                .isEqualTo("Using key ***... for the request");
        assertThat(r.redact("ends with b8Hc4RvL6"))
                .as("shorter pieces say little of it")
                .isEqualTo("ends with b8Hc4RvL6");
    }

    @Test
    void dotNetStyleJsonEscapesAreMaskedToo() {
        SecretRedactor r = SecretRedactor.none().withSecrets(List.of("tok+en\"quoted<9981>"));
        assertThat(r.redact("{\"k\":\"tok\\u002Ben\\u0022quoted\\u003C9981\\u003E\"}"))
                .isEqualTo("{\"k\":\"***\"}");
    }

    @Test
    void theUrlFormsOfJavaScriptAndPythonAndUrlSafeBase64AreMasked() {
        SecretRedactor r = SecretRedactor.none()
                .withSecrets(List.of("Tr0ub4dor&3~xy!z(q)*", "p@ss/w0rd=9;k8", "Zx9+Qw/Er=Ty&Ui?Op Df:Gh@Jk"));
        assertThat(r.redact("a Tr0ub4dor%263~xy!z(q)* b p%40ss/w0rd%3D9%3Bk8 c"))
                .isEqualTo("a *** b *** c");
        String urlSafe = java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString("ab".concat("Zx9+Qw/Er=Ty&Ui?Op Df:Gh@Jk").getBytes());
        assertThat(r.redact("tok " + urlSafe)).doesNotContain(urlSafe.substring(4, urlSafe.length() - 4));
    }

    @Test
    void aPieceOfAValueWithSpacesIsMaskedAndTheSpacesAroundItStay() {
        SecretRedactor r = SecretRedactor.forEnvironment(Map.of("SSH_PASSPHRASE", "correct horse battery staple 42"));
        assertThat(r.redact("said horse battery staple then")).isEqualTo("said *** then");
    }

    @Test
    void moreNamesOfSecretVariablesAreKnown() {
        for (String name : List.of("MYSQL_PWD", "GH_PAT", "NPM_CONFIG__AUTH", "GOOGLE_CREDENTIALS")) {
            assertThat(SecretRedactor.isSecretName(name)).as(name).isTrue();
        }
        for (String name : List.of("PWD", "OLDPWD", "PATH", "XDG_DATA_PATH", "AUTHOR")) {
            assertThat(SecretRedactor.isSecretName(name)).as(name).isFalse();
        }
    }
}
