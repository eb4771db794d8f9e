package dev.mstpanel.core.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.core.DefaultDockerClientConfig;
import com.github.dockerjava.core.DockerClientImpl;
import com.github.dockerjava.transport.DockerHttpClient;
import com.github.dockerjava.zerodep.ZerodepDockerHttpClient;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Opens docker-java clients for Docker contexts, one {@link Transport} per endpoint scheme
 * ({@code unix://} sockets, {@code tcp://} with the context's TLS, {@code ssh://} through an
 * {@link SshBridge}): every feature gets the same kind of client whatever the scheme. One instance
 * belongs to the composition that built it, which closes it (and with it the ssh bridges).
 */
public final class DockerClientFactory implements AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(DockerClientFactory.class);
    private final Map<String, Transport> transports = new LinkedHashMap<>();

    /** @param transports one per scheme; a later one for the same scheme replaces an earlier one */
    public DockerClientFactory(List<Transport> transports) {
        for (Transport t : transports) {
            this.transports.put(t.scheme(), t);
        }
    }

    /**
     * The panel's transports: unix sockets, tcp with TLS, and ssh with bridges made on the first
     * {@code ssh://} use, whose {@code ssh} runs with this environment.
     *
     * @param environment the variables and PATH {@code ssh} runs with (the login shell's in the app)
     */
    public static DockerClientFactory standard(HostEnvironment environment) {
        return new DockerClientFactory(List.of(
                new UnixSocketTransport(), new TcpTransport(), new SshTransport(() -> new SshBridges(environment))));
    }

    /** As {@link #standard(HostEnvironment)}, with these bridges for {@code ssh://} contexts (closed with the factory). */
    public static DockerClientFactory standard(SshBridges bridges) {
        return new DockerClientFactory(
                List.of(new UnixSocketTransport(), new TcpTransport(), new SshTransport(bridges)));
    }

    /** True when the panel can reach this context's endpoint (it has a transport for its scheme). */
    public boolean supports(DockerContext context) {
        return transports.containsKey(context.scheme());
    }

    /**
     * Opens a client for a context. The caller closes it.
     *
     * @param context the context
     * @param timeout the deadline of each call made with the client, from its request until its whole
     *     response is read ({@link EngineCalls}: an engine that trickles its answer is cut off), and
     *     the connection timeout
     * @return an open client (not yet contacted)
     * @throws EngineUnreachableException when the endpoint cannot be used: a missing socket, an
     *     endpoint no transport reaches, refused TLS material, a broken context, an ssh login that fails
     */
    public DockerClient open(DockerContext context, Duration timeout) throws EngineUnreachableException {
        DefaultDockerClientConfig config = config(endpoint(context, timeout));
        return DockerClientImpl.getInstance(config, http(config, timeout, EngineCalls.Scope.WHOLE_CALL));
    }

    /**
     * Opens a client for long-lived streams (events, stats, logs): each call must have its status and
     * headers within {@code connectTimeout} ({@link EngineCalls.Scope#UNTIL_HEADERS}); its body then
     * streams without a deadline.
     *
     * @throws EngineUnreachableException as {@link #open}
     */
    public DockerClient openForStreams(DockerContext context, Duration connectTimeout)
            throws EngineUnreachableException {
        DefaultDockerClientConfig config = config(endpoint(context, connectTimeout));
        return DockerClientImpl.getInstance(config, http(config, connectTimeout, EngineCalls.Scope.UNTIL_HEADERS));
    }

    /**
     * The HTTP client under {@link #open}, for the few raw requests docker-java has no command for
     * (a one-shot stats read): each request under the same deadline. The caller closes it.
     *
     * @throws EngineUnreachableException as {@link #open}
     */
    public DockerHttpClient openHttp(DockerContext context, Duration timeout) throws EngineUnreachableException {
        return http(config(endpoint(context, timeout)), timeout, EngineCalls.Scope.WHOLE_CALL);
    }

    /**
     * Turns an exception from docker-java into a failure a person can act on: what the context's
     * transport saw on its side first (an ssh login that ended), else {@link DockerClients#describe}.
     *
     * @param context the context that failed
     * @param error what docker-java threw
     * @param timeout the call's timeout, for the message
     */
    public ProbeFailure describe(DockerContext context, Throwable error, Duration timeout) {
        Transport t = transports.get(context.scheme());
        ProbeFailure own = t == null ? null : t.recentFailure(context);
        return own != null ? own : DockerClients.describe(context, error, timeout);
    }

    private Transport.Endpoint endpoint(DockerContext context, Duration timeout) throws EngineUnreachableException {
        if (context.problem() != null) {
            throw new EngineUnreachableException(
                    new ProbeFailure(ProbeFailure.Kind.BROKEN_CONTEXT, context.problem(), null), null);
        }
        Transport t = transports.get(context.scheme());
        if (t == null) {
            throw new EngineUnreachableException(
                    new ProbeFailure(
                            ProbeFailure.Kind.UNSUPPORTED,
                            "The panel cannot reach " + context.scheme() + ":// endpoints on this system.",
                            null),
                    null);
        }
        return t.endpoint(context, timeout);
    }

    /**
     * docker-java's configuration for an endpoint. Its Docker CLI config folder is deliberately one
     * without a {@code config.json}: the panel pulls nothing through docker-java, so it needs no
     * registry credentials, and a malformed {@code config.json} of the user's (which the context
     * list reports as a warning) must not make working engines look unreachable.
     */
    static DefaultDockerClientConfig config(Transport.Endpoint endpoint) {
        DefaultDockerClientConfig.Builder b = DefaultDockerClientConfig.createDefaultConfigBuilder()
                .withDockerConfig(NO_CLI_CONFIG)
                .withDockerHost(endpoint.dockerHost())
                .withDockerTlsVerify(endpoint.tls() != null);
        if (endpoint.tls() != null) {
            b.withCustomSslConfig(endpoint.tls());
        }
        return b.build();
    }

    /** The HTTP client for a configuration: each call under the timeout, in the given scope. */
    static DockerHttpClient http(DefaultDockerClientConfig config, Duration timeout, EngineCalls.Scope scope) {
        return EngineCalls.withDeadline(
                () -> {
                    ZerodepDockerHttpClient.Builder b = new ZerodepDockerHttpClient.Builder()
                            .dockerHost(config.getDockerHost())
                            .sslConfig(config.getSSLConfig())
                            .connectionTimeout(timeout)
                            .maxConnections(2);
                    if (scope == EngineCalls.Scope.WHOLE_CALL) {
                        b.responseTimeout(timeout);
                    }
                    return b.build();
                },
                timeout,
                scope);
    }

    /** A folder that holds no Docker CLI config (it need not exist). */
    private static final String NO_CLI_CONFIG = Path.of(
                    System.getProperty("java.io.tmpdir"), "mst-panel-no-docker-cli-config")
            .toString();

    /** Closes every transport (the ssh bridges' logins end). */
    @Override
    public void close() {
        transports.values().forEach(Transport::close);
    }

    private static final Object WARM_UP_LOCK = new Object();
    private static volatile boolean warm;

    /**
     * Loads and initialises what every call to an engine uses (docker-java's client and commands, its JSON
     * mapping of {@code /info}, the TLS providers) once per process, by a call to a socket that
     * does not exist: nothing is contacted. Later calls return at once.
     */
    public void warmUp() {
        if (warm) {
            return;
        }
        synchronized (WARM_UP_LOCK) {
            if (warm) {
                return;
            }
            long start = System.nanoTime();
            try {
                com.github.dockerjava.core.DockerClientConfig.getDefaultObjectMapper()
                        .readValue(
                                "{\"ID\":\"\",\"NCPU\":1,\"MemTotal\":1,\"Name\":\"\"}",
                                com.github.dockerjava.api.model.Info.class);
                // a client hello made and dropped: loads the TLS stack and its key exchange, which
                // a TLS engine's first handshake otherwise pays for on its own clock
                javax.net.ssl.SSLEngine hello =
                        javax.net.ssl.SSLContext.getDefault().createSSLEngine("warm-up", 2376);
                hello.setUseClientMode(true);
                hello.wrap(
                        java.nio.ByteBuffer.allocate(0),
                        java.nio.ByteBuffer.allocate(hello.getSession().getPacketBufferSize()));
                hello.closeOutbound();
                Class.forName(TlsMaterial.class.getName(), true, DockerClientFactory.class.getClassLoader());
                Class.forName(SshBridges.class.getName(), true, DockerClientFactory.class.getClassLoader());
                java.nio.file.Path nowhere = java.nio.file.Path.of(
                        System.getProperty("java.io.tmpdir"),
                        "mst-panel-no-engine-" + ProcessHandle.current().pid() + ".sock");
                DockerContext none = new DockerContext(
                        "warm-up",
                        "",
                        "unix://" + nowhere,
                        ContextSource.DEFAULT,
                        false,
                        null,
                        false,
                        null,
                        null,
                        null);
                com.github.dockerjava.core.DefaultDockerClientConfig config =
                        config(new Transport.Endpoint(none.endpoint(), null));
                try (DockerClient client = com.github.dockerjava.core.DockerClientImpl.getInstance(
                        config, http(config, Duration.ofSeconds(1), EngineCalls.Scope.WHOLE_CALL))) {
                    client.infoCmd().exec();
                } catch (RuntimeException expected) {
                    // no engine there: only the loading was wanted
                }
            } catch (Exception | LinkageError e) {
                LOG.debug("warming up the probes failed; the first probes pay for the loading", e);
            }
            LOG.debug("probe machinery loaded in {} ms", (System.nanoTime() - start) / 1_000_000);
            warm = true;
        }
    }
}
