package dev.mstpanel.core.docker;

import java.time.Duration;

/**
 * {@code tcp://} contexts, with the context's TLS material when it has some: as {@link TlsMaterial}
 * read it (checked, bounded, read once per change), never docker-java's own read of the folder.
 */
public final class TcpTransport implements Transport {

    @Override
    public String scheme() {
        return "tcp";
    }

    /**
     * @throws EngineUnreachableException of kind {@link ProbeFailure.Kind#TLS} naming the file
     *     when the context's TLS material is refused
     */
    @Override
    public Endpoint endpoint(DockerContext context, Duration timeout) throws EngineUnreachableException {
        if (context.tlsDir() == null) {
            return new Endpoint(context.endpoint(), null);
        }
        try {
            return new Endpoint(context.endpoint(), TlsMaterial.sslConfig(context.tlsDir()));
        } catch (TlsMaterial.Refused r) {
            throw new EngineUnreachableException(DockerClients.tlsMaterialFailure(context, r), null);
        }
    }
}
