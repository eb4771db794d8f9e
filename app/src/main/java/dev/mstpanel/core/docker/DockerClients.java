package dev.mstpanel.core.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.transport.DockerHttpClient;
import com.github.dockerjava.zerodep.ZerodepDockerHttpClient;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * Opens docker-java clients for Docker contexts and turns their failures into
 * {@link ProbeFailure}s a person can act on. docker-java reaches {@code unix://} and {@code tcp://}
 * endpoints (with the context's TLS material) directly, and {@code ssh://} endpoints through the
 * context's {@link SshBridge} (a local socket bridged to {@code docker system dial-stdio} on the
 * host): every feature gets the same kind of client whatever the scheme.
 */
public final class DockerClients {

    private DockerClients() {}

    private static volatile SshBridges sshBridges;

    /**
     * Sets the bridges {@code ssh://} contexts go through (the composition root does this once,
     * with the login shell's environment). Without it, the first {@code ssh://} use makes bridges
     * with this process's environment.
     *
     * @return the bridges used before, or null; the caller closes them when it made them
     */
    public static synchronized SshBridges useSshBridges(SshBridges bridges) {
        SshBridges before = sshBridges;
        sshBridges = bridges;
        return before;
    }

    /** The bridges in use for {@code ssh://} contexts (made on first call when none was set). */
    public static synchronized SshBridges sshBridges() {
        if (sshBridges == null) {
            sshBridges = new SshBridges(dev.mstpanel.core.shell.HostEnvironment.fromSystem());
        }
        return sshBridges;
    }

    /**
     * The endpoint docker-java connects to for a context: its own, or for {@code ssh://} the
     * local socket of its bridge (logging in when the bridge is not up).
     *
     * @throws EngineUnreachableException as {@link #open}
     */
    static String hostFor(DockerContext context, Duration timeout) throws EngineUnreachableException {
        precheck(context);
        return context.scheme().equals("ssh") ? "unix://" + sshBridges().socketFor(context, timeout) : context.endpoint();
    }

    /**
     * Opens a client for a context. The caller closes it.
     *
     * @param context a context with a {@code unix://} or {@code tcp://} endpoint
     * @param timeout the deadline of each call made with the client, from its request until its whole
     *     response is read ({@link EngineCalls}: an engine that trickles its answer is cut off), and
     *     the connection timeout
     * @return an open client (not yet contacted)
     * @throws EngineUnreachableException when the endpoint cannot be used: a missing socket, an
     *     endpoint docker-java cannot reach, a broken context
     */
    public static DockerClient open(DockerContext context, Duration timeout) throws EngineUnreachableException {
        DefaultDockerClientConfig built = configFor(context, hostFor(context, timeout)).build();
        return DockerClientImpl.getInstance(built, http(built, timeout));
    }

    /**
     * The HTTP client under {@link #open}, for the few raw requests docker-java has no command for
     * (a one-shot stats read): each request under the same deadline.
     *
     * @param config the context's docker-java configuration ({@link #configFor}, with its TLS folder)
     * @param timeout each request's deadline and the connection timeout
     */
    public static DockerHttpClient http(DefaultDockerClientConfig config, Duration timeout) {
        return EngineCalls.withDeadline(() -> new ZerodepDockerHttpClient.Builder()
                .dockerHost(config.getDockerHost())
                .sslConfig(config.getSSLConfig())
                .connectionTimeout(timeout)
                .responseTimeout(timeout)
                .maxConnections(2)
                .build(), timeout, EngineCalls.Scope.WHOLE_CALL);
    }

    /**
     * Opens a client for long-lived streams (events, stats, logs): each call must have its status and
     * headers within {@code connectTimeout} ({@link EngineCalls.Scope#UNTIL_HEADERS}); its body then
     * streams without a deadline.
     *
     * @throws EngineUnreachableException as {@link #open}
     */
    public static DockerClient openForStreams(DockerContext context, Duration connectTimeout) throws EngineUnreachableException {
        DefaultDockerClientConfig built = configFor(context, hostFor(context, connectTimeout)).build();
        DockerHttpClient http = EngineCalls.withDeadline(() -> new ZerodepDockerHttpClient.Builder()
                .dockerHost(built.getDockerHost())
                .sslConfig(built.getSSLConfig())
                .connectionTimeout(connectTimeout)
                .maxConnections(2)
                .build(), connectTimeout, EngineCalls.Scope.UNTIL_HEADERS);
        return DockerClientImpl.getInstance(built, http);
    }

    /**
     * docker-java's configuration for a context. Its Docker CLI config folder is deliberately one
     * without a {@code config.json}: the panel pulls nothing through docker-java, so it needs no
     * registry credentials, and a malformed {@code config.json} of the user's (which the context
     * list reports as a warning) must not make working engines look unreachable.
     *
     * <p>Its TLS is the context's material as {@link TlsMaterial} read it (checked, bounded, read
     * once per change), never docker-java's own read of the folder.
     *
     * @throws EngineUnreachableException of kind {@link ProbeFailure.Kind#TLS} naming the file
     *     when the context's TLS material is refused
     */
    static DefaultDockerClientConfig.Builder configFor(DockerContext context, String host) throws EngineUnreachableException {
        DefaultDockerClientConfig.Builder b = DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerConfig(NO_CLI_CONFIG)
                .withDockerHost(host)
                .withDockerTlsVerify(context.tlsDir() != null);
        if (context.tlsDir() != null) {
            try {
                b.withCustomSslConfig(TlsMaterial.sslConfig(context.tlsDir()));
            } catch (TlsMaterial.Refused r) {
                throw new EngineUnreachableException(tlsMaterialFailure(context, r), null);
            }
        }
        return b;
    }

    /** The failure for refused TLS material: the file and what is wrong with it. */
    static ProbeFailure tlsMaterialFailure(DockerContext context, TlsMaterial.Refused r) {
        return new ProbeFailure(ProbeFailure.Kind.TLS, "The TLS material of the context " + context.name() + " cannot be used: "
                + r.getMessage() + " Fix the file, or recreate the context with `docker context create " + context.name()
                + " --docker host=…,ca=…,cert=…,key=…`.", r.problem().name());
    }

    /** A folder that holds no Docker CLI config (it need not exist). */
    private static final String NO_CLI_CONFIG =
            java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "mst-panel-no-docker-cli-config").toString();

    /** True when the panel can reach this context's endpoint (unix, tcp, or ssh through a bridge). */
    public static boolean supportedByDockerJava(DockerContext context) {
        String scheme = context.scheme();
        return scheme.equals("unix") || scheme.equals("tcp") || scheme.equals("ssh");
    }

    private static void precheck(DockerContext context) throws EngineUnreachableException {
        if (context.problem() != null) {
            throw new EngineUnreachableException(new ProbeFailure(ProbeFailure.Kind.BROKEN_CONTEXT, context.problem(), null), null);
        }
        if (!supportedByDockerJava(context)) {
            throw new EngineUnreachableException(new ProbeFailure(ProbeFailure.Kind.UNSUPPORTED,
                    "The panel cannot reach " + context.scheme() + ":// endpoints on this system.", null), null);
        }
        if (context.scheme().equals("unix")) {
            Path sock = context.socketPath().orElseThrow();
            if (!Files.exists(sock)) {
                throw new EngineUnreachableException(missingSocket(context, sock), null);
            }
            if (!Files.isReadable(sock) || !Files.isWritable(sock)) {
                throw new EngineUnreachableException(new ProbeFailure(ProbeFailure.Kind.PERMISSION_DENIED,
                        "Permission denied on " + sock + ": your user may not use this engine. Add it to the socket's group (often `docker`) or fix the socket's owner.", null), null);
            }
        }
    }

    /** The failure for a socket file that does not exist, with the Colima command when it is a Colima socket. */
    static ProbeFailure missingSocket(DockerContext context, Path sock) {
        String fix = context.colimaProfile() != null
                ? "Is Colima running? Start it with `colima start " + context.colimaProfile() + "`."
                : "Is the engine running? Start Colima, Docker Desktop or dockerd, or point the context at the right socket.";
        return new ProbeFailure(ProbeFailure.Kind.MISSING_SOCKET, "No socket at " + sock + ". " + fix, null);
    }

    /**
     * Turns an exception from docker-java into a failure a person can act on.
     *
     * @param context the context that failed
     * @param error what docker-java threw
     * @param timeout the probe timeout, for the message
     */
    public static ProbeFailure describe(DockerContext context, Throwable error, Duration timeout) {
        String detail = String.valueOf(error);
        ProbeFailure viaSsh = context.scheme().equals("ssh") && sshBridges != null ? sshBridges.recentFailure(context) : null;
        if (viaSsh != null) {
            return viaSsh;
        }
        for (Throwable t = error; t != null; t = t.getCause()) {
            String msg = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (t instanceof EngineUnreachableException e) {
                return e.failure();
            }
            if (t instanceof SocketTimeoutException || msg.contains("timed out") || msg.contains("timeout")) {
                return timeout(context, timeout);
            }
            if (msg.contains("pkix path") || msg.contains("unable to find valid certification path")) {
                return new ProbeFailure(ProbeFailure.Kind.TLS, "TLS failed for " + context.endpoint()
                        + ": the engine's certificate is not signed by the context's CA (its ca.pem). Check the context's certificates"
                        + " (docker context inspect " + context.name() + ").", detail);
            }
            if (t instanceof SSLException || msg.contains("certificate") || msg.contains("handshake")) {
                return new ProbeFailure(ProbeFailure.Kind.TLS, "TLS failed for " + context.endpoint()
                        + ": " + plainMessage(t) + ". Check the context's certificates (docker context inspect " + context.name() + ").", detail);
            }
            if (t instanceof AccessDeniedException || msg.contains("permission denied") || msg.contains("eacces")) {
                return new ProbeFailure(ProbeFailure.Kind.PERMISSION_DENIED, "Permission denied on " + context.endpoint()
                        + ": your user may not use this engine. Add it to the socket's group (often `docker`).", detail);
            }
            if (t instanceof ConnectException || msg.contains("connection refused") || msg.contains("econnrefused")
                    || msg.contains("no such file")) {
                String fix = context.colimaProfile() != null
                        ? "Colima may be stopped: `colima start " + context.colimaProfile() + "`."
                        : "The socket is there but no engine answers it: start the engine, or remove the stale socket.";
                if (context.scheme().equals("tcp")) {
                    fix = "Nothing listens there: check the host, the port and the engine.";
                }
                return new ProbeFailure(ProbeFailure.Kind.CONNECTION_REFUSED, "Connection refused at " + context.endpoint() + ". " + fix, detail);
            }
        }
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof com.github.dockerjava.api.exception.DockerException de && de.getHttpStatus() > 0) {
                return new ProbeFailure(ProbeFailure.Kind.OTHER, "Something answers at " + context.endpoint()
                        + ", but not as a Docker engine (HTTP " + de.getHttpStatus() + "). Check the context's endpoint and port.", detail);
            }
        }
        String first = plainMessage(error);
        return new ProbeFailure(ProbeFailure.Kind.OTHER, "The engine at " + context.endpoint() + " did not answer: " + first, detail);
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
            String plain = line.replaceAll("^(?:(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)(?::\\s*|$))+", "").strip();
            if (!plain.isEmpty()) {
                return java.util.Optional.of(plain);
            }
        }
        return java.util.Optional.empty();
    }

    /** The failure for a probe that ran past its timeout. */
    public static ProbeFailure timeout(DockerContext context, Duration timeout) {
        return new ProbeFailure(ProbeFailure.Kind.TIMEOUT, "No answer from " + context.endpoint() + " within "
                + timeout.toMillis() / 1000.0 + " s. The engine may be starting, stuck, or out of reach.", null);
    }

    static void closeQuietly(DockerClient client) {
        try {
            client.close();
        } catch (IOException ignored) {
            // closing a client after a failed call
        }
    }
}
