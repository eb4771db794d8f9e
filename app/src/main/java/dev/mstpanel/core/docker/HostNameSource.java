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
 * {@link #FRESH_FOR}; every name this machine had stays this machine's ({@link #names()}), so
 * containers MST labelled before the change are not taken for another machine's, and
 * {@link #change()} says what changed, for people. The names are kept in the data folder
 * ({@value #FILE_NAME}, one a line, the {@value #KEPT} seen last), so a kept container labelled at
 * the office is still this Mac's after a restart at home.
 */
public final class HostNameSource {
    private static final Logger LOG = LoggerFactory.getLogger(HostNameSource.class);
    /** How long a read name is used before it is read again: 10 s. */
    public static final Duration FRESH_FOR = Duration.ofSeconds(10);
    /** The file in the data folder that keeps the names this machine had. */
    public static final String FILE_NAME = "host-names.txt";
    /** How many names the file keeps, the ones seen last. */
    static final int KEPT = 20;

    private static final HostNameSource SYSTEM = new HostNameSource(
            HostNameSource::readSystem,
            System::nanoTime,
            () -> dev.mstpanel.core.shell.AppPaths.of(dev.mstpanel.core.shell.HostEnvironment.fromSystem())
                    .dataDir()
                    .resolve(FILE_NAME),
            HostNameSource::readMacLocalName);

    private final Supplier<String> reader;
    private final LongSupplier nanoClock;
    private final Supplier<Path> memory;
    private final Supplier<String> stableName;
    private boolean loaded;
    private final Set<String> names = new LinkedHashSet<>();
    private String current;
    private long readAt;
    private String change;

    /**
     * @param reader reads the name now (blocking; may return null or blank when it cannot)
     * @param nanoClock a monotonic clock in ns ({@code System::nanoTime})
     */
    public HostNameSource(Supplier<String> reader, LongSupplier nanoClock) {
        this(reader, nanoClock, () -> null);
    }

    /**
     * @param reader reads the name now (blocking; may return null or blank when it cannot)
     * @param nanoClock a monotonic clock in ns ({@code System::nanoTime})
     * @param memory the file that keeps the names across sessions (read at the first {@link #current()}), or null for this session only
     */
    public HostNameSource(Supplier<String> reader, LongSupplier nanoClock, Supplier<Path> memory) {
        this(reader, nanoClock, memory, () -> null);
    }

    /**
     * @param reader reads the name now (blocking; may return null or blank when it cannot)
     * @param nanoClock a monotonic clock in ns ({@code System::nanoTime})
     * @param memory the file that keeps the names across sessions, or null for this session only
     * @param stableName a name of this machine that does not follow the network (macOS's
     *        {@code LocalHostName} + {@code .local}, which the kernel's name falls back to), or null; read once
     */
    public HostNameSource(
            Supplier<String> reader, LongSupplier nanoClock, Supplier<Path> memory, Supplier<String> stableName) {
        this.reader = reader;
        this.nanoClock = nanoClock;
        this.memory = memory;
        this.stableName = stableName;
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
        if (!loaded) {
            loaded = true;
            load();
            String stable = stableName.get();
            if (stable != null
                    && isHostName(stable.strip())
                    && names.stream().noneMatch(stable.strip()::equalsIgnoreCase)) {
                names.add(stable.strip());
            }
        }
        long now = nanoClock.getAsLong();
        if (current == null || now - readAt >= FRESH_FOR.toNanos()) {
            String read = reader.get();
            read = read == null || read.isBlank() ? (current != null ? current : "localhost") : read.strip();
            readAt = now;
            if (current != null && !current.equalsIgnoreCase(read)) {
                change = "This machine's host name changed from " + current + " to " + read + " at "
                        + LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm"))
                        + "; containers MST labelled with "
                        + String.join(" or ", names) + " are still counted as this machine's.";
                LOG.warn(change);
            }
            current = read;
            // the name seen last goes last, so that the names kept are the ones seen most recently
            String last = names.stream().reduce((a, b) -> b).orElse(null);
            if (!read.equalsIgnoreCase(last)) {
                final String seen = read;
                names.removeIf(seen::equalsIgnoreCase);
                names.add(read);
                save();
            }
        }
        return current;
    }

    /** The names kept from earlier sessions; an unreadable file is as none (said in the log). */
    private void load() {
        Path file = memory.get();
        if (file == null || !Files.exists(file)) {
            return;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String n = line.strip();
                if (isHostName(n) && names.stream().noneMatch(n::equalsIgnoreCase)) {
                    names.add(n);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "The host names this machine had before could not be read from {} ({}); only this session's count as this machine's",
                    file,
                    e.toString());
        }
    }

    /** Writes the names, the {@value #KEPT} seen last, through a temporary file (a crash leaves the old list). */
    private void save() {
        Path file = memory.get();
        if (file == null) {
            return;
        }
        java.util.List<String> all = new java.util.ArrayList<>(names);
        java.util.List<String> kept = all.subList(Math.max(0, all.size() - KEPT), all.size());
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
            Files.write(tmp, kept, StandardCharsets.UTF_8);
            Files.move(
                    tmp,
                    file,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "The host name {} could not be kept in {} ({}); it counts as this machine's until the panel quits",
                    current,
                    file,
                    e.toString());
        }
    }

    /** A name as gethostname gives one: letters, digits, dots, hyphens and underscores, at most 255 characters. */
    static boolean isHostName(String s) {
        return !s.isEmpty()
                && s.length() <= 255
                && s.chars()
                        .allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '_'));
    }

    /** Every name this machine had (kept across sessions), the current one included (reads as {@link #current()} does). */
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

    /**
     * On macOS, the Bonjour name ({@code scutil --get LocalHostName}) with {@code .local}: the name
     * the kernel's host name is when no network gives it another (scutil(8)). Null elsewhere or
     * when scutil does not answer within 2 s.
     */
    static String readMacLocalName() {
        if (dev.mstpanel.core.shell.HostEnvironment.OsFamily.current()
                != dev.mstpanel.core.shell.HostEnvironment.OsFamily.MAC) {
            return null;
        }
        try {
            Process p = new ProcessBuilder("scutil", "--get", "LocalHostName")
                    .redirectErrorStream(true)
                    .start();
            p.getOutputStream().close();
            if (p.waitFor(2, TimeUnit.SECONDS) && p.exitValue() == 0) {
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                return out.isEmpty() || out.contains("\n") ? null : out + ".local";
            }
            p.destroyForcibly();
        } catch (IOException e) {
            // no scutil
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
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
