package dev.mstpanel.core.docker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** {@code unix://} contexts: the socket file, checked to exist and be usable before docker-java opens it. */
public final class UnixSocketTransport implements Transport {

    @Override
    public String scheme() {
        return "unix";
    }

    @Override
    public Endpoint endpoint(DockerContext context, Duration timeout) throws EngineUnreachableException {
        Path sock = context.socketPath().orElseThrow();
        if (!Files.exists(sock)) {
            throw new EngineUnreachableException(DockerClients.missingSocket(context, sock), null);
        }
        if (!Files.isReadable(sock) || !Files.isWritable(sock)) {
            throw new EngineUnreachableException(
                    new ProbeFailure(
                            ProbeFailure.Kind.PERMISSION_DENIED,
                            "Permission denied on " + sock
                                    + ": your user may not use this engine. Add it to the socket's group (often `docker`) or fix the socket's owner.",
                            null),
                    null);
        }
        return new Endpoint(context.endpoint(), null);
    }
}
