package dev.mstpanel.core.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunArgumentsSecretsFilesTest {
    @Test
    void everySecretsFileGivenIsFoundNotOnlyTheLast() {
        assertThat(RunArguments.allSecretsFiles(
                        List.of("--config", "e.json", "--secrets-file", "a.env", "--secrets-file=b.json", "--x")))
                .containsExactly(Path.of("a.env"), Path.of("b.json"));
    }
}
