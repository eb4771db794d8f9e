package dev.mstpanel.core.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * A container's log ({@code docker logs [--follow] --tail N}) through docker-java, whatever the
 * context's scheme ({@code ssh://} ones through their bridge). Lines are delivered whole,
 * decoded as UTF-8, on a background thread; the caller coalesces them for the screen.
 */
public final class ContainerLogs {
    private final DockerClientFactory clients;

    /** @param clients opens the stream clients of each context's engine */
    public ContainerLogs(DockerClientFactory clients) {
        this.clients = clients;
    }

    /**
     * Starts reading a container's log.
     *
     * @param context where it runs
     * @param container its name or id (checked against Docker's name rule)
     * @param tailLines how many of the last lines to start with
     * @param follow keep reading new lines until closed
     * @param onLine each line, stdout and stderr merged
     * @param onEnd called once when the log ends (container gone, not following, or closed), with
     *     null or a sentence saying what went wrong
     * @return close it to stop reading
     * @throws ContainerActionException when the engine cannot be reached
     */
    public Closeable open(
            DockerContext context,
            String container,
            int tailLines,
            boolean follow,
            Consumer<String> onLine,
            Consumer<String> onEnd)
            throws ContainerActionException {
        String ref = DockerNames.requireContainer(container);
        DockerClient client;
        try {
            client = clients.openForStreams(context, Duration.ofSeconds(5));
        } catch (EngineUnreachableException e) {
            throw new ContainerActionException(
                    context.name() + ": " + e.failure().message(), e);
        }
        LineSplitter out = new LineSplitter(onLine);
        LineSplitter err = new LineSplitter(onLine);
        ResultCallback.Adapter<Frame> cb = new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Frame f) {
                (f.getStreamType() == com.github.dockerjava.api.model.StreamType.STDERR ? err : out)
                        .accept(f.getPayload());
            }

            @Override
            public void onError(Throwable t) {
                out.flush();
                err.flush();
                onEnd.accept(clients.describe(context, t, Duration.ofSeconds(5)).message());
                DockerClients.closeQuietly(client);
            }

            @Override
            public void onComplete() {
                out.flush();
                err.flush();
                onEnd.accept(null);
                DockerClients.closeQuietly(client);
            }
        };
        try {
            client.logContainerCmd(ref)
                    .withStdOut(true)
                    .withStdErr(true)
                    .withFollowStream(follow)
                    .withTail(Math.max(0, tailLines))
                    .exec(cb);
        } catch (RuntimeException e) {
            DockerClients.closeQuietly(client);
            throw new ContainerActionException(
                    "docker logs " + ref + " failed: "
                            + clients.describe(context, e, Duration.ofSeconds(5))
                                    .message(),
                    e);
        }
        return () -> {
            cb.close();
            DockerClients.closeQuietly(client);
        };
    }

    /** Cuts a byte stream into whole lines (a multi-byte character never spans a newline byte). */
    private static final class LineSplitter {
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        private final Consumer<String> onLine;

        LineSplitter(Consumer<String> onLine) {
            this.onLine = onLine;
        }

        synchronized void accept(byte[] bytes) {
            for (byte b : bytes) {
                if (b == '\n') {
                    emit();
                } else {
                    pending.write(b);
                }
            }
        }

        synchronized void flush() {
            if (pending.size() > 0) {
                emit();
            }
        }

        private void emit() {
            String line = pending.toString(StandardCharsets.UTF_8);
            pending.reset();
            onLine.accept(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        }
    }
}
