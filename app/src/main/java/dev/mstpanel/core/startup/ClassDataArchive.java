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
 * takes a second or two longer while the JVM writes it), and waits for it, passing on its exit
 * code. {@code <key>} follows the runtime and the class path (paths, sizes and times), so an update
 * makes a new archive and the old ones are removed; the JVM checks the archive itself and, with
 * {@code -Xshare:auto}, simply ignores one that does not match.
 *
 * <p>The options reach the child on its command line for {@code java -jar} or {@code java -cp},
 * and through {@code JAVA_TOOL_OPTIONS} for the app image's native launcher (whose own options
 * come from its {@code .cfg} file); {@link #environmentForProcesses} takes that variable and the
 * panel's markers out again before the panel starts any process. Not relaunched: a headless
 * command, {@code MST_PANEL_CLASS_DATA=off}, a JVM the user started with {@code -Xshare} or
 * archive options of their own, a class path with a class folder (an IDE's run: Java 17 archives
 * jars only), or when the parent's command line cannot be read.
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
            return Optional.of(new Launch(command.get(), args.map(List::of).orElse(List.of()), launcher,
                    System.getProperty("java.home") + " " + System.getProperty("java.vm.version"),
                    System.getProperty("java.class.path", "")));
        }
    }

    /**
     * The child to start.
     *
     * @param command the whole command line
     * @param environment the child's whole environment
     * @param archive the archive it maps ({@code training} false) or writes at exit
     * @param training true when the archive does not exist yet and this start makes it
     */
    public record Plan(List<String> command, Map<String, String> environment, Path archive, boolean training) {}

    /**
     * The relaunch for this start, or empty to go on in this JVM.
     *
     * @param environment this process's environment
     * @param launch how it was started
     * @param cacheDir the panel's cache folder ({@code AppPaths.cacheDir()}); archives go to {@code class-data/} in it
     */
    public static Optional<Plan> plan(Map<String, String> environment, Launch launch, Path cacheDir) {
        if (environment.containsKey(MARKER) || ownArchiveOptions(launch.arguments())
                || ownArchiveOptions(List.of(environment.getOrDefault(TOOL_OPTIONS, "").split("\\s+")))) {
            return Optional.empty();
        }
        if (hasClassFolder(launch.classPath())) {
            return Optional.empty(); // Java 17 archives no class folders: the JVM would refuse to start
        }
        Path archive = cacheDir.resolve("class-data").resolve(key(launch) + ".jsa");
        boolean training = !isArchive(archive);
        Path target = training ? trainingFile(archive) : archive;
        List<String> options = new ArrayList<>();
        options.add(training ? "-XX:ArchiveClassesAtExit=" + target : "-XX:SharedArchiveFile=" + target);
        options.addAll(QUIET);
        Map<String, String> env = new HashMap<>(environment);
        env.put(MARKER, "child");
        env.putIfAbsent(STARTED_AT, Long.toString(ProcessHandle.current().info().startInstant().orElse(Instant.now()).toEpochMilli()));
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
            env.put(TOOL_OPTIONS, String.join(" ", options) + (own == null || own.isBlank() ? "" : " " + own));
        } else {
            command.add(launch.command());
            command.addAll(options);
            command.addAll(launch.arguments());
        }
        return Optional.of(new Plan(List.copyOf(command), Map.copyOf(env), archive, training));
    }

    /**
     * Runs the child with this process's standard streams and waits for it; when it made the
     * archive and quit normally, keeps it (and removes the archives of other versions). A signal
     * that stops the parent stops the child too.
     *
     * @return the child's exit code, or empty when it could not start (go on in this JVM)
     */
    public static Optional<Integer> run(Plan plan) {
        try {
            Files.createDirectories(plan.archive().getParent());
        } catch (IOException | RuntimeException e) {
            if (plan.training()) {
                return Optional.empty(); // nowhere to write the archive: start as before
            }
        }
        ProcessBuilder builder = new ProcessBuilder(plan.command()).inheritIO();
        builder.environment().clear();
        builder.environment().putAll(plan.environment());
        Process child;
        try {
            child = builder.start();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        Thread stop = new Thread(() -> {
            child.destroy();
            try {
                child.waitFor(); // the child's own shutdown (saving the window's place) finishes first
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "stop-window-jvm");
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
            keep(trainingFile(plan.archive()), plan.archive(), code == 0);
        }
        return Optional.of(code);
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
        } else if (tool != null && !tool.contains("-XX:SharedArchiveFile=") && !tool.contains("-XX:ArchiveClassesAtExit=")) {
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
        StringBuilder facts = new StringBuilder(launch.runtime()).append('\n')
                .append(launch.appLauncher() == null ? "java" : launch.appLauncher()).append('\n');
        for (String entry : launch.classPath().split(java.io.File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path p = Path.of(entry).toAbsolutePath();
            facts.append(p);
            try {
                facts.append(' ').append(Files.size(p)).append(' ').append(Files.getLastModifiedTime(p).toMillis());
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
            if (o.startsWith("-Xshare:") || o.startsWith("-XX:SharedArchiveFile") || o.startsWith("-XX:ArchiveClassesAtExit")
                    || o.startsWith("-XX:DumpLoadedClassList")) {
                return true;
            }
            if (o.equals("-jar") || (!o.startsWith("-") && !o.isEmpty())) {
                return false; // the JVM options end here; what follows is the app's
            }
        }
        return false;
    }

    private static Path trainingFile(Path archive) {
        return archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
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

    /** Moves a finished training's archive into place and removes the archives of other keys; drops a failed one. */
    private static void keep(Path made, Path archive, boolean quitNormally) {
        try {
            if (quitNormally && isFile(made)) {
                Files.move(made, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                try (DirectoryStream<Path> old = Files.newDirectoryStream(archive.getParent(), "*.jsa")) {
                    for (Path p : old) {
                        if (!p.equals(archive)) {
                            Files.deleteIfExists(p);
                        }
                    }
                }
            } else {
                Files.deleteIfExists(made);
            }
        } catch (IOException | RuntimeException e) {
            // the next start tries again
        }
    }
}
