package dev.mstpanel.core.startup;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The child JVM of {@link ClassDataArchiveTest}: writes its own command line and the relaunch
 * marker it sees to the file named by its argument, or exits with 3 when given {@code --fail}, or
 * halts with 134 (what a JVM crash ends with) when given {@code --crash}.
 */
public final class ArchiveChild {
    private ArchiveChild() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--fail")) {
            System.exit(3);
        }
        if (args.length > 0 && args[0].equals("--crash")) {
            Runtime.getRuntime().halt(134); // as a JVM that aborts with a crash report
        }
        String seen =
                String.join(" ", ProcessHandle.current().info().arguments().orElse(new String[0])) + "\nmarker="
                        + System.getenv(ClassDataArchive.MARKER) + "\n";
        Files.writeString(Path.of(args[0]), seen);
    }
}
