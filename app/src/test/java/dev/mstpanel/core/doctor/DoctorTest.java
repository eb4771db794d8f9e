package dev.mstpanel.core.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readiness of the real test engines, checked with a real container, and of this machine's tools. */
class DoctorTest {
    @TempDir
    Path home;

    @Test
    void checksDevicesDiskAndMemoryOfLiveContextsAndExplainsTheDeadOne() throws Exception {
        HostEnvironment env = TestEngines.environment(home);
        List<DockerContext> contexts = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> !c.name().equals("default"))
                        .toList();
        CommandRunner runner = new CommandRunner(env);
        DockerCli cli = new DockerCli(runner);
        try (EngineProber prober = new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()));
                Doctor doctor = new Doctor(
                        prober, cli, runner, new MstFinder(new MstLocator(runner), () -> null, () -> null))) {
            DoctorReport report = doctor.run(contexts, Duration.ofSeconds(3));
            assertThat(report.contexts())
                    .extracting(ContextReadiness::context)
                    .containsExactly("dead", "engine-1", "engine-2");
            ContextReadiness dead = report.contexts().get(0);
            assertThat(dead.checks().get(0).status()).isEqualTo(CheckStatus.WARN);
            assertThat(dead.worst()).isEqualTo(CheckStatus.WARN);
            assertThat(dead.checks().get(0).detail()).contains("No socket at");
            ContextReadiness e1 = report.contexts().get(1);
            // an MST image when the engine has one, else the test engines' local image; never a pulled one
            assertThat(e1.checkImage()).matches("mst-(cowork|chatgpt)-linux:.*|mst-test/base:1");
            Map<String, DoctorCheck> byId = new HashMap<>();
            e1.checks().forEach(c -> byId.put(c.id(), c));
            for (String dev : Doctor.DEVICES) {
                // the engines run on this machine: their VM's /dev is this /dev
                CheckStatus expected = Files.exists(Path.of(dev)) ? CheckStatus.PASS : CheckStatus.FAIL;
                assertThat(byId.get("device:" + dev).status()).as(dev).isEqualTo(expected);
                if (expected == CheckStatus.FAIL) {
                    assertThat(byId.get("device:" + dev).fixCommand()).startsWith("sudo modprobe");
                }
            }
            assertThat(byId.get("memory").status()).isEqualTo(CheckStatus.PASS);
            assertThat(byId.get("memory").detail()).containsPattern("\\d+\\.\\d GiB spare of \\d+\\.\\d GiB");
            assertThat(byId.get("disk").detail()).containsPattern("\\d+\\.\\d GiB free in .*/engine-1/data");
            assertThat(byId.get("arch").status()).isEqualTo(CheckStatus.PASS);
            // GiB throughout; GB only when quoting Claude Desktop's VM size, with its GiB beside it
            assertThat(byId.get("memory").detail()).endsWith("; Cowork's VM alone gets 4 GB (3.7 GiB)");
            assertThat(byId.get("disk").detail()).endsWith("(a Cowork container unpacks about 9.3 GiB)");
            for (ContextReadiness c : report.contexts()) {
                for (DoctorCheck k : c.checks()) {
                    String said = (k.detail() + " " + k.fix()).replace("4 GB (3.7 GiB)", "");
                    assertThat(said).as(k.id()).doesNotContainPattern("\\d GB\\b");
                }
            }
            // the note names the image the check used, and calls only MST's own images MST's
            assertThat(Doctor.checkImageNote(e1.checkImage())).contains("container of " + e1.checkImage());
            assertThat(Doctor.checkImageNote("mst-test/base:1"))
                    .isEqualTo(
                            "Devices and disk checked in a short container of mst-test/base:1 (no MST image on this context yet, so a local image instead).")
                    .doesNotContain("MST's image");
            assertThat(Doctor.checkImageNote("mst-cowork-linux:2.0.0")).contains("mst-cowork-linux:2.0.0, MST's image");
            // the check container is gone
            assertThat(EngineContainers.docker(List.of(
                            "docker",
                            "--context",
                            "engine-1",
                            "ps",
                            "-a",
                            "-q",
                            "--filter",
                            "label=" + Doctor.PROBE_LABEL)))
                    .isBlank();
        }
    }

    @Test
    void anUnreachableContextWarnsButDoesNotFailTheExitCode() throws Exception {
        HostEnvironment env = TestEngines.environment(home);
        DockerContext deadContext = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> c.name().equals("dead"))
                        .findFirst()
                        .orElseThrow();
        CommandRunner runner = new CommandRunner(env);
        DockerCli cli = new DockerCli(runner);
        try (EngineProber prober = new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()));
                Doctor doctor = new Doctor(
                        prober, cli, runner, new MstFinder(new MstLocator(runner), () -> null, () -> null))) {
            ContextReadiness dead = doctor.checkContext(deadContext, Duration.ofSeconds(3));
            List<DoctorCheck> toolsThere = List.of(
                    DoctorCheck.pass("docker-cli", "docker CLI", "Docker version 26"),
                    DoctorCheck.pass("node", "Node.js", "v22"),
                    DoctorCheck.pass("mst", "MST (mcp-server-tester)", "mst 2.0.0"));
            assertThat(new DoctorReport(toolsThere, List.of(dead), 1).exitCode())
                    .isZero();

            List<DoctorCheck> noNode = List.of(
                    toolsThere.get(0),
                    new DoctorCheck(
                            "node", "Node.js", CheckStatus.FAIL, "No `node` on PATH.", "Install Node.js", null));
            assertThat(new DoctorReport(noNode, List.of(dead), 1).exitCode()).isEqualTo(1);

            ContextReadiness tooSmall = new ContextReadiness(
                    "engine-1",
                    List.of(
                            DoctorCheck.pass("engine", "Engine answers", "Docker 26"),
                            new DoctorCheck(
                                    "memory",
                                    "Memory for a Cowork container",
                                    CheckStatus.FAIL,
                                    "1.0 GiB spare of 2.0 GiB",
                                    "more",
                                    null)),
                    null,
                    1);
            assertThat(new DoctorReport(toolsThere, List.of(dead, tooSmall), 1).exitCode())
                    .isEqualTo(1);
        }
    }

    @Test
    void findsToolsAndMstWithVersions() throws Exception {
        Path bin = Files.createDirectories(home.resolve("eval/node_modules/.bin"));
        Path mst = bin.resolve("mst");
        Files.writeString(mst, "#!/bin/sh\necho 2.0.0-rc.3\n");
        Files.setPosixFilePermissions(mst, PosixFilePermissions.fromString("rwxr-xr-x"));
        HostEnvironment env = TestEngines.environment(home);
        CommandRunner runner = new CommandRunner(env);
        DockerCli cli = new DockerCli(runner);
        try (EngineProber prober = new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()));
                Doctor doctor = new Doctor(
                        prober,
                        cli,
                        runner,
                        new MstFinder(new MstLocator(runner), () -> null, () -> home.resolve("eval/eval.json")))) {
            Map<String, DoctorCheck> byId = new HashMap<>();
            doctor.hostChecks().forEach(c -> byId.put(c.id(), c));
            assertThat(byId.get("docker-cli").detail()).startsWith("Docker version ");
            assertThat(byId.get("mst").detail()).isEqualTo("mst 2.0.0-rc.3 (" + mst + ")");
            assertThat(byId.get("buildx").status()).isIn(CheckStatus.PASS, CheckStatus.WARN);
        }
    }

    @Test
    void colimaContextWithoutKvmGetsTheNestedVirtualizationCommand() {
        assertThat(Doctor.colimaCommand("mst-kvm"))
                .isEqualTo("colima start mst-kvm --vm-type vz --nested-virtualization --cpu 6 --memory 12 --disk 40");
    }
}
