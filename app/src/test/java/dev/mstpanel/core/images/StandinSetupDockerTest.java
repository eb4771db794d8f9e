package dev.mstpanel.core.images;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.mst.FlagVocabulary;
import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code mst} stand-in's {@code runner setup docker}, run the way the Images view runs it
 * (through {@link ImageBuilds}): it builds {@code mst-cowork-linux:<version>} FROM
 * {@code mst-test/base:1} on a test engine, and the Images listing then calls it current.
 */
@DisabledOnOs(OS.WINDOWS)
class StandinSetupDockerTest {
    /** A version no other test uses, so the image this test builds is its own to remove. */
    private final String version = "0.0.0-setup." + UUID.randomUUID().toString().substring(0, 8);

    @TempDir
    Path dir;

    @AfterEach
    void removeImage() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(
                        "docker", "--context", "engine-1", "rmi", "-f", "mst-cowork-linux:" + version)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        pb.start().waitFor(60, TimeUnit.SECONDS);
    }

    @Test
    void setupDockerBuildsTheCoworkImageOfItsVersionOnTheContext() throws Exception {
        TestEngines.require();
        Map<String, String> vars = new HashMap<>(TestEngines.environment(dir).variables());
        vars.put("MST_STANDIN_VERSION", version);
        HostEnvironment env = new HostEnvironment(vars, dir, HostEnvironment.OsFamily.current());
        CommandRunner runner = new CommandRunner(env);
        ImageBuilds builds =
                new ImageBuilds(new ProcessSupervisor(), runner, new DockerCli(runner), dir.resolve("logs"));
        Path standin = TestEngines.projectRoot().resolve("app/src/test/resources/mst-standin/mst");
        MstInstallation mst = new MstInstallation(
                List.of(standin.toString()), MstInstallation.Source.SETTINGS, version, FlagVocabulary.RUNNER, null);

        BuildPlan plan = builds.mstSetupPlan(mst, List.of("engine-1"), null, null, null);
        List<String> lines = new CopyOnWriteArrayList<>();
        int code =
                builds.start(plan, (stream, line) -> lines.add(line)).exitCode().get(180, TimeUnit.SECONDS);

        assertThat(code).as("exit code; output: %s", lines).isZero();
        assertThat(lines)
                .contains(
                        "[mst] building mst-cowork-linux:" + version + " on engine-1",
                        "[mst] engine-1: mst-cowork-linux:" + version + " ready");
        assertThat(EngineContainers.docker(List.of(
                                "docker",
                                "--context",
                                "engine-1",
                                "run",
                                "--rm",
                                "--network",
                                "none",
                                "mst-cowork-linux:" + version,
                                "cat",
                                "/etc/mst-version"))
                        .strip())
                .isEqualTo(version);
        DockerContext engine1 = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> c.name().equals("engine-1"))
                        .findFirst()
                        .orElseThrow();
        try (MstImages images = new MstImages(DockerClientFactory.standard(HostEnvironment.fromSystem()))) {
            ContextImages listed = images.list(List.of(engine1), version, Duration.ofSeconds(10))
                    .get(0);
            assertThat(listed.images()).anySatisfy(i -> assertThat(i.tags()).contains("mst-cowork-linux:" + version));
            assertThat(listed.states())
                    .filteredOn(s -> s.family() == ImageFamily.COWORK)
                    .singleElement()
                    .satisfies(s -> assertThat(s.status()).isEqualTo(FamilyState.Status.CURRENT));
        }
    }
}
