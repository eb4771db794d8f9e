package dev.mstpanel.core.docker;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongPredicate;

/**
 * This machine as MST's container labels name it: {@code mst.owner.host} is the host name MST's
 * Node process read ({@code os.hostname()}, the kernel's host name), {@code mst.owner.pid} the
 * process id of {@code mst run}.
 *
 * @param hostName this machine's host name
 * @param pidAlive answers whether a process id is alive on this machine
 */
public record OwnerIdentity(String hostName, LongPredicate pidAlive) {

    /** This machine: its kernel host name and its live process table. */
    public static OwnerIdentity current() {
        return new OwnerIdentity(localHostName(), pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    /** True when a label names this machine (compared without case, as host names are). */
    public boolean isThisHost(String labelHost) {
        return labelHost != null && !labelHost.isBlank()
                && labelHost.strip().toLowerCase(Locale.ROOT).equals(hostName.toLowerCase(Locale.ROOT));
    }

    /** True when the process is alive on this machine. */
    public boolean isAlive(long pid) {
        return pid > 0 && pidAlive.test(pid);
    }

    /**
     * The host name Node's {@code os.hostname()} returns: {@code /proc/sys/kernel/hostname} on
     * Linux, {@code COMPUTERNAME} on Windows, else Java's local host name (no reverse lookup
     * needed on macOS, where it is the configured name).
     */
    public static String localHostName() {
        Path proc = Path.of("/proc/sys/kernel/hostname");
        try {
            if (Files.isReadable(proc)) {
                return Files.readString(proc, StandardCharsets.UTF_8).strip();
            }
        } catch (IOException ignored) {
            // fall through to the next source
        }
        String computer = System.getenv("COMPUTERNAME");
        if (computer != null && !computer.isBlank()) {
            return computer;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
