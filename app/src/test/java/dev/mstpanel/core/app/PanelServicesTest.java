package dev.mstpanel.core.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one composition: each service built once and shared, every Docker service on the composition's one client factory. */
class PanelServicesTest {
    @TempDir
    Path home;

    @Test
    void eachServiceIsBuiltOnceAndTheDockerServicesShareOneClientFactory() {
        try (PanelServices services = PanelServices.forCommand(TestEngines.environment(home))) {
            assertThat(services.prober()).isSameAs(services.prober());
            assertThat(services.resultsReader()).isSameAs(services.resultsReader());
            assertThat(services.contextStore()).isSameAs(services.contextStore());
            assertThat(services.prober().clients()).isSameAs(services.dockerClients());
            assertThat(services.containers().clients()).isSameAs(services.dockerClients());
            assertThat(services.doctor()).isSameAs(services.doctor());
            assertThat(services.comparisons()).isSameAs(services.comparisons());
        }
    }

    @Test
    void aClosedCompositionMakesNoNewServices() {
        PanelServices services = PanelServices.forCommand(TestEngines.environment(home));
        services.close();
        assertThatThrownBy(services::prober).isInstanceOf(IllegalStateException.class);
    }
}
