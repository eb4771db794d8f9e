package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Contexts with one engine ID are one engine, counted under the most direct transport. */
class EngineGroupsTest {
    private static ProbeResult reachable(String name, String endpoint, String engineId) {
        DockerContext c = new DockerContext(
                name, "", endpoint, ContextSource.CONTEXT_STORE, false, null, false, null, null, null);
        return new ProbeResult(
                c,
                new EngineInfo("28.0", "Ubuntu", "linux", "aarch64", 6, 12L << 30, 0, "/var/lib/docker", engineId),
                null,
                5);
    }

    private static ProbeResult unreachable(String name) {
        DockerContext c = new DockerContext(
                name, "", "unix:///nope.sock", ContextSource.CONTEXT_STORE, false, null, false, null, null, null);
        return new ProbeResult(c, null, new ProbeFailure(ProbeFailure.Kind.MISSING_SOCKET, "No socket", null), 1);
    }

    @Test
    void aSocketAndAnSshPathToOneHostAreOneEngineCountedUnderTheSocket() {
        EngineGroups g = EngineGroups.of(List.of(
                reachable("build-1", "ssh://mst@build-1", "ID-A"),
                reachable("build-1-local", "unix:///var/run/docker.sock", "ID-A"),
                reachable("colima-mst-kvm", "unix:///Users/me/.colima/mst-kvm/docker.sock", "ID-B"),
                unreachable("dead")));

        assertThat(g.sameEngineAs("build-1")).containsExactly("build-1-local");
        assertThat(g.sameEngineAs("build-1-local")).containsExactly("build-1");
        assertThat(g.primary("build-1")).isEqualTo("build-1-local");
        assertThat(g.isAlias("build-1")).isTrue();
        assertThat(g.isAlias("build-1-local")).isFalse();
        assertThat(g.sameEngineAs("colima-mst-kvm")).isEmpty();
        assertThat(g.isAlias("dead")).isFalse();
    }

    private static ProbeResult daemon(String name, String endpoint, String engineId, String root, String host) {
        DockerContext c = new DockerContext(
                name, "", endpoint, ContextSource.CONTEXT_STORE, false, null, false, null, null, null);
        return new ProbeResult(
                c, new EngineInfo("20.10", "Debian", "linux", "x86_64", 2, 4L << 30, 0, root, engineId, host), null, 5);
    }

    @Test
    void daemonsSharingAKeyFileAndSoAnIdAreTwoEngines() {
        EngineGroups g = EngineGroups.of(List.of(
                daemon("engine-1", "unix:///run/engine-1.sock", "ID-SHARED", "/var/lib/engine-1", "vm"),
                daemon("engine-2", "unix:///run/engine-2.sock", "ID-SHARED", "/var/lib/engine-2", "vm"),
                daemon("engine-2-ssh", "ssh://root@vm", "ID-SHARED", "/var/lib/engine-2", "vm"),
                daemon("other-host", "ssh://root@other", "ID-SHARED", "/var/lib/engine-1", "other")));

        assertThat(g.sameEngineAs("engine-1")).isEmpty();
        assertThat(g.sameEngineAs("engine-2")).containsExactly("engine-2-ssh");
        assertThat(g.primary("engine-2-ssh")).isEqualTo("engine-2");
        assertThat(g.sameEngineAs("other-host")).isEmpty();
    }

    @Test
    void enginesWithoutAnIdStandAlone() {
        EngineGroups g =
                EngineGroups.of(List.of(reachable("a", "unix:///a.sock", ""), reachable("b", "unix:///b.sock", "")));
        assertThat(g.sameEngineAs("a")).isEmpty();
        assertThat(g.isAlias("b")).isFalse();
    }
}
