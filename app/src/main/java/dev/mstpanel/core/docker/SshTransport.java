package dev.mstpanel.core.docker;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * {@code ssh://} contexts: docker-java connects to the local socket of the context's
 * {@link SshBridge} (logging in when the bridge is not up). The bridges are made on the first
 * {@code ssh://} use (making them starts a look for bridges a killed panel left behind), and
 * closed with the transport.
 */
public final class SshTransport implements Transport {
    private final Supplier<SshBridges> make;
    private SshBridges bridges;

    /** @param bridges the bridges to use (closed with this transport) */
    public SshTransport(SshBridges bridges) {
        this.make = () -> bridges;
        this.bridges = bridges;
    }

    /** @param make makes the bridges on the first {@code ssh://} use */
    public SshTransport(Supplier<SshBridges> make) {
        this.make = make;
    }

    @Override
    public String scheme() {
        return "ssh";
    }

    @Override
    public Endpoint endpoint(DockerContext context, Duration timeout) throws EngineUnreachableException {
        return new Endpoint("unix://" + bridges().socketFor(context, timeout), null);
    }

    @Override
    public ProbeFailure recentFailure(DockerContext context) {
        SshBridges made = madeSoFar();
        return made == null ? null : made.recentFailure(context);
    }

    /** The bridges, made now when this is the first {@code ssh://} use. */
    public synchronized SshBridges bridges() {
        if (bridges == null) {
            bridges = make.get();
        }
        return bridges;
    }

    private synchronized SshBridges madeSoFar() {
        return bridges;
    }

    @Override
    public void close() {
        SshBridges made = madeSoFar();
        if (made != null) {
            made.close();
        }
    }
}
