package dev.mstpanel.core.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextList;
import dev.mstpanel.core.docker.ContextSource;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Doctor's advice is for the engine the person has: OrbStack, Colima (custom COLIMA_HOME included), Docker Desktop, Linux. */
class EngineAdviceTest {
    private static final List<String> DEVICES =
            List.of("/dev/kvm", "/dev/vhost-vsock", "/dev/vhost-net", "/dev/net/tun");

    @TempDir
    Path home;

    private static DockerContext context(String name, String endpoint, String colimaProfile) {
        return new DockerContext(
                name, "", endpoint, ContextSource.CONTEXT_STORE, false, null, false, null, null, colimaProfile);
    }

    private static EngineInfo engine(String os) {
        return new EngineInfo("28.0.1", os, "linux", "aarch64", 6, 8L << 30, 0, "/var/lib/docker", "");
    }

    @Test
    void orbStackGetsOrbStackAdviceNeverModprobe() {
        DockerContext orb = context("orbstack", "unix:///Users/a/.orbstack/run/docker.sock", null);
        assertThat(EngineAdvice.kind(orb, engine("OrbStack"))).isEqualTo(EngineAdvice.Kind.ORBSTACK);
        assertThat(EngineAdvice.kind(context("mine", "unix:///Users/a/.orbstack/run/docker.sock", null), null))
                .isEqualTo(EngineAdvice.Kind.ORBSTACK);
        for (String dev : DEVICES) {
            EngineAdvice.Fix fix = EngineAdvice.missingDevice(orb, EngineAdvice.Kind.ORBSTACK, dev);
            assertThat(fix.text()).startsWith("OrbStack's VM gives containers no KVM");
            assertThat(fix.command())
                    .startsWith("colima start mst-kvm --vm-type vz --nested-virtualization")
                    .doesNotContain("modprobe");
        }
        assertThat(EngineAdvice.memory(orb, EngineAdvice.Kind.ORBSTACK).text()).contains("OrbStack → Settings");
        assertThat(EngineAdvice.notReachable(orb, EngineAdvice.Kind.ORBSTACK).command())
                .isEqualTo("orb start");
    }

    @Test
    void colimaUnderACustomColimaHomeGetsColimaAdvice() throws Exception {
        Path vms = home.resolve("vms");
        Path sock = Files.createDirectories(vms.resolve("mst-kvm")).resolve("docker.sock");
        Files.writeString(sock, "");
        Path config = Files.createDirectories(
                home.resolve(".docker/contexts/meta").resolve(ContextStore.sha256("colima-mst-kvm")));
        Files.writeString(
                config.resolve("meta.json"),
                "{\"Name\":\"colima-mst-kvm\",\"Endpoints\":{\"docker\":{\"Host\":\"unix://" + sock + "\"}}}");
        ContextList list = new ContextStore(
                        new HostEnvironment(Map.of("COLIMA_HOME", vms.toString()), home, HostEnvironment.OsFamily.MAC))
                .load();
        DockerContext c = list.contexts().stream()
                .filter(x -> x.name().equals("colima-mst-kvm"))
                .findFirst()
                .orElseThrow();
        EngineAdvice.Kind kind = EngineAdvice.kind(c, engine("Ubuntu 24.04 LTS"));
        assertThat(kind).isEqualTo(EngineAdvice.Kind.COLIMA);
        assertThat(EngineAdvice.missingDevice(c, kind, "/dev/kvm").command())
                .isEqualTo("colima start mst-kvm --vm-type vz --nested-virtualization --cpu 6 --memory 12 --disk 40");
        assertThat(EngineAdvice.notReachable(c, kind).command()).isEqualTo("colima start mst-kvm");
        assertThat(EngineAdvice.memory(c, kind).command())
                .isEqualTo("colima stop mst-kvm && colima start mst-kvm --memory 12");
    }

    @Test
    void dockerDesktopGetsDockerDesktopAdvice() {
        DockerContext dd = context("desktop-linux", "unix:///Users/a/.docker/run/docker.sock", null);
        assertThat(EngineAdvice.kind(dd, engine("Docker Desktop"))).isEqualTo(EngineAdvice.Kind.DOCKER_DESKTOP);
        assertThat(EngineAdvice.kind(dd, null)).isEqualTo(EngineAdvice.Kind.DOCKER_DESKTOP);
        assertThat(EngineAdvice.missingDevice(dd, EngineAdvice.Kind.DOCKER_DESKTOP, "/dev/kvm")
                        .text())
                .startsWith("Docker Desktop's VM gives containers no KVM");
        assertThat(EngineAdvice.memory(dd, EngineAdvice.Kind.DOCKER_DESKTOP).text())
                .contains("Settings → Resources → Memory");
        assertThat(EngineAdvice.notReachable(dd, EngineAdvice.Kind.DOCKER_DESKTOP)
                        .command())
                .isEqualTo("open -a Docker");
    }

    @Test
    void aLinuxEngineGetsTheModulesToLoad() {
        DockerContext linux = context("default", "unix:///var/run/docker.sock", null);
        assertThat(EngineAdvice.kind(linux, engine("Debian GNU/Linux 13 (trixie)")))
                .isEqualTo(EngineAdvice.Kind.LINUX);
        assertThat(EngineAdvice.missingDevice(linux, EngineAdvice.Kind.LINUX, "/dev/kvm")
                        .command())
                .isEqualTo("sudo modprobe kvm_intel || sudo modprobe kvm_amd");
        assertThat(EngineAdvice.missingDevice(linux, EngineAdvice.Kind.LINUX, "/dev/vhost-vsock")
                        .command())
                .isEqualTo("sudo modprobe vhost_vsock");
        assertThat(EngineAdvice.missingDevice(linux, EngineAdvice.Kind.LINUX, "/dev/net/tun")
                        .command())
                .isEqualTo("sudo modprobe tun");
    }

    @Test
    void buildxOnAMacIsLinkedWhereTheDockerCliLooks() {
        HostEnvironment mac = new HostEnvironment(Map.of(), home, HostEnvironment.OsFamily.MAC);
        EngineAdvice.Fix arm = EngineAdvice.buildx(mac, Path.of("/opt/homebrew/bin/docker"));
        assertThat(arm.text())
                .contains("\"cliPluginsExtraDirs\": [\"/opt/homebrew/lib/docker/cli-plugins\"]")
                .contains("~/.docker/config.json");
        assertThat(arm.command())
                .isEqualTo("brew install docker-buildx && mkdir -p ~/.docker/cli-plugins && ln -sfn "
                        + "/opt/homebrew/opt/docker-buildx/bin/docker-buildx ~/.docker/cli-plugins/docker-buildx");
        assertThat(EngineAdvice.buildx(mac, Path.of("/usr/local/bin/docker")).command())
                .contains("ln -sfn /usr/local/opt/docker-buildx/bin/docker-buildx");
        HostEnvironment linux = new HostEnvironment(Map.of(), home, HostEnvironment.OsFamily.LINUX);
        assertThat(EngineAdvice.buildx(linux, Path.of("/usr/bin/docker")).command())
                .isEqualTo("sudo apt-get install docker-buildx");
    }
}
