package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.HostEnvironment;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A refresh that asks a prober closed under it (the window closing) gets an answer, not an exception on a background thread. */
class EngineProberClosedTest {

    @Test
    void probesAskedAfterCloseAnswerThatThePanelIsShuttingDown() {
        DockerContext c = new DockerContext(
                "engine",
                "",
                "unix:///nowhere/docker.sock",
                ContextSource.CONTEXT_STORE,
                false,
                null,
                false,
                null,
                null,
                null);
        EngineProber prober = new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()));
        prober.close();
        List<ProbeResult> results =
                prober.probeAll(List.of(c), Duration.ofSeconds(1), r -> {}).join();
        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.reachable()).isFalse();
            assertThat(r.failure().message()).isEqualTo("The panel is shutting down.");
        });
    }
}
