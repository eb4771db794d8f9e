package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The host name MST labels containers with: read when first needed, read again as it changes, earlier names kept as this machine's. */
class HostNameSourceTest {
    @Test
    void buildingTheIdentityReadsNothingTheFirstQueryReadsOnItsOwnThread() throws Exception {
        List<String> readers = new ArrayList<>();
        HostNameSource names = new HostNameSource(
                () -> {
                    readers.add(Thread.currentThread().getName());
                    return "mac-1.local";
                },
                System::nanoTime);
        OwnerIdentity owner = new OwnerIdentity(names, pid -> false);
        assertThat(readers).as("made on the UI thread: nothing read").isEmpty();
        Thread worker = new Thread(() -> owner.isThisHost("MAC-1.local"), "containers-loader");
        worker.start();
        worker.join(5_000);
        assertThat(readers).containsExactly("containers-loader");
        assertThat(owner.isThisHost("mac-1.local")).isTrue();
        assertThat(readers).as("fresh for 10 s: not read again").hasSize(1);
    }

    @Test
    void aNameThatChangesWithTheNetworkKeepsEarlierContainersThisMachinesAndSaysSo() {
        AtomicReference<String> kernel = new AtomicReference<>("mac-1.local");
        AtomicLong clock = new AtomicLong();
        HostNameSource names = new HostNameSource(kernel::get, clock::get);
        assertThat(names.current()).isEqualTo("mac-1.local");
        assertThat(names.change()).isEmpty();
        kernel.set("dhcp-10-0-0-7.corp.example");
        assertThat(names.current()).as("within 10 s the last read stands").isEqualTo("mac-1.local");
        clock.addAndGet(TimeUnit.SECONDS.toNanos(11));
        assertThat(names.current()).isEqualTo("dhcp-10-0-0-7.corp.example");
        assertThat(names.isThisMachine("mac-1.local")).isTrue();
        assertThat(names.isThisMachine("dhcp-10-0-0-7.corp.example")).isTrue();
        assertThat(names.isThisMachine("build-server")).isFalse();
        assertThat(names.change())
                .get()
                .asString()
                .startsWith("This machine's host name changed from mac-1.local to dhcp-10-0-0-7.corp.example at ")
                .endsWith("containers MST labelled with mac-1.local are still counted as this machine's.");
        OwnerIdentity owner = new OwnerIdentity(names, pid -> false);
        assertThat(ContainerKind.classify("mac-1.local", 42L, "mst-shard-1", owner))
                .isEqualTo(ContainerKind.ORPHANED);
        assertThat(ContainerKind.classify("build-server", 42L, "mst-shard-1", owner))
                .isEqualTo(ContainerKind.OTHER_HOST);
    }

    @Test
    void theNamesThisMachineHadLastAcrossSessionsSoYesterdaysContainersStayThisMachines(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path data) throws Exception {
        java.nio.file.Path file = data.resolve("data").resolve(HostNameSource.FILE_NAME);
        // yesterday at the office
        HostNameSource office =
                new HostNameSource(() -> "dhcp-10-1-2-3.corp.example.com", System::nanoTime, () -> file);
        assertThat(office.current()).isEqualTo("dhcp-10-1-2-3.corp.example.com");
        // today at home, a new session: the label of yesterday's kept container still names this machine
        HostNameSource home = new HostNameSource(() -> "Janes-MacBook-Pro.local", System::nanoTime, () -> file);
        OwnerIdentity owner = new OwnerIdentity(home, pid -> false);
        assertThat(ContainerKind.classify("dhcp-10-1-2-3.corp.example.com", 42L, "mst-shard-1", owner))
                .isEqualTo(ContainerKind.ORPHANED);
        assertThat(ContainerKind.classify("build-server", 42L, "mst-shard-1", owner))
                .isEqualTo(ContainerKind.OTHER_HOST);
        assertThat(java.nio.file.Files.readAllLines(file))
                .containsExactly("dhcp-10-1-2-3.corp.example.com", "Janes-MacBook-Pro.local");
        // a damaged line is not a name; the file keeps the names seen last
        java.nio.file.Files.writeString(
                file, "mac-1.local\n\u0000garbage line with spaces\n", java.nio.file.StandardOpenOption.APPEND);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < HostNameSource.KEPT + 5; i++) {
            String name = "dhcp-" + i + ".example";
            AtomicLong clock = new AtomicLong();
            HostNameSource s = new HostNameSource(() -> name, clock::get, () -> file);
            s.current();
            seen.add(name);
        }
        List<String> kept = java.nio.file.Files.readAllLines(file);
        assertThat(kept)
                .hasSize(HostNameSource.KEPT)
                .doesNotContain("\u0000garbage line with spaces")
                .endsWith(seen.get(seen.size() - 1));
        assertThat(new HostNameSource(() -> "x", System::nanoTime, () -> file).isThisMachine(seen.get(10)))
                .isTrue();
    }

    @Test
    void aMacsBonjourNameIsThisMachinesEvenBeforeTheKernelHadIt() {
        HostNameSource s = new HostNameSource(
                () -> "dhcp-10-1-2-3.corp.example.com", System::nanoTime, () -> null, () -> "Janes-MacBook-Pro.local");
        OwnerIdentity owner = new OwnerIdentity(s, pid -> false);
        assertThat(ContainerKind.classify("janes-macbook-pro.local", 42L, "mst-shard-1", owner))
                .isEqualTo(ContainerKind.ORPHANED);
        assertThat(s.current()).isEqualTo("dhcp-10-1-2-3.corp.example.com");
    }

    @Test
    void anUnwritableDataFolderLeavesTheNamesForThisSession(@org.junit.jupiter.api.io.TempDir java.nio.file.Path data)
            throws Exception {
        java.nio.file.Path notAFolder =
                java.nio.file.Files.writeString(data.resolve("data"), "a file where the folder should be");
        HostNameSource s = new HostNameSource(
                () -> "mac-1.local", System::nanoTime, () -> notAFolder.resolve(HostNameSource.FILE_NAME));
        assertThat(s.current()).isEqualTo("mac-1.local");
        assertThat(s.isThisMachine("MAC-1.local")).isTrue();
    }

    @Test
    void theSystemNameIsTheKernelsAsNodeReadsIt() throws Exception {
        // Node's os.hostname() is gethostname(2), which the hostname command prints too
        Process p = new ProcessBuilder("hostname").start();
        String expected = new String(p.getInputStream().readAllBytes()).strip();
        assertThat(p.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(HostNameSource.readSystem()).isEqualTo(expected);
    }
}
