package dev.mstpanel.core.docker;

import com.github.dockerjava.core.SSLConfig;
import java.time.Duration;

/**
 * How the panel reaches the engines of one endpoint scheme ({@code unix}, {@code tcp}, {@code ssh}):
 * it checks a context of its scheme and says where docker-java connects and with which TLS.
 * {@link DockerClientFactory} holds one per scheme, so no caller switches on a scheme.
 */
public interface Transport extends AutoCloseable {

    /** The endpoint scheme this transport serves, e.g. {@code unix}. */
    String scheme();

    /**
     * Where docker-java connects for a context of this scheme, after the checks that can be made
     * without contacting the engine (a missing socket, refused TLS material, an ssh login).
     *
     * @param context a context whose endpoint has this transport's scheme
     * @param timeout how long reaching the endpoint may take (an ssh login)
     * @throws EngineUnreachableException with the failure a person can act on
     */
    Endpoint endpoint(DockerContext context, Duration timeout) throws EngineUnreachableException;

    /**
     * A failure this transport saw on its own side of a connection that docker-java only reports
     * as a closed stream (an ssh bridge whose login ended), or null.
     */
    default ProbeFailure recentFailure(DockerContext context) {
        return null;
    }

    /** Releases what the transport holds (processes, sockets); by default nothing. */
    @Override
    default void close() {}

    /**
     * What docker-java connects to.
     *
     * @param dockerHost a {@code unix://} or {@code tcp://} address
     * @param tls the TLS to use, or null for none
     */
    record Endpoint(String dockerHost, SSLConfig tls) {}
}
