package dev.mstpanel.ui.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.colima.Colima;
import dev.mstpanel.core.colima.ColimaProfile;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.RemoteHosts;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Colima part of the Contexts view against the {@code colima} test double
 * (app/src/test/resources/colima-double): profiles listed, a VM created and started with its
 * progress, its context probed, a start cancelled, a stop, and no Colima at all.
 */
class FleetViewModelIT {
    @TempDir
    Path home;

    HostEnvironment env;
    ExecutorService background;
    EngineProber prober;
    AtomicInteger contextRefreshes = new AtomicInteger();

    @BeforeEach
    void setUp() throws Exception {
        TestEngines.require();
        Map<String, String> vars = new HashMap<>(System.getenv());
        vars.put("COLIMA_HOME", home.resolve("colima").toString());
        vars.put(
                "DOCKER_CONFIG",
                Files.createDirectories(home.resolve("docker-config")).toString());
        vars.put(
                "PATH",
                TestEngines.projectRoot().resolve("app/src/test/resources/colima-double") + ":" + vars.get("PATH"));
        vars.remove("DOCKER_HOST");
        vars.remove("DOCKER_CONTEXT");
        env = new HostEnvironment(vars, home, HostEnvironment.OsFamily.current());
        background = Executors.newCachedThreadPool();
        prober = new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()));
    }

    @AfterEach
    void tearDown() {
        CommandRunner runner = new CommandRunner(env);
        for (String p : new String[] {"t-kvm", "t-slow"}) {
            runner.run(java.util.List.of("colima", "stop", p), null, Duration.ofSeconds(30));
        }
        background.shutdownNow();
        prober.close();
    }

    private FleetViewModel model(HostEnvironment e) {
        CommandRunner runner = new CommandRunner(e);
        return new FleetViewModel(
                new Colima(runner),
                new RemoteHosts(runner, new ContextStore(e), prober),
                runner,
                contextRefreshes::incrementAndGet,
                UiExecutor.direct(),
                background);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    @Test
    void aNewVmIsCreatedStartedListedAndItsContextAnswersThenItStops() throws Exception {
        FleetViewModel m = model(env);
        m.refresh();
        await(() -> m.budgetProperty().get() != null, "the budget");
        assertThat(m.profiles()).isEmpty();
        assertThat(m.budgetProperty().get().hostBytes()).isPositive();

        m.create("t-kvm", new Colima.StartOptions(2, 3, 10, "vz", false));
        assertThat(m.busyProfileProperty().get()).isEqualTo("t-kvm");
        await(() -> m.busyProfileProperty().get() == null, "colima start");
        assertThat(m.progressProperty().get()).isEqualTo("Done.");
        await(() -> m.profiles().stream().anyMatch(ColimaProfile::running), "the running profile");
        ColimaProfile p = m.profiles().get(0);
        assertThat(p.name()).isEqualTo("t-kvm");
        assertThat(p.memoryBytes()).isEqualTo(3L << 30);
        assertThat(p.cpus()).isEqualTo(2);
        assertThat(contextRefreshes.get()).isPositive();
        assertThat(m.budgetProperty().get().runningVmBytes()).isEqualTo(3L << 30);

        DockerContext ctx = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> c.name().equals("colima-t-kvm"))
                        .findFirst()
                        .orElseThrow();
        assertThat(prober.probe(ctx, Duration.ofSeconds(10)).reachable()).isTrue();

        m.stop("t-kvm");
        await(() -> m.busyProfileProperty().get() == null, "colima stop");
        await(() -> !m.profiles().isEmpty() && !m.profiles().get(0).running(), "the stopped profile");
        assertThat(m.profiles().get(0).status()).isEqualTo("Stopped");
    }

    @Test
    void aStartCanBeCancelled() throws Exception {
        Map<String, String> vars = new HashMap<>(env.variables());
        vars.put("COLIMA_DOUBLE_SLOW", "20");
        FleetViewModel m = model(new HostEnvironment(vars, home, env.os()));
        m.create("t-slow", new Colima.StartOptions(1, 1, 5, null, false));
        await(
                () -> m.progressProperty().get().contains("runtime: docker")
                        || m.progressProperty().get().contains("starting colima"),
                "progress");
        m.cancel();
        await(() -> m.busyProfileProperty().get() == null, "the cancel");
        assertThat(m.progressProperty().get()).isEqualTo("Cancelled: colima was stopped.");
    }

    @Test
    void withoutColimaOnAMacOneLineSaysHowToInstallIt() throws Exception {
        Map<String, String> vars = new HashMap<>(env.variables());
        vars.put("PATH", "/usr/bin:/bin");
        FleetViewModel m = model(new HostEnvironment(vars, home, HostEnvironment.OsFamily.MAC));
        m.refresh();
        await(() -> !m.colimaInstalledProperty().get(), "the missing colima");
        assertThat(m.colimaProblemProperty().get())
                .isEqualTo(
                        "Colima is not installed: install it with brew install colima to run Docker VMs on this Mac.");
        assertThat(m.colimaShown().get()).isTrue();
    }

    @Test
    void withoutColimaOnLinuxNothingAsksToInstallItAndItsPartIsHidden() throws Exception {
        Map<String, String> vars = new HashMap<>(env.variables());
        vars.put("PATH", "/usr/bin:/bin");
        FleetViewModel m = model(new HostEnvironment(vars, home, HostEnvironment.OsFamily.LINUX));
        m.refresh();
        await(() -> !m.colimaInstalledProperty().get(), "the missing colima");
        assertThat(m.colimaProblemProperty().get()).isNull();
        assertThat(m.colimaShown().get()).isFalse();
        // asked for by name (the colima command), Colima says it is optional here, with no Homebrew on Linux
        assertThat(Colima.installHint(HostEnvironment.OsFamily.LINUX))
                .contains("optional")
                .doesNotContain("brew")
                .doesNotContain("`");
    }
}
