package dev.mstpanel.core.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.ExecCreateCmdResponse;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.StreamType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Reads a container's session files through {@code docker exec} as the {@code mst} user: they live
 * on a tmpfs, which {@code docker cp} does not see (source: MST's Cowork-in-Docker document, "When
 * something fails"; ChatGPT's evidence from "ChatGPT in Docker").
 *
 * <p>Read, in order: {@code /run/mst/session/claude.log}, {@code restart.log}, the {@code ready} or
 * {@code failed} marker, {@code ~/.config/Claude-3p/logs/*.log}, {@code /etc/claude-desktop/managed-settings.json},
 * {@code /run/mst/evidence/session-*}. Each absent one gives a line saying so. Only these paths
 * are read (the tmpfs also holds the run's token, which is never read). A fixed script runs in the
 * container; the only value passed to it is a random boundary, as an argument.
 */
public final class SessionFiles {
    /** The most of each file shown, in bytes (its end): 256 KiB, as MST's failure diagnosis keeps. */
    public static final int MAX_BYTES = 256 * 1024;

    static final String SCRIPT = String.join(
            "\n",
            "b=\"$1\"",
            "show() {",
            "  f=\"$1\"",
            "  if [ -d \"$f\" ]; then echo \"$b FOLDER $f\"; ls -lR \"$f\" 2>&1; printf '\\n%s END\\n' \"$b\"",
            "  elif [ ! -e \"$f\" ]; then echo \"$b ABSENT $f\"",
            "  elif [ ! -r \"$f\" ]; then echo \"$b UNREADABLE $f\"",
            "  else echo \"$b FILE $f $(wc -c < \"$f\")\"; tail -c " + MAX_BYTES
                    + " \"$f\"; printf '\\n%s END\\n' \"$b\"; fi",
            "}",
            "show /run/mst/session/claude.log",
            "show /run/mst/session/restart.log",
            "if [ -e /run/mst/session/failed ]; then show /run/mst/session/failed; else show /run/mst/session/ready; fi",
            "found=",
            "for f in \"$HOME\"/.config/Claude-3p/logs/*.log; do [ -e \"$f\" ] && { found=1; show \"$f\"; }; done",
            "[ -n \"$found\" ] || echo \"$b ABSENT $HOME/.config/Claude-3p/logs/*.log\"",
            "show /etc/claude-desktop/managed-settings.json",
            "found=",
            "for f in /run/mst/evidence/session-*; do [ -e \"$f\" ] && { found=1; show \"$f\"; }; done",
            "[ -n \"$found\" ] || echo \"$b ABSENT /run/mst/evidence/session-*\"",
            "");
    private static final Pattern SECRET_VALUE = Pattern.compile(
            "(\"[^\"]*(?:token|key|secret|password|authorization|credential)[^\"]*\"\\s*:\\s*)\"[^\"]*\"",
            Pattern.CASE_INSENSITIVE);

    private final MstContainers containers;

    /** @param containers reads the container's labels first (only MST's containers are read) */
    public SessionFiles(MstContainers containers) {
        this.containers = containers;
    }

    /**
     * Reads the session files of one of MST's containers.
     *
     * @param context where it runs
     * @param container its name or id (checked against Docker's name rule)
     * @param timeout bound for the whole read
     * @return every file in the order above, absent ones included; values of keys that look like
     *     secrets ({@code token}, {@code key}, {@code secret}, {@code password}, {@code authorization})
     *     in JSON are hidden
     * @throws ContainerActionException when the container is not MST's, not running, or the exec fails
     */
    public List<SessionFile> read(DockerContext context, String container, Duration timeout)
            throws ContainerActionException {
        MstContainer k = containers.inspect(context, container, timeout);
        if (!"running".equals(k.state())) {
            throw new ContainerActionException(
                    k.name() + " is " + (k.state().isEmpty() ? "not running" : k.state())
                            + ": its session files were on a tmpfs and went with it. Only a running (or kept) container has them.");
        }
        String boundary = "@@mstpanel-" + UUID.randomUUID();
        String out = execThroughApi(context, k.id(), boundary, timeout);
        return parse(out, boundary);
    }

    private String execThroughApi(DockerContext context, String id, String boundary, Duration timeout)
            throws ContainerActionException {
        DockerClient client;
        try {
            client = containers.clients().open(context, timeout);
        } catch (EngineUnreachableException e) {
            throw new ContainerActionException(
                    context.name() + ": " + e.failure().message(), e);
        }
        try {
            ExecCreateCmdResponse exec = client.execCreateCmd(id)
                    .withUser("mst")
                    .withAttachStdout(true)
                    .withAttachStderr(true)
                    .withCmd("sh", "-c", SCRIPT, "sh", boundary)
                    .exec();
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            ByteArrayOutputStream stderr = new ByteArrayOutputStream();
            ResultCallback.Adapter<Frame> cb = client.execStartCmd(exec.getId()).exec(new ResultCallback.Adapter<>() {
                @Override
                public void onNext(Frame f) {
                    (f.getStreamType() == StreamType.STDERR ? stderr : stdout).writeBytes(f.getPayload());
                }
            });
            if (!cb.awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                cb.close();
                throw new ContainerActionException(
                        "Reading the session files of " + id.substring(0, Math.min(12, id.length()))
                                + " took more than " + timeout.toSeconds() + " s.");
            }
            String out = stdout.toString(StandardCharsets.UTF_8);
            if (!out.contains(boundary)) {
                throw new ContainerActionException("docker exec as user mst failed: "
                        + MstContainers.firstLine(stderr.toString(StandardCharsets.UTF_8)));
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ContainerActionException("Interrupted while reading session files.");
        } catch (java.io.IOException | RuntimeException e) {
            throw new ContainerActionException(
                    "docker exec on " + context.name() + " failed: "
                            + containers.clients().describe(context, e, timeout).message(),
                    e);
        } finally {
            DockerClients.closeQuietly(client);
        }
    }

    /** Splits the script's output into files. */
    static List<SessionFile> parse(String out, String boundary) {
        List<SessionFile> files = new ArrayList<>();
        String[] lines = out.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (!line.startsWith(boundary + " ")) {
                continue;
            }
            String rest = line.substring(boundary.length() + 1);
            if (rest.startsWith("ABSENT ")) {
                files.add(new SessionFile(rest.substring(7), SessionFile.Status.ABSENT, -1, "", false));
            } else if (rest.startsWith("UNREADABLE ")) {
                files.add(new SessionFile(rest.substring(11), SessionFile.Status.UNREADABLE, -1, "", false));
            } else if (rest.startsWith("FILE ") || rest.startsWith("FOLDER ")) {
                boolean folder = rest.startsWith("FOLDER ");
                String head = rest.substring(folder ? 7 : 5);
                long size = -1;
                String path = head;
                if (!folder) {
                    int sp = head.lastIndexOf(' ');
                    try {
                        size = Long.parseLong(head.substring(sp + 1).strip());
                        path = head.substring(0, sp);
                    } catch (NumberFormatException | IndexOutOfBoundsException e) {
                        size = -1;
                    }
                }
                StringBuilder content = new StringBuilder();
                int j = i + 1;
                for (; j < lines.length && !lines[j].equals(boundary + " END"); j++) {
                    content.append(lines[j]).append('\n');
                }
                i = j;
                String text = content.toString();
                // the bytes before the END line are the file plus the one newline the script adds
                text = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
                if (path.endsWith(".json")) {
                    text = hideSecrets(text);
                }
                files.add(new SessionFile(
                        path,
                        folder ? SessionFile.Status.FOLDER : SessionFile.Status.PRESENT,
                        size,
                        text,
                        size > MAX_BYTES));
            }
        }
        return files;
    }

    /** Hides the values of JSON keys that look like secrets. */
    static String hideSecrets(String json) {
        return SECRET_VALUE.matcher(json).replaceAll("$1\"(hidden)\"");
    }
}
