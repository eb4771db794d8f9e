package dev.mstpanel.core.runs;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * This machine's name as MST writes it into {@code mst.owner.host} (Node's {@code os.hostname()},
 * the kernel's host name: {@code gethostname(2)}), not a DNS lookup.
 */
public final class HostName {
    private static volatile String cached;

    private HostName() {}

    /** The host name: {@code /proc/sys/kernel/hostname} on Linux, else {@code hostname}'s output, else Java's lookup. */
    public static String current() {
        String h = cached;
        if (h != null) {
            return h;
        }
        h = read();
        cached = h;
        return h;
    }

    private static String read() {
        Path proc = Path.of("/proc/sys/kernel/hostname");
        try {
            if (Files.isReadable(proc)) {
                return Files.readString(proc, StandardCharsets.UTF_8).strip();
            }
        } catch (IOException ignored) {
            // try the command
        }
        try {
            Process p = new ProcessBuilder("hostname").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0 && !out.isEmpty()) {
                return out;
            }
        } catch (IOException e) {
            // fall back
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
