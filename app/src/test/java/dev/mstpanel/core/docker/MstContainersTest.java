package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MST's containers on the real test engines: labelled ones classified, unlabelled ones never listed nor removed. */
class MstContainersTest {
    @TempDir
    static Path home;

    static EngineContainers engines;
    static MstContainers containers;
    static List<DockerContext> contexts;
    static String host;
    static long deadPid;

    @BeforeAll
    static void startContainers() throws Exception {
        HostEnvironment env = TestEngines.environment(home);
        contexts = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> !c.name().equals("default"))
                        .toList();
        host = OwnerIdentity.localHostName();
        containers =
                new MstContainers(OwnerIdentity.current(), DockerClientFactory.standard(HostEnvironment.fromSystem()));
        engines = new EngineContainers();
        deadPid = EngineContainers.deadPid();
        String p = engines.prefix;
        long live = ProcessHandle.current().pid();
        engines.run("engine-1", p + "-running", "mst.owner.host=" + host, "mst.owner.pid=" + live);
        engines.run("engine-1", p + "-orphan", "mst.owner.host=" + host, "mst.owner.pid=" + deadPid);
        engines.run("engine-2", p + "-shard1-kept", "mst.owner.host=" + host, "mst.owner.pid=" + deadPid);
        engines.run("engine-2", p + "-elsewhere", "mst.owner.host=another-machine.example", "mst.owner.pid=" + deadPid);
        engines.run("engine-1", p + "-unlabelled");
    }

    @AfterAll
    static void removeContainers() throws Exception {
        engines.close();
        containers.close();
    }

    private static Map<String, MstContainer> mine(ContainerListing listing) {
        return listing.containers().stream()
                .filter(k -> k.name().startsWith(engines.prefix))
                .collect(Collectors.toMap(k -> k.name().substring(engines.prefix.length() + 1), k -> k));
    }

    @Test
    void classifiesLabelledContainersAndSkipsUnlabelledOnes() {
        ContainerListing listing = containers.list(contexts, Duration.ofSeconds(3));
        Map<String, MstContainer> mine = mine(listing);
        assertThat(mine.keySet()).containsExactlyInAnyOrder("running", "orphan", "shard1-kept", "elsewhere");
        assertThat(mine.get("running").kind()).isEqualTo(ContainerKind.RUNNING);
        assertThat(mine.get("orphan").kind()).isEqualTo(ContainerKind.ORPHANED);
        assertThat(mine.get("shard1-kept").kind()).isEqualTo(ContainerKind.KEPT);
        assertThat(mine.get("elsewhere").kind()).isEqualTo(ContainerKind.OTHER_HOST);
        assertThat(mine.get("running").context()).isEqualTo("engine-1");
        assertThat(mine.get("shard1-kept").context()).isEqualTo("engine-2");
        assertThat(mine.get("running").image()).isEqualTo("mst-test/base:1");
        assertThat(mine.get("running").state()).isEqualTo("running");
        assertThat(mine.get("running").ownerPid())
                .isEqualTo(ProcessHandle.current().pid());
        assertThat(mine.get("orphan").ownerHost()).isEqualTo(host);
        assertThat(mine.get("running").memoryBytes()).isGreaterThan(0);
        assertThat(listing.failures())
                .extracting(ContainerListing.ContextFailure::context)
                .containsExactly("dead");
        assertThat(listing.failures().get(0).message()).contains("No socket at");
    }

    @Test
    void refusesToRemoveUnlabelledRunningAndOtherHostsContainers() {
        DockerContext e1 = context("engine-1");
        DockerContext e2 = context("engine-2");
        assertThatThrownBy(() -> containers.remove(e1, engines.prefix + "-unlabelled", Duration.ofSeconds(5)))
                .hasMessageContaining("no MST labels");
        assertThatThrownBy(() -> containers.remove(e1, engines.prefix + "-running", Duration.ofSeconds(5)))
                .hasMessageContaining("still going");
        assertThatThrownBy(() -> containers.remove(e2, engines.prefix + "-elsewhere", Duration.ofSeconds(5)))
                .hasMessageContaining("another machine (another-machine.example)");
    }

    @Test
    void refusesNamesThatTryToInject() {
        DockerContext e1 = context("engine-1");
        for (String bad : List.of("a;rm -rf /", "x\"y", "x'y", "a\nb", "-rf", "$(reboot)", "")) {
            assertThatThrownBy(() -> containers.remove(e1, bad, Duration.ofSeconds(5)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a Docker name");
        }
        assertThat(DockerNames.valid("mst-shard-1_a.b-kept")).isTrue();
    }

    static DockerContext context(String name) {
        return contexts.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
