package dev.mstpanel.core.runs;

import dev.mstpanel.core.docker.HostNameSource;

/**
 * This machine's name as MST writes it into {@code mst.owner.host} (Node's {@code os.hostname()},
 * the kernel's host name: {@code gethostname(2)}), not a DNS lookup. The panel's one source is
 * {@link HostNameSource#system()}: read again after {@link HostNameSource#FRESH_FOR}, since on macOS
 * the name follows the network.
 */
public final class HostName {
    private HostName() {}

    /** The host name now (blocks up to about 2 s when it has to be read: not on the UI thread). */
    public static String current() {
        return HostNameSource.system().current();
    }
}
