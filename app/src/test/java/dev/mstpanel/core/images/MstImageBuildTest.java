package dev.mstpanel.core.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.mst.FlagVocabulary;
import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mst runner setup docker} through the run supervisor: the exact command line, streamed output, progress figures, cancel. */
class MstImageBuildTest {
    @TempDir
    Path dir;

    private ImageBuilds builds() {
        Map<String, String> vars = new HashMap<>(System.getenv());
        CommandRunner runner = new CommandRunner(new HostEnvironment(vars, dir, HostEnvironment.OsFamily.current()));
        return new ImageBuilds(new ProcessSupervisor(), runner, new DockerCli(runner), dir.resolve("logs"));
    }

    private Path fakeMst(String body) throws Exception {
        Path mst = dir.resolve("mst");
        Files.writeString(mst, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(mst, PosixFilePermissions.fromString("rwxr-xr-x"));
        return mst;
    }

    @Test
    void setupCommandCarriesContextsConfigAndPinnedVersions() throws Exception {
        Path mst = fakeMst("exit 0\n");
        Path eval = Files.writeString(dir.resolve("eval.json"), "{}");
        MstInstallation install = new MstInstallation(
                List.of(mst.toString()), MstInstallation.Source.PATH, "2.0.0", FlagVocabulary.RUNNER, null);
        BuildPlan plan = builds().mstSetupPlan(install, List.of("colima-mst-kvm", "engine-2"), eval, "1.21459.0", " ");
        assertThat(plan.argv())
                .containsExactly(
                        mst.toString(),
                        "runner",
                        "setup",
                        "docker",
                        "--config",
                        eval.toString(),
                        "--runner-option",
                        "contexts=colima-mst-kvm,engine-2",
                        "--runner-option",
                        "claudeDesktopVersion=1.21459.0");
        assertThat(plan.workingDir()).isEqualTo(dir);
        MstInstallation older = new MstInstallation(
                List.of(mst.toString()), MstInstallation.Source.PATH, "2.0.0-beta.1", FlagVocabulary.ENV, null);
        assertThat(builds().mstSetupPlan(older, List.of("engine-1"), null, null, "1.2.3")
                        .argv())
                .containsExactly(
                        mst.toString(),
                        "runner",
                        "setup",
                        "docker",
                        "--env-option",
                        "contexts=engine-1",
                        "--env-option",
                        "chatgptVersion=1.2.3");
        assertThatThrownBy(() -> builds().mstSetupPlan(install, List.of("a;b"), null, null, null))
                .hasMessageContaining("not a Docker name");
        assertThatThrownBy(() -> builds().mstSetupPlan(install, List.of("engine-1"), null, "1.0 && x", null))
                .hasMessageContaining("is not a version");
    }

    @Test
    void anEvalWhosePluginIsNamedByAFilePathIsRefusedBeforeTheBuildAndOneWithPackagesIsPassedWithConfig()
            throws Exception {
        Path mst = fakeMst("exit 0\n");
        MstInstallation install = new MstInstallation(
                List.of(mst.toString()), MstInstallation.Source.PATH, "2.0.0", FlagVocabulary.RUNNER, null);
        Path byPath = Files.writeString(
                dir.resolve("by-path.json"), "{\"name\": \"x\", \"plugins\": [\"./plugins/tickets.js\"]}");
        assertThatThrownBy(() -> builds().mstSetupPlan(install, List.of("engine-1"), byPath, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("The plugin ./plugins/tickets.js is named by a file path");
        Path packages = Files.writeString(
                dir.resolve("packages.json"), "{\"name\": \"x\", \"plugins\": [\"@acme/mst-plugin-tickets\"]}");
        assertThat(builds().mstSetupPlan(install, List.of("engine-1"), packages, null, null)
                        .argv())
                .containsSubsequence("--config", packages.toString());
    }

    @Test
    void streamsTheBuildWithProgressAndCancels() throws Exception {
        Path mst = fakeMst(
                "echo 'Step 1/4 : FROM ubuntu:24.04'\necho '[mst] downloading the VM bundle: 600 MB / 1.2 GB' >&2\n"
                        + "echo 'Step 2/4 : RUN apt-get install claude-desktop'\nsleep 60\necho never\n");
        MstInstallation install = new MstInstallation(
                List.of(mst.toString()), MstInstallation.Source.PATH, "2.0.0", FlagVocabulary.RUNNER, null);
        BuildPlan plan = builds().mstSetupPlan(install, List.of("engine-1"), null, null, null);
        List<String> lines = new CopyOnWriteArrayList<>();
        ProcessSupervisor.SupervisedProcess p = builds().start(plan, (stream, line) -> lines.add(line));
        long deadline = System.currentTimeMillis() + 10_000;
        // stdout and stderr are read on two threads: wait for the last line of each
        while ((lines.stream().noneMatch(l -> l.startsWith("Step 2/4"))
                        || lines.stream().noneMatch(l -> l.startsWith("[mst] downloading")))
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(lines).contains("Step 1/4 : FROM ubuntu:24.04", "[mst] downloading the VM bundle: 600 MB / 1.2 GB");
        assertThat(BuildProgress.step("Step 2/4 : RUN apt-get install claude-desktop"))
                .containsExactly(2, 4);
        assertThat(BuildProgress.step("#7 [3/12] RUN npm install -g openai")).containsExactly(3, 12);
        assertThat(BuildProgress.download("[mst] downloading the VM bundle: 600 MB / 1.2 GB")
                        .getAsDouble())
                .isEqualTo(0.5);
        assertThat(BuildProgress.download("Downloading 45%").getAsDouble()).isEqualTo(0.45);
        p.cancel();
        p.cancel();
        int code = p.exitCode().get(30, TimeUnit.SECONDS);
        assertThat(code).isNotZero();
        assertThat(lines).doesNotContain("never");
        assertThat(Files.readString(plan.logFile())).contains("Step 1/4 : FROM ubuntu:24.04");
    }
}
