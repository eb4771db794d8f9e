package dev.mstpanel.core.docker;

import com.github.dockerjava.api.DockerClient;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * The words for what goes wrong between the panel and an engine: docker-java's exceptions and the
 * checks made before contacting it turned into {@link ProbeFailure}s a person can act on. It holds
 * no state; clients are opened by the composition's {@link DockerClientFactory}.
 */
public final class DockerClients {

    private DockerClients() {}

    /** The failure for refused TLS material: the file and what is wrong with it. */
    static ProbeFailure tlsMaterialFailure(DockerContext context, TlsMaterial.Refused r) {
        return new ProbeFailure(
                ProbeFailure.Kind.TLS,
                "The TLS material of the context " + context.name() + " cannot be used: "
                        + r.getMessage() + " Fix the file, or recreate the context with `docker context create "
                        + context.name()
                        + " --docker host=…,ca=…,cert=…,key=…`.",
                r.problem().name());
    }

    /** The failure for a socket file that does not exist, with the Colima command when it is a Colima socket. */
    static ProbeFailure missingSocket(DockerContext context, Path sock) {
        String fix = context.colimaProfile() != null
                ? "Is Colima running? Start it with `colima start " + context.colimaProfile() + "`."
                : "Is the engine running? Start Colima, Docker Desktop or dockerd, or point the context at the right socket.";
        return new ProbeFailure(ProbeFailure.Kind.MISSING_SOCKET, "No socket at " + sock + ". " + fix, null);
    }

    /**
     * Turns an exception from docker-java into a failure a person can act on, from the exception
     * alone ({@link DockerClientFactory#describe} first asks the context's transport).
     *
     * @param context the context that failed
     * @param error what docker-java threw
     * @param timeout the probe timeout, for the message
     */
    public static ProbeFailure describe(DockerContext context, Throwable error, Duration timeout) {
        String detail = String.valueOf(error);
        for (Throwable t = error; t != null; t = t.getCause()) {
            String msg = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (t instanceof EngineUnreachableException e) {
                return e.failure();
            }
            if (t instanceof SocketTimeoutException || msg.contains("timed out") || msg.contains("timeout")) {
                return timeout(context, timeout);
            }
            if (msg.contains("pkix path") || msg.contains("unable to find valid certification path")) {
                return new ProbeFailure(
                        ProbeFailure.Kind.TLS,
                        "TLS failed for " + context.endpoint()
                                + ": the engine's certificate is not signed by the context's CA (its ca.pem). Check the context's certificates"
                                + " (docker context inspect " + context.name() + ").",
                        detail);
            }
            if (t instanceof SSLException || msg.contains("certificate") || msg.contains("handshake")) {
                return new ProbeFailure(
                        ProbeFailure.Kind.TLS,
                        "TLS failed for " + context.endpoint() + ": " + plainMessage(t)
                                + ". Check the context's certificates (docker context inspect " + context.name() + ").",
                        detail);
            }
            if (t instanceof AccessDeniedException || msg.contains("permission denied") || msg.contains("eacces")) {
                return new ProbeFailure(
                        ProbeFailure.Kind.PERMISSION_DENIED,
                        "Permission denied on " + context.endpoint()
                                + ": your user may not use this engine. Add it to the socket's group (often `docker`).",
                        detail);
            }
            if (t instanceof ConnectException
                    || msg.contains("connection refused")
                    || msg.contains("econnrefused")
                    || msg.contains("no such file")) {
                String fix = context.colimaProfile() != null
                        ? "Colima may be stopped: `colima start " + context.colimaProfile() + "`."
                        : "The socket is there but no engine answers it: start the engine, or remove the stale socket.";
                if (context.scheme().equals("tcp")) {
                    fix = "Nothing listens there: check the host, the port and the engine.";
                }
                return new ProbeFailure(
                        ProbeFailure.Kind.CONNECTION_REFUSED,
                        "Connection refused at " + context.endpoint() + ". " + fix,
                        detail);
            }
        }
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof com.github.dockerjava.api.exception.DockerException de && de.getHttpStatus() > 0) {
                return new ProbeFailure(
                        ProbeFailure.Kind.OTHER,
                        "Something answers at " + context.endpoint() + ", but not as a Docker engine (HTTP "
                                + de.getHttpStatus() + "). Check the context's endpoint and port.",
                        detail);
            }
        }
        String first = plainMessage(error);
        return new ProbeFailure(
                ProbeFailure.Kind.OTHER, "The engine at " + context.endpoint() + " did not answer: " + first, detail);
    }

    /**
     * An exception's message for people: its first line, without the Java class names that
     * wrapping exceptions put in front ({@code java.net.SocketException: Connection reset} becomes
     * {@code Connection reset}); the first cause that has words when it has none of its own.
     *
     * @param error any throwable
     * @return e.g. {@code Connection reset}; {@code no reason given} when no cause has a message
     */
    public static String plainMessage(Throwable error) {
        return plainMessageIfAny(error).orElse("no reason given");
    }

    /** As {@link #plainMessage}, empty when no cause has a message (the caller then says what it knows instead). */
    public static java.util.Optional<String> plainMessageIfAny(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m == null) {
                continue;
            }
            String line = m.strip().lines().findFirst().orElse("");
            String plain = line.replaceAll("^(?:(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)(?::\\s*|$))+", "")
                    .strip();
            if (!plain.isEmpty()) {
                return java.util.Optional.of(plain);
            }
        }
        return java.util.Optional.empty();
    }

    /** The failure for a probe that ran past its timeout. */
    public static ProbeFailure timeout(DockerContext context, Duration timeout) {
        return new ProbeFailure(
                ProbeFailure.Kind.TIMEOUT,
                "No answer from " + context.endpoint() + " within " + timeout.toMillis() / 1000.0
                        + " s. The engine may be starting, stuck, or out of reach.",
                null);
    }

    static void closeQuietly(DockerClient client) {
        try {
            client.close();
        } catch (IOException ignored) {
            // closing a client after a failed call
        }
    }
}
