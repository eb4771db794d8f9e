package dev.mstpanel.ui.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The view model without a toolkit: a direct UI executor, real engines. */
class ContextsViewModelIT {
    @TempDir
    Path home;

    @Test
    void rowsFillInAsProbesReturnAndOptionsResplitThem() throws Exception {
        HostEnvironment env = TestEngines.environment(home);
        Object lock = new Object();
        UiExecutor serial = r -> {
            synchronized (lock) {
                r.run();
            }
        };
        var background = Executors.newCachedThreadPool();
        try (EngineProber prober = new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()))) {
            ContextsViewModel model = new ContextsViewModel(
                    new ContextStore(env), prober, () -> Duration.ofSeconds(10), serial, background);
            model.refresh();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (model.refreshingProperty().get() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            synchronized (lock) {
                assertThat(model.rows()).extracting(ContextRow::name).contains("engine-1", "engine-2", "dead");
                assertThat(model.rows())
                        .filteredOn(r -> r.name().startsWith("engine-"))
                        .allMatch(r -> r.state() == ContextRow.State.REACHABLE);
                ContextRow dead = model.rows().stream()
                        .filter(r -> r.name().equals("dead"))
                        .findFirst()
                        .orElseThrow();
                assertThat(dead.state()).isEqualTo(ContextRow.State.UNREACHABLE);
                assertThat(dead.probe().failure().message()).startsWith("No socket at");
                assertThat(model.summaryProperty().get()).startsWith("2 of ");

                model.memoryInputProperty().set("3g");
                ContextRow e1 = model.rows().stream()
                        .filter(r -> r.name().equals("engine-1"))
                        .findFirst()
                        .orElseThrow();
                assertThat(e1.capacity().cowork().memoryBytes()).isEqualTo(3L << 30);
                model.memoryInputProperty().set("3 apples");
                assertThat(model.sizingErrorProperty().get()).contains("is not a memory size");
            }
        } finally {
            background.shutdownNow();
        }
    }
}
