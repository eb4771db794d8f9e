package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalConfigTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** A named pipe where the config or a dataset should be is said at once: opening it would wait forever. */
    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aNamedPipeForTheConfigOrADatasetIsRefusedWithoutWaiting() throws Exception {
        Path pipe = dir.resolve("cases.json");
        new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor();
        Path config =
                Files.writeString(dir.resolve("eval.json"), "{\"name\": \"shop\", \"datasets\": [\"cases.json\"]}");
        assertThat(EvalConfig.read(config).caseIds()).isEmpty();
        assertThatThrownBy(() -> EvalConfig.read(pipe))
                .isInstanceOf(EvalConfigException.class)
                .hasMessageContaining(pipe.toString());
    }

    @Test
    void coworkConfigReadsNameClientVariantsAndRedaction() throws Exception {
        EvalConfig c = EvalConfig.read(write("eval.json", """
                {"name": "checkout-flow", "client": "cowork", "redactStoredResponses": false,
                 "coworkSetup": {"approveWriteTools": true},
                 "variants": [{"name": "baseline"}, {"name": "tool-search-off", "coworkSetup": {"toolSearch": false}}]}
                """));
        assertThat(c.name()).isEqualTo("checkout-flow");
        assertThat(c.clientKind()).isEqualTo(ClientKind.COWORK);
        assertThat(c.variants()).containsExactly("baseline", "tool-search-off");
        assertThat(c.redactStoredResponses()).contains(false);
        assertThat(c.coworkSetup().path("approveWriteTools").asBoolean()).isTrue();
    }

    @Test
    void clientIsCoworkWhenAbsent() throws Exception {
        EvalConfig c = EvalConfig.read(write("eval.json", "{\"name\": \"x\"}"));
        assertThat(c.client()).isEqualTo("cowork");
        assertThat(c.clientGiven()).isFalse();
        assertThat(c.clientKind()).isEqualTo(ClientKind.COWORK);
        assertThat(c.variants()).containsExactly("default");
        assertThat(c.redactStoredResponses()).isEmpty();
    }

    @Test
    void clientsMapToTheirContainerKinds() {
        assertThat(ClientKind.of("chatgpt")).isEqualTo(ClientKind.CHATGPT);
        assertThat(ClientKind.of("codex-app")).isEqualTo(ClientKind.CHATGPT);
        assertThat(ClientKind.of("codex-cli")).isEqualTo(ClientKind.HEADLESS);
        assertThat(ClientKind.of("api")).isEqualTo(ClientKind.HEADLESS);
        assertThat(ClientKind.of("claude-code")).isEqualTo(ClientKind.HEADLESS);
        assertThat(ClientKind.of("my-plugin")).isEqualTo(ClientKind.OTHER);
    }

    @Test
    void notJsonGivesLineAndColumn() throws Exception {
        Path p = write("broken.json", "{\n  \"name\": \"x\",\n  \"client\" \"cowork\"\n}\n");
        assertThatThrownBy(() -> EvalConfig.read(p)).isInstanceOfSatisfying(EvalConfigException.class, e -> {
            assertThat(e.line()).isEqualTo(3);
            assertThat(e.column()).isGreaterThan(0);
            assertThat(e.getMessage()).startsWith("broken.json is not valid JSON at line 3, column ");
            assertThat(e.getMessage()).doesNotContain("\n");
        });
    }

    @Test
    void missingNameIsAClearError() throws Exception {
        Path p = write("eval.json", "{\"client\": \"chatgpt\"}");
        assertThatThrownBy(() -> EvalConfig.read(p))
                .isInstanceOf(EvalConfigException.class)
                .hasMessage("eval.json has no \"name\": MST needs one to name the eval and its results folder.");
    }

    @Test
    void arrayOrMissingFileIsAClearError() throws Exception {
        Path p = write("eval.json", "[1, 2]");
        assertThatThrownBy(() -> EvalConfig.read(p)).hasMessageContaining("should be a JSON object with a \"name\"");
        assertThatThrownBy(() -> EvalConfig.read(dir.resolve("nope.json"))).hasMessageContaining("There is no file");
        assertThatThrownBy(() -> EvalConfig.read(write("empty.json", ""))).hasMessageContaining("is empty");
    }

    @Test
    void expectedTrialsCountsCasesVariantsAndTrials() throws Exception {
        write("cases.json", "[{\"id\": \"a\"}, {\"id\": \"b\"}, {\"id\": \"c\"}]");
        EvalConfig c = EvalConfig.read(write("eval.json", """
                {"name": "x", "datasets": ["cases.json"], "trials": 2, "variants": [{"name": "a"}, {"name": "b"}]}
                """));
        assertThat(c.expectedTrials()).hasValue(12);
        EvalConfig unknown = EvalConfig.read(write("eval2.json", "{\"name\": \"x\", \"datasets\": [\"remote.json\"]}"));
        assertThat(unknown.expectedTrials()).isEmpty();
    }
}
