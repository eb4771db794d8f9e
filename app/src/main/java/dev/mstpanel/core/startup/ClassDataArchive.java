package dev.mstpanel.core.startup;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts the window's JVM with a class-data archive (AppCDS) that the panel makes itself, in the
 * user's cache folder, so that every start after the first maps the classes of the window instead
 * of loading and verifying them (about 1.5 s of CPU on a 2-core machine; {@code scripts/bench/first-frame.sh}).
 *
 * <p>Why at run time: on Java 17 an archive is valid only for the exact class path it was made
 * with, so one made at packaging time stops applying as soon as the app is installed elsewhere
 * (the {@code .deb} under {@code /opt}, a {@code .app} dragged to {@code /Applications}), and a
 * plain {@code java -jar} cannot name an archive at all. Java 17 has no
 * {@code -XX:+AutoCreateSharedArchive} (JDK 19), so the panel does the same by hand: the process
 * the user started (the parent) starts the window's JVM again (the child) with
 * {@code -XX:SharedArchiveFile=<cache>/class-data/<key>.jsa} when that archive exists, or with
 * {@code -XX:ArchiveClassesAtExit} to make it when it does not (the first start, whose quit then
 * takes a few seconds longer while the JVM writes it), and waits for it, passing on its exit
 * code. {@code <key>} follows the runtime and the class path (paths, sizes and times), so an update
 * makes a new archive; the three archives used last are kept (the jar and an installed app each
 * have their own). The JVM checks an archive itself and, with {@code -Xshare:auto}, ignores one
 * that does not match; the panel checks what the JVM does not (the file's size, in its name, and
 * its magic number) and removes an archive whose JVM crashed at start, starting the window in its
 * own JVM then. A training that cannot be written (a read-only or full cache) is not started.
 *
 * <p>The options reach the child on its command line for {@code java -jar} or {@code java -cp},
 * and through {@code JAVA_TOOL_OPTIONS} for the app image's native launcher (whose own options
 * come from its {@code .cfg} file); {@link #environmentForProcesses} takes that variable and the
 * panel's markers out again before the panel starts any process. Not relaunched: a headless
 * command, {@code MST_PANEL_CLASS_DATA=off}, a JVM the user started with {@code -Xshare} or
 * archive options of their own, a class path with a class folder (an IDE's run: Java 17 archives
 * jars only), or when the parent's command line cannot be read. Never on macOS: the process
 * Finder starts would wait for a second JVM that owns the window, and apps that relaunch this way
 * get a second Dock icon that ignores Quit (docs/macos.md); one Dock icon is worth more than the
 * archive's gain in the first frame.
 */
public final class ClassDataArchive {
    /** Set in the child's environment ({@code child}); {@code off} turns the relaunch off. */
    public static final String MARKER = "MST_PANEL_CLASS_DATA";
    /** The parent's start, epoch ms, so that the first-frame figure counts from the process the user started. */
    public static final String STARTED_AT = "MST_PANEL_STARTED_AT";
    /** The user's own {@code JAVA_TOOL_OPTIONS} when the launcher's relaunch had to add to it. */
    static final String SAVED_TOOL_OPTIONS = "MST_PANEL_SAVED_JAVA_TOOL_OPTIONS";

    static final String TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";
    /** The jpackage launcher's own variable (Linux), see {@link #plan}. */
    static final String LAUNCHER_MARKER = "_JPACKAGE_LAUNCHER";

    private static final List<String> QUIET = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    /**
     * The installed app's compiler choice (packaging/common.jpackage, where it is measured: C1 only, a first frame
     * with far less CPU), given to the window's JVM that {@code java -jar} starts too, so both run the window alike
     * (the Compare screen's first comparison of two 10,000-trial runs: 707-800 ms with it, 1,649 ms without,
     * scripts/bench/compare-screen.sh). The native launcher's JVM has it from its .cfg already.
     */
    static final String WINDOW_JIT = "-XX:TieredStopAtLevel=1";

    private ClassDataArchive() {}

    /**
     * What the parent knows about how it was started.
     *
     * @param command the executable ({@code ProcessHandle.Info.command()}): {@code bin/java} or the app's launcher
     * @param arguments its arguments after the executable (JVM options, {@code -jar x.jar} or the main class, app arguments)
     * @param appLauncher the app image's launcher ({@code jpackage.app-path}), or null for {@code java}
     * @param runtime {@code java.home} and {@code java.vm.version}, part of the key
     * @param classPath {@code java.class.path}: its entries' paths, sizes and times are part of the key
     */
    public record Launch(String command, List<String> arguments, String appLauncher, String runtime, String classPath) {

        /** This JVM's launch, or empty when the operating system does not say its command line. */
        public static Optional<Launch> current() {
            ProcessHandle.Info info = ProcessHandle.current().info();
            String launcher = System.getProperty("jpackage.app-path");
            Optional<String> command = info.command();
            Optional<String[]> args = info.arguments();
            if (command.isEmpty() || (launcher == null && args.isEmpty())) {
                return Optional.empty();
            }
            return Optional.of(new Launch(
                    command.get(),
                    args.map(List::of).orElse(List.of()),
                    launcher,
                    System.getProperty("java.home") + " " + System.getProperty("java.vm.version"),
                    System.getProperty("java.class.path", "")));
        }
    }

    /**
     * The child to start.
     *
     * @param command the whole command line
     * @param environment the child's whole environment
     * @param archive the archive it maps ({@code training} false), or the temporary file it writes at
     *     exit, which {@link #run} then names {@code <key>-<bytes>.jsa} (its size in its name, checked at each use)
     * @param training true when the archive does not exist yet and this start makes it
     */
    public record Plan(List<String> command, Map<String, String> environment, Path archive, boolean training) {}

    /**
     * The relaunch for this start, or empty to go on in this JVM.
     *
     * @param environment this process's environment
     * @param launch how it was started
     * @param cacheDir the panel's cache folder ({@code AppPaths.cacheDir()}); archives go to {@code class-data/} in it
     * @param crashLogDir where the child's JVM writes a crash report ({@code -XX:ErrorFile}), or null for its working folder
     */
    public static Optional<Plan> plan(Map<String, String> environment, Launch launch, Path cacheDir, Path crashLogDir) {
        return plan(
                environment,
                System.getProperty("os.name", "")
                        .toLowerCase(java.util.Locale.ROOT)
                        .startsWith("mac"),
                launch,
                cacheDir,
                crashLogDir);
    }

    /**
     * {@link #plan(Map, Launch, Path, Path)} for the given system: none on macOS (see the class comment).
     *
     * @param onMac whether the panel runs on macOS
     */
    public static Optional<Plan> plan(
            Map<String, String> environment, boolean onMac, Launch launch, Path cacheDir, Path crashLogDir) {
        if (onMac) {
            return Optional.empty();
        }
        if (environment.containsKey(MARKER)
                || ownArchiveOptions(launch.arguments())
                || ownArchiveOptions(
                        List.of(environment.getOrDefault(TOOL_OPTIONS, "").split("\\s+")))) {
            return Optional.empty();
        }
        if (hasClassFolder(launch.classPath())) {
            return Optional.empty(); // Java 17 archives no class folders: the JVM would refuse to start
        }
        Path folder = cacheDir.resolve("class-data");
        String key = key(launch);
        removeStaleTrainings(folder);
        Path archive = findArchive(folder, key);
        boolean training = archive == null;
        if (training) {
            archive = trainingFile(folder, key);
            if (!canWrite(archive)) {
                return Optional.empty(); // the JVM could not write it at exit (and would say so): start as before
            }
        } else {
            touch(archive); // the archives kept are the ones used last
        }
        List<String> options = new ArrayList<>();
        options.add(training ? "-XX:ArchiveClassesAtExit=" + archive : "-XX:SharedArchiveFile=" + archive);
        options.addAll(QUIET);
        if (crashLogDir != null) {
            options.add("-XX:ErrorFile=" + crashLogDir.resolve("hs_err_pid%p.log"));
        }
        Map<String, String> env = new HashMap<>(environment);
        env.put(MARKER, "child");
        env.putIfAbsent(
                STARTED_AT,
                Long.toString(ProcessHandle.current()
                        .info()
                        .startInstant()
                        .orElse(Instant.now())
                        .toEpochMilli()));
        List<String> command = new ArrayList<>();
        if (launch.appLauncher() != null) {
            // the native launcher takes no JVM options on its command line: the JVM reads this variable
            command.add(launch.appLauncher());
            command.addAll(launch.arguments());
            // set by the Linux launcher for its own re-start: a child that inherits it takes the
            // parent's arguments for its own and stops with java's usage text
            env.remove(LAUNCHER_MARKER);
            String own = environment.get(TOOL_OPTIONS);
            if (own != null) {
                env.put(SAVED_TOOL_OPTIONS, own);
            }
            env.put(
                    TOOL_OPTIONS,
                    String.join(
                                    " ",
                                    options.stream()
                                            .map(ClassDataArchive::quotedForToolOptions)
                                            .toList())
                            + (own == null || own.isBlank() ? "" : " " + own));
        } else {
            command.add(launch.command());
            command.addAll(options);
            command.add(WINDOW_JIT); // before the user's own options, so one of theirs wins
            command.addAll(launch.arguments());
        }
        return Optional.of(new Plan(List.copyOf(command), Map.copyOf(env), archive, training));
    }

    /**
     * An option as {@code JAVA_TOOL_OPTIONS} must hold it: the JVM splits that variable at white
     * space except inside quotes, so a value with a space (a cache folder under an
     * {@code MST_PANEL_HOME} with a space) is quoted: {@code -XX:SharedArchiveFile="/a b/x.jsa"}.
     * Double quotes, or single quotes for a value that holds a double quote.
     */
    static String quotedForToolOptions(String option) {
        int eq = option.indexOf('=');
        if (eq < 0) {
            return option;
        }
        String value = option.substring(eq + 1);
        if (value.chars().noneMatch(c -> Character.isWhitespace(c) || c == '"' || c == '\'')) {
            return option;
        }
        char quote = value.indexOf('"') >= 0 ? '\'' : '"';
        return option.substring(0, eq + 1) + quote + value + quote;
    }

    /**
     * Runs the child with this process's standard streams and waits for it; when it made the
     * archive and quit normally, keeps it (and removes the archives of other versions). A signal
     * that stops the parent stops the child too.
     *
     * @return the child's exit code, or empty when it could not start (go on in this JVM)
     */
    public static Optional<Integer> run(Plan plan) {
        long started = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder(plan.command()).inheritIO();
        builder.environment().clear();
        builder.environment().putAll(plan.environment());
        Process child;
        try {
            child = builder.start();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        Thread stop = new Thread(
                () -> {
                    child.destroy();
                    try {
                        child.waitFor(); // the child's own shutdown (saving the window's place) finishes first
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "stop-window-jvm");
        Runtime.getRuntime().addShutdownHook(stop);
        int code;
        while (true) {
            try {
                code = child.waitFor();
                break;
            } catch (InterruptedException e) {
                // keep waiting: the child owns the window
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stop);
        } catch (IllegalStateException e) {
            // already shutting down
        }
        if (plan.training()) {
            keep(plan.archive(), QUIT_NORMALLY.contains(code));
        } else if (!QUIT_NORMALLY.contains(code) && code != 1) {
            // the JVM itself failed (a crash report, exit 134): an archive damaged in a way its
            // checks miss can crash every start, so it goes; a crash within the first seconds is
            // that, and the window opens in this JVM instead
            deleteQuietly(plan.archive());
            if (System.nanoTime() - started < CRASH_AT_START.toNanos()) {
                return Optional.empty();
            }
        }
        return Optional.of(code);
    }

    /** Exit codes of a window that quit as asked: normally, or by SIGHUP, SIGINT or SIGTERM (129, 130, 143). */
    private static final java.util.Set<Integer> QUIT_NORMALLY = java.util.Set.of(0, 129, 130, 143);
    /** A child that fails this soon after starting is started again in the parent's JVM without an archive. */
    private static final java.time.Duration CRASH_AT_START = java.time.Duration.ofSeconds(30);
    /** How many archives a cache folder keeps (the jar and an installed app each have their own), last used first. */
    static final int KEPT = 3;

    /**
     * In the window's JVM when it was relaunched: quits when the process the user started is gone
     * (a {@code kill -9} of it would otherwise leave the window running with nobody waiting for it).
     */
    public static void exitWithParent(Map<String, String> environment) {
        if (!"child".equals(environment.get(MARKER))) {
            return;
        }
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(137)));
    }

    /**
     * The environment for the processes the panel starts: this JVM's without the relaunch's
     * markers, and {@code JAVA_TOOL_OPTIONS} as the user had it (a Java MCP server started by MST
     * must not be handed the panel's archive).
     *
     * @param environment this JVM's environment
     * @return the same map when this JVM was not relaunched, else a cleaned copy
     */
    public static Map<String, String> environmentForProcesses(Map<String, String> environment) {
        if (!"child".equals(environment.get(MARKER))) {
            return environment;
        }
        Map<String, String> clean = new HashMap<>(environment);
        clean.remove(MARKER);
        clean.remove(LAUNCHER_MARKER);
        clean.remove(STARTED_AT);
        String tool = clean.remove(TOOL_OPTIONS);
        String saved = clean.remove(SAVED_TOOL_OPTIONS);
        if (saved != null) {
            clean.put(TOOL_OPTIONS, saved);
        } else if (tool != null
                && !tool.contains("-XX:SharedArchiveFile=")
                && !tool.contains("-XX:ArchiveClassesAtExit=")) {
            clean.put(TOOL_OPTIONS, tool); // the user's own, for a java -jar start (the relaunch did not touch it)
        }
        return clean;
    }

    /**
     * When the process the user started began: the parent's start for a relaunched JVM, else this
     * process's (the first-frame figure counts from it).
     */
    public static Instant processStart(Map<String, String> environment) {
        String parent = environment.get(STARTED_AT);
        if (parent != null) {
            try {
                return Instant.ofEpochMilli(Long.parseLong(parent.strip()));
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        return ProcessHandle.current().info().startInstant().orElse(Instant.now());
    }

    /** The archive's name: a 64-bit FNV-1a hash (hex) of the runtime and each class path entry's path, size and time. */
    static String key(Launch launch) {
        StringBuilder facts = new StringBuilder(launch.runtime())
                .append('\n')
                .append(launch.appLauncher() == null ? "java" : launch.appLauncher())
                .append('\n');
        for (String entry : launch.classPath().split(java.io.File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path p = Path.of(entry).toAbsolutePath();
            facts.append(p);
            try {
                facts.append(' ')
                        .append(Files.size(p))
                        .append(' ')
                        .append(Files.getLastModifiedTime(p).toMillis());
            } catch (IOException | RuntimeException e) {
                facts.append(" ?");
            }
            facts.append('\n');
        }
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < facts.length(); i++) {
            h ^= facts.charAt(i);
            h *= 0x100000001b3L;
        }
        return String.format("%016x", h);
    }

    private static boolean hasClassFolder(String classPath) {
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty() && Files.isDirectory(Path.of(entry))) {
                return true;
            }
        }
        return false;
    }

    private static boolean ownArchiveOptions(List<String> options) {
        for (String o : options) {
            if (o.startsWith("-Xshare:")
                    || o.startsWith("-XX:SharedArchiveFile")
                    || o.startsWith("-XX:ArchiveClassesAtExit")
                    || o.startsWith("-XX:DumpLoadedClassList")) {
                return true;
            }
            if (o.equals("-jar") || (!o.startsWith("-") && !o.isEmpty())) {
                return false; // the JVM options end here; what follows is the app's
            }
        }
        return false;
    }

    private static Path trainingFile(Path folder, String key) {
        return folder.resolve(key + "." + ProcessHandle.current().pid() + ".tmp");
    }

    /** The usable archive {@code <key>-<bytes>.jsa} in the folder, or null; files of that key that fail the checks are removed. */
    private static Path findArchive(Path folder, String key) {
        Path found = null;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, key + "-*.jsa")) {
            for (Path p : files) {
                String name = p.getFileName().toString();
                long bytes;
                try {
                    bytes = Long.parseLong(name.substring(key.length() + 1, name.length() - ".jsa".length()));
                } catch (NumberFormatException e) {
                    bytes = -1;
                }
                if (found == null && sizeIs(p, bytes) && isArchive(p)) {
                    found = p;
                } else {
                    deleteQuietly(p); // cut short, overwritten, or a second copy
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return found;
    }

    private static boolean sizeIs(Path p, long bytes) {
        try {
            return Files.isRegularFile(p) && Files.size(p) == bytes;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whether this start can write its archive there: the folder can be made, a file made in it, and ~256 MiB are free. */
    private static boolean canWrite(Path training) {
        try {
            Files.createDirectories(training.getParent());
            Files.deleteIfExists(training);
            Files.createFile(training);
            Files.delete(training);
            return Files.getFileStore(training.getParent()).getUsableSpace() > 256L * 1024 * 1024;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Removes trainings left behind (a parent killed with {@code kill -9}): temporary files over an hour old. */
    private static void removeStaleTrainings(Path folder) {
        long hourAgo = System.currentTimeMillis() - 3_600_000L;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*.tmp")) {
            for (Path p : files) {
                try {
                    if (Files.getLastModifiedTime(p).toMillis() < hourAgo) {
                        deleteQuietly(p);
                    }
                } catch (IOException | RuntimeException e) {
                    // next time
                }
            }
        } catch (IOException | RuntimeException e) {
            // no folder yet
        }
    }

    private static void touch(Path p) {
        try {
            Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException | RuntimeException e) {
            // a read-only cache still maps it
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException | RuntimeException e) {
            // left for the next start
        }
    }

    /** The magic number a JDK dynamic archive starts with (HotSpot's {@code CDS_DYNAMIC_ARCHIVE_MAGIC}, in the machine's byte order). */
    private static final int DYNAMIC_ARCHIVE_MAGIC = 0xf00baba8;

    /**
     * Whether the file is a dynamic archive; one that is not (overwritten, cut short before its
     * header) is removed, so that this start makes it again rather than every start ignoring it.
     */
    private static boolean isArchive(Path p) {
        if (!isFile(p)) {
            return false;
        }
        try (var channel = Files.newByteChannel(p)) {
            java.nio.ByteBuffer head = java.nio.ByteBuffer.allocate(4).order(java.nio.ByteOrder.nativeOrder());
            if (channel.read(head) == 4 && head.getInt(0) == DYNAMIC_ARCHIVE_MAGIC) {
                return true;
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException | RuntimeException e) {
            // made again next to it under the same name: the move replaces it
        }
        return false;
    }

    private static boolean isFile(Path p) {
        try {
            return Files.isRegularFile(p) && Files.size(p) > 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Names a finished training's archive {@code <key>-<bytes>.jsa} and keeps the {@link #KEPT}
     * archives used last; drops an unfinished one (and the temporary file whatever happens).
     */
    private static void keep(Path made, boolean quitNormally) {
        try {
            if (quitNormally && isArchive(made)) {
                String name = made.getFileName().toString();
                String key = name.substring(0, name.indexOf('.'));
                Path archive = made.resolveSibling(key + "-" + Files.size(made) + ".jsa");
                Files.move(made, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                List<Path> all = new ArrayList<>();
                try (DirectoryStream<Path> files = Files.newDirectoryStream(archive.getParent(), "*.jsa")) {
                    files.forEach(all::add);
                }
                all.sort(java.util.Comparator.comparing((Path p) -> {
                            try {
                                return Files.getLastModifiedTime(p).toMillis();
                            } catch (IOException e) {
                                return 0L;
                            }
                        })
                        .reversed());
                for (Path p : all.subList(Math.min(KEPT, all.size()), all.size())) {
                    if (!p.equals(archive)) {
                        deleteQuietly(p);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // the next start tries again
        } finally {
            deleteQuietly(made);
        }
    }
}
