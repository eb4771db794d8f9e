package dev.mstpanel.core.docker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This machine's host name as MST labels its containers with it ({@code mst.owner.host}: Node's
 * {@code os.hostname()}, which is {@code gethostname(2)}, the kernel's name): read from
 * {@code /proc/sys/kernel/hostname} on Linux, {@code COMPUTERNAME} on Windows, the
 * {@code hostname} command (gethostname) elsewhere; never a DNS lookup ({@code InetAddress.getLocalHost()}
 * can take about 5 s on macOS). Nothing is read when this is made: the first {@link #current()}
 * reads, so callers on the UI thread only build it.
 *
 * <p>On macOS the kernel's name follows the network (a DHCP server or another Mac with the same
 * name changes it), so the name is read again when the last read is older than
 * {@link #FRESH_FOR}; every name seen since the panel started stays this machine's
 * ({@link #names()}), so containers MST labelled before the change are not taken for another
 * machine's, and {@link #change()} says what changed, for people.
 */
public final class HostNameSource {
    private static final Logger LOG = LoggerFactory.getLogger(HostNameSource.class);
    /** How long a read name is used before it is read again: 10 s. */
    public static final Duration FRESH_FOR = Duration.ofSeconds(10);
    private static final HostNameSource SYSTEM = new HostNameSource(HostNameSource::readSystem, System::nanoTime);

    private final Supplier<String> reader;
    private final LongSupplier nanoClock;
    private final Set<String> names = new LinkedHashSet<>();
    private String current;
    private long readAt;
    private String change;

    /**
     * @param reader reads the name now (blocking; may return null or blank when it cannot)
     * @param nanoClock a monotonic clock in ns ({@code System::nanoTime})
     */
    public HostNameSource(Supplier<String> reader, LongSupplier nanoClock) {
        this.reader = reader;
        this.nanoClock = nanoClock;
    }

    /** This machine's source, shared by the whole panel. */
    public static HostNameSource system() {
        return SYSTEM;
    }

    /** A source that always gives one name (tests, and names given on a command line). */
    public static HostNameSource fixed(String name) {
        return new HostNameSource(() -> name, () -> 0L);
    }

    /** The host name now; reads it when the last read is older than {@link #FRESH_FOR}. Blocks up to about 2 s: not on the UI thread. */
    public synchronized String current() {
        long now = nanoClock.getAsLong();
        if (current == null || now - readAt >= FRESH_FOR.toNanos()) {
            String read = reader.get();
            read = read == null || read.isBlank() ? (current != null ? current : "localhost") : read.strip();
            readAt = now;
            if (current != null && !current.equalsIgnoreCase(read)) {
                change = "This machine's host name changed from " + current + " to " + read + " at "
                        + LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm")) + "; containers MST labelled with "
                        + String.join(" or ", names) + " are still counted as this machine's.";
                LOG.warn(change);
            }
            current = read;
            names.add(read);
        }
        return current;
    }

    /** Every name this machine had since the panel started, the current one included (reads as {@link #current()} does). */
    public synchronized Set<String> names() {
        current();
        return Set.copyOf(names);
    }

    /** True when a {@code mst.owner.host} label names this machine under any of its {@link #names()}, without case. */
    public boolean isThisMachine(String labelHost) {
        if (labelHost == null || labelHost.isBlank()) {
            return false;
        }
        String l = labelHost.strip().toLowerCase(Locale.ROOT);
        return names().stream().anyMatch(n -> n.toLowerCase(Locale.ROOT).equals(l));
    }

    /** The sentence saying the name changed while the panel ran, when it did. */
    public synchronized Optional<String> change() {
        return Optional.ofNullable(change);
    }

    /** Reads the kernel's host name now, as Node's {@code os.hostname()} does; "localhost" when nothing answers. */
    public static String readSystem() {
        Path proc = Path.of("/proc/sys/kernel/hostname");
        try {
            if (Files.isReadable(proc)) {
                String h = Files.readString(proc, StandardCharsets.UTF_8).strip();
                if (!h.isEmpty()) {
                    return h;
                }
            }
        } catch (IOException ignored) {
            // try the next source
        }
        String computer = System.getenv("COMPUTERNAME");
        if (computer != null && !computer.isBlank()) {
            return computer.strip();
        }
        try {
            Process p = new ProcessBuilder("hostname").redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (p.waitFor(2, TimeUnit.SECONDS) && p.exitValue() == 0) {
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                if (!out.isEmpty() && !out.contains("\n")) {
                    return out;
                }
            } else {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            // no hostname command
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "localhost";
    }
}
