package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.doctor.CheckStatus;
import dev.mstpanel.core.doctor.ContextReadiness;
import dev.mstpanel.core.doctor.Doctor;
import dev.mstpanel.core.doctor.DoctorCheck;
import dev.mstpanel.core.doctor.MstFinder;
import dev.mstpanel.core.images.BuildPlan;
import dev.mstpanel.core.images.ContextImages;
import dev.mstpanel.core.images.ImageBuilds;
import dev.mstpanel.core.images.ImageRecipe;
import dev.mstpanel.core.images.MstImages;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.mst.OutputListener;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.runs.HostName;
import dev.mstpanel.core.runs.RunContainerWatcher;
import dev.mstpanel.core.runs.RunModel;
import dev.mstpanel.core.runs.RunState;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.TestFleet;
import java.io.Closeable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every feature on an {@code ssh://} context, through the real sshd of {@code scripts/test-fleet.sh}
 * (its logins reach engine-2): MST's containers by label with their memory, session files, logs,
 * live stats of a run's container, the doctor's device checks, an image build and the image list;
 * all of them but the build (which the docker CLI runs with its own ssh) on one ssh login.
 */
class SshContextFeaturesIT {
    @TempDir
    static Path home;

    static SshBridges bridges;
    static DockerClientFactory clients;
    static DockerContext ssh;
    static EngineContainers engines;
    static String kept;
    static String running;

    @BeforeAll
    static void start() throws Exception {
        TestFleet.require();
        bridges = new SshBridges(TestFleet.environment(home));
        clients = DockerClientFactory.standard(bridges);
        ssh = TestFleet.context(home, "ssh-engine");
        engines = new EngineContainers();
        kept = engines.prefix + "-1-kept";
        engines.run(
                "engine-2",
                kept,
                "mst.owner.host=" + OwnerIdentity.localHostName(),
                "mst.owner.pid=" + EngineContainers.deadPid());
        EngineContainers.docker(
                List.of(
                        "docker",
                        "--context",
                        "engine-2",
                        "exec",
                        kept,
                        "sh",
                        "-c",
                        "mkdir -p /run/mst/session && printf 'desktop up over ssh\\n' > /run/mst/session/claude.log && touch /run/mst/session/ready"));
        running = "mst-" + engines.prefix + "-" + ProcessHandle.current().pid() + "-1";
        EngineContainers.docker(List.of(
                "docker",
                "--context",
                "engine-2",
                "run",
                "-d",
                "--network",
                "none",
                "--memory",
                "64m",
                "--name",
                running,
                "--label",
                "mst.owner.host=" + HostName.current(),
                "--label",
                "mst.owner.pid=" + ProcessHandle.current().pid(),
                "mst-test/base:1",
                "sh",
                "-c",
                "while true; do echo tick; sleep 1; done"));
    }

    @AfterAll
    static void stop() throws Exception {
        engines.close();
        EngineContainers.docker(List.of("docker", "--context", "engine-2", "rm", "-f", running));
        clients.close();
        bridges.close();
    }

    @Test
    void mstContainersAreListedByLabelWithTheirMemory() {
        try (MstContainers containers = new MstContainers(OwnerIdentity.current(), clients)) {
            ContainerListing listing = containers.list(List.of(ssh), Duration.ofSeconds(10));
            assertThat(listing.failures()).isEmpty();
            MstContainer k = listing.containers().stream()
                    .filter(c -> c.name().equals(kept))
                    .findFirst()
                    .orElseThrow();
            assertThat(k.context()).isEqualTo("ssh-engine");
            assertThat(k.kind()).isIn(ContainerKind.KEPT, ContainerKind.ORPHANED);
            assertThat(k.memoryBytes()).isPositive();
        }
    }

    @Test
    void containersOfOneEngineReachedTwiceAreListedOnceUnderItsSocket() {
        DockerContext socket = TestFleet.context(home, "engine-2");
        try (MstContainers containers = new MstContainers(OwnerIdentity.current(), clients)) {
            ContainerListing listing = containers.list(List.of(ssh, socket), Duration.ofSeconds(10));
            assertThat(listing.containers().stream().filter(c -> c.name().equals(kept)))
                    .singleElement()
                    .satisfies(c -> assertThat(c.context()).isEqualTo("engine-2"));
        }
    }

    @Test
    void sessionFilesAndLogsAreRead() throws Exception {
        try (MstContainers containers = new MstContainers(OwnerIdentity.current(), clients)) {
            List<SessionFile> files = new SessionFiles(containers).read(ssh, kept, Duration.ofSeconds(10));
            assertThat(files).anySatisfy(f -> {
                assertThat(f.path()).isEqualTo("/run/mst/session/claude.log");
                assertThat(f.content()).contains("desktop up over ssh");
            });
        }
        List<String> lines = new CopyOnWriteArrayList<>();
        CountDownLatch ended = new CountDownLatch(1);
        try (Closeable log =
                new ContainerLogs(clients).open(ssh, running, 50, false, lines::add, why -> ended.countDown())) {
            assertThat(ended.await(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(lines).contains("tick");
    }

    @Test
    void liveStatsOfARunsContainerArriveEverySecond() throws Exception {
        RunModel model = new RunModel();
        long me = ProcessHandle.current().pid();
        RunContainerWatcher watcher = new RunContainerWatcher(
                List.of(ssh), clients, HostName.current(), () -> List.of(me), model, Duration.ofSeconds(1));
        try {
            watcher.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            RunState s = model.snapshot();
            while (System.nanoTime() < deadline
                    && s.shards().stream().noneMatch(sh -> sh.memoryHistory().size() >= 3)) {
                Thread.sleep(250);
                s = model.snapshot();
            }
            assertThat(s.shards()).anySatisfy(sh -> {
                assertThat(sh.memoryBytes()).isPositive();
                assertThat(sh.memoryHistory().size()).isGreaterThanOrEqualTo(3);
            });
        } finally {
            watcher.close();
        }
    }

    @Test
    void doctorChecksTheDevicesOfTheEngineBehindSsh() {
        CommandRunner runner = new CommandRunner(TestFleet.environment(home));
        try (EngineProber prober = new EngineProber(clients);
                Doctor doctor = new Doctor(
                        prober,
                        new DockerCli(runner),
                        runner,
                        new MstFinder(new MstLocator(runner), () -> null, () -> null))) {
            ContextReadiness r = doctor.checkContext(ssh, Duration.ofSeconds(10));
            assertThat(r.checks().get(0).status()).isEqualTo(CheckStatus.PASS);
            assertThat(r.checkImage()).isNotNull();
            List<DoctorCheck> devices = r.checks().stream()
                    .filter(c -> c.id().startsWith("device:"))
                    .toList();
            assertThat(devices)
                    .hasSize(4)
                    .allSatisfy(c -> assertThat(c.status()).isNotEqualTo(CheckStatus.SKIPPED));
            assertThat(r.checks().stream()
                            .filter(c -> c.id().equals("disk"))
                            .findFirst()
                            .orElseThrow()
                            .status())
                    .isNotEqualTo(CheckStatus.SKIPPED);
        }
    }

    @Test
    void anImageIsBuiltAndListed() throws Exception {
        String baseTag = "t" + UUID.randomUUID().toString().substring(0, 8);
        String base = "mst-cowork-linux:" + baseTag;
        String out = "mst-judge:" + baseTag;
        Path recipe = Files.createDirectories(home.resolve("recipes/judge"));
        Files.writeString(
                recipe.resolve("Dockerfile"),
                String.join(
                        "\n",
                        "ARG BASE_TAG",
                        "FROM mst-cowork-linux:${BASE_TAG}",
                        "RUN echo built-over-ssh > /judge.txt",
                        ""));
        Files.writeString(recipe.resolve("README.md"), "# judge\n\nA test recipe.\n");
        EngineContainers.docker(List.of("docker", "--context", "engine-2", "tag", "mst-test/base:1", base));
        CommandRunner runner = new CommandRunner(TestFleet.environment(home));
        ImageBuilds builds =
                new ImageBuilds(new ProcessSupervisor(), runner, new DockerCli(runner), home.resolve("logs"));
        try {
            BuildPlan plan = builds.recipePlan(ssh, ImageRecipe.read(recipe), baseTag, out, "none");
            List<String> lines = new CopyOnWriteArrayList<>();
            int code = builds.start(plan, new OutputListener() {
                        @Override
                        public void onLine(Stream stream, String line) {
                            lines.add(line);
                        }
                    })
                    .exitCode()
                    .get(120, TimeUnit.SECONDS);
            assertThat(code).as(String.join("\n", lines)).isZero();
            try (MstImages images = new MstImages(clients)) {
                ContextImages listed = images.list(List.of(ssh), baseTag, Duration.ofSeconds(10))
                        .get(0);
                assertThat(listed.failure()).isNull();
                assertThat(listed.images()).anySatisfy(i -> assertThat(i.tags()).contains(out));
            }
        } finally {
            EngineContainers.docker(List.of("docker", "--context", "engine-2", "image", "rm", "-f", out, base));
        }
    }
}
