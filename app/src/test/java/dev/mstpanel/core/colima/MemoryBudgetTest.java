package dev.mstpanel.core.colima;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.text.ByteSize;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The panel's memory rule: VMs must leave the host max(4 GiB, a quarter of its memory). */
class MemoryBudgetTest {
    private static ColimaProfile vm(String name, String status, int gib) {
        return new ColimaProfile(name, status, "aarch64", 6, gib * ByteSize.GIB, 40 * ByteSize.GIB, "docker");
    }

    @Test
    void twelveGibVmsOnASixteenGibMacWarnBeforeTheSecondStarts() {
        List<ColimaProfile> profiles = List.of(vm("mst-kvm", "Running", 12), vm("mst-kvm-2", "Stopped", 12));
        MemoryBudget before = MemoryBudget.of(16 * ByteSize.GIB, profiles, null);
        assertThat(before.runningVmBytes()).isEqualTo(12 * ByteSize.GIB);
        assertThat(before.reserve()).isEqualTo(4 * ByteSize.GIB);
        assertThat(before.warning()).isNull();

        MemoryBudget starting = MemoryBudget.of(16 * ByteSize.GIB, profiles, profiles.get(1));
        assertThat(starting.warning())
                .startsWith(
                        "Starting mst-kvm-2 (12.0 GiB) beside the running VMs (12.0 GiB) of this machine's 16.0 GiB")
                .contains("leaving nothing")
                .contains("4.0 GiB the panel keeps");
    }

    @Test
    void theReserveIsAQuarterOnBigHostsAndFourGibOnSmallOnes() {
        assertThat(MemoryBudget.reserveBytes(8 * ByteSize.GIB)).isEqualTo(4 * ByteSize.GIB);
        assertThat(MemoryBudget.reserveBytes(64 * ByteSize.GIB)).isEqualTo(16 * ByteSize.GIB);
        assertThat(MemoryBudget.of(32 * ByteSize.GIB, List.of(vm("a", "Running", 12)), vm("b", "Stopped", 12))
                        .warning())
                .isNull();
        assertThat(MemoryBudget.of(32 * ByteSize.GIB, List.of(vm("a", "Running", 12), vm("b", "Running", 12)), null)
                        .warning())
                .isNull();
        assertThat(MemoryBudget.of(32 * ByteSize.GIB, List.of(vm("a", "Running", 12), vm("b", "Running", 13)), null)
                        .warning())
                .startsWith(
                        "The running Colima VMs take 25.0 GiB of this machine's 32.0 GiB, leaving 7.0 GiB: less than the 8.0 GiB");
    }

    @Test
    void anUnknownHostMemoryGivesNoWarning() {
        assertThat(MemoryBudget.of(-1, List.of(vm("a", "Running", 12)), vm("b", "Stopped", 12))
                        .warning())
                .isNull();
    }

    @Test
    void nestedVirtualizationNeedsAnM3AndMacos15() {
        assertThat(Colima.nestedSupported("Apple M3 Pro", "15.1")).isTrue();
        assertThat(Colima.nestedSupported("Apple M4", "26.0")).isTrue();
        assertThat(Colima.nestedSupported("Apple M2 Max", "15.1")).isFalse();
        assertThat(Colima.nestedSupported("Apple M3", "14.6")).isFalse();
        assertThat(Colima.nestedSupported("Intel(R) Core(TM) i9", "15.0")).isFalse();
    }

    @Test
    void colimaListJsonIsOneObjectPerLine() throws Exception {
        List<ColimaProfile> p = Colima.parseList("""
                {"name":"default","status":"Stopped","arch":"aarch64","cpus":2,"memory":2147483648,"disk":107374182400,"runtime":"docker"}
                {"name":"mst-kvm","status":"Running","arch":"aarch64","cpus":6,"memory":12884901888,"disk":42949672960,"runtime":"docker","address":""}
                """);
        assertThat(p).extracting(ColimaProfile::name).containsExactly("default", "mst-kvm");
        assertThat(p.get(0).context()).isEqualTo("colima");
        assertThat(p.get(1).context()).isEqualTo("colima-mst-kvm");
        assertThat(p.get(1).running()).isTrue();
        assertThat(p.get(1).memoryBytes()).isEqualTo(12 * ByteSize.GIB);
    }
}
