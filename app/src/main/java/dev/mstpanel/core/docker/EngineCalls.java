package dev.mstpanel.core.docker;

import com.github.dockerjava.transport.DockerHttpClient;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * One deadline for every engine call. docker-java's response timeout bounds
 * each socket read, so an engine that trickles (one header line every half second) never trips it
 * and a call waits forever. Every client the panel opens goes through
 * {@link #withDeadline(Supplier, Duration, Scope)}: each request gets its own connection, and when
 * the deadline passes before the call is done, that connection is closed, so the blocked read ends
 * with an {@link java.io.IOException} that docker-java reports as the call's failure
 * ({@link DockerClients#describe} makes it a {@link ProbeFailure.Kind#TIMEOUT}).
 *
 * <p>This is the seam for any transport (a future ssh bridge wraps its own client factory the same
 * way). One daemon timer thread serves every deadline of the process.
 */
public final class EngineCalls {

    /** What a deadline covers. */
    public enum Scope {
        /** The whole call: from the request until its response is read and closed (list, inspect, info, create…). */
        WHOLE_CALL,
        /** Until the response's status and headers are in; the body may then stream for as long as it lasts (events, stats, logs). */
        UNTIL_HEADERS
    }

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "engine-call-deadlines");
        t.setDaemon(true);
        return t;
    });

    private EngineCalls() {}

    /**
     * An HTTP client for docker-java whose every request runs under a deadline.
     *
     * @param connections makes a fresh underlying client (one per request, closed with the request's
     *     response, or at the deadline)
     * @param deadline how long one call may take (more than 0)
     * @param scope what the deadline covers
     * @return a client to give {@code DockerClientImpl.getInstance}
     */
    public static DockerHttpClient withDeadline(
            Supplier<DockerHttpClient> connections, Duration deadline, Scope scope) {
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("a deadline must be more than 0, not " + deadline);
        }
        return new DeadlineClient(connections, deadline, scope);
    }

    /**
     * A deadline armed for one call: when it passes before {@link Armed#close()}, {@code onExpiry} runs
     * (once) on the timer thread, typically closing the call's connection.
     *
     * @param deadline how long until {@code onExpiry}
     * @param onExpiry what ends the call
     */
    public static Armed arm(Duration deadline, Runnable onExpiry) {
        return new Armed(deadline, onExpiry);
    }

    /** A running deadline; closing it before it passes disarms it. */
    public static final class Armed implements AutoCloseable {
        private final AtomicBoolean done = new AtomicBoolean();
        private final ScheduledFuture<?> timer;
        private volatile boolean expired;

        private Armed(Duration deadline, Runnable onExpiry) {
            this.timer = TIMER.schedule(
                    () -> {
                        if (done.compareAndSet(false, true)) {
                            expired = true;
                            onExpiry.run();
                        }
                    },
                    deadline.toNanos(),
                    TimeUnit.NANOSECONDS);
        }

        /** True when the deadline passed before the call was done. */
        public boolean expired() {
            return expired;
        }

        /** Disarms the deadline (the call is done); idempotent. */
        @Override
        public void close() {
            if (done.compareAndSet(false, true)) {
                timer.cancel(false);
            }
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException | RuntimeException ignored) {
            // ending a call that is over or past its deadline
        }
    }

    /** The thrown failure of a call that ran past its deadline (its message names the deadline). */
    static final class DeadlineExceeded extends RuntimeException {
        DeadlineExceeded(Duration deadline, Throwable cause) {
            super("timed out: the engine did not finish answering within " + deadline.toMillis() + " ms", cause);
        }
    }

    private static final class DeadlineClient implements DockerHttpClient {
        private final Supplier<DockerHttpClient> connections;
        private final Duration deadline;
        private final Scope scope;

        DeadlineClient(Supplier<DockerHttpClient> connections, Duration deadline, Scope scope) {
            this.connections = connections;
            this.deadline = deadline;
            this.scope = scope;
        }

        @Override
        public Response execute(Request request) {
            DockerHttpClient connection = connections.get();
            Armed armed = arm(deadline, () -> closeQuietly(connection));
            Response response;
            try {
                response = connection.execute(request);
            } catch (RuntimeException e) {
                armed.close();
                closeQuietly(connection);
                throw armed.expired() ? new DeadlineExceeded(deadline, e) : e;
            }
            if (scope == Scope.UNTIL_HEADERS) {
                armed.close();
                if (armed.expired()) {
                    closeQuietly(connection);
                    throw new DeadlineExceeded(deadline, null);
                }
            }
            return new DeadlineResponse(response, connection, armed);
        }

        @Override
        public void close() {
            // each request's connection is closed with its response
        }
    }

    private static final class DeadlineResponse implements DockerHttpClient.Response {
        private final DockerHttpClient.Response delegate;
        private final DockerHttpClient connection;
        private final Armed armed;
        private final InputStream body;

        DeadlineResponse(DockerHttpClient.Response delegate, DockerHttpClient connection, Armed armed) {
            this.delegate = delegate;
            this.connection = connection;
            this.armed = armed;
            this.body = new DeadlineStream(delegate.getBody(), armed);
        }

        @Override
        public int getStatusCode() {
            return delegate.getStatusCode();
        }

        @Override
        public Map<String, List<String>> getHeaders() {
            return delegate.getHeaders();
        }

        @Override
        public InputStream getBody() {
            return body;
        }

        @Override
        public void close() {
            armed.close();
            closeQuietly(delegate::close);
            closeQuietly(connection);
        }
    }

    /** The body of a call; a read cut by the deadline says so instead of "socket closed". */
    private static final class DeadlineStream extends java.io.FilterInputStream {
        private final Armed armed;

        DeadlineStream(InputStream in, Armed armed) {
            super(in);
            this.armed = armed;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException e) {
                throw translate(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                throw translate(e);
            }
        }

        private IOException translate(IOException e) {
            return armed.expired()
                    ? new java.net.SocketTimeoutException("timed out: the engine did not finish answering in time")
                    : e;
        }
    }
}
