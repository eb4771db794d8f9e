package dev.mstpanel.core.docker;

import java.util.function.LongPredicate;

/**
 * This machine as MST's container labels name it: {@code mst.owner.host} is the host name MST's
 * Node process read ({@code os.hostname()}, the kernel's host name), {@code mst.owner.pid} the
 * process id of {@code mst run}.
 *
 * @param hostNames this machine's host names ({@link HostNameSource}: read when first asked, not when this is made)
 * @param pidAlive answers whether a process id is alive on this machine
 */
public record OwnerIdentity(HostNameSource hostNames, LongPredicate pidAlive) {

    /** This machine: its kernel host name (read off the caller's thread when first needed) and its live process table. */
    public static OwnerIdentity current() {
        return new OwnerIdentity(
                HostNameSource.system(),
                pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    /** The host name now (may block up to about 2 s the first time: not on the UI thread). */
    public String hostName() {
        return hostNames.current();
    }

    /** True when a label names this machine, under its current name or one it had since the panel started (without case). */
    public boolean isThisHost(String labelHost) {
        return hostNames.isThisMachine(labelHost);
    }

    /** True when the process is alive on this machine. */
    public boolean isAlive(long pid) {
        return pid > 0 && pidAlive.test(pid);
    }

    /** The host name Node's {@code os.hostname()} returns, read now ({@link HostNameSource#readSystem()}). */
    public static String localHostName() {
        return HostNameSource.readSystem();
    }
}
