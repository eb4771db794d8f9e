package dev.mstpanel.cli;

import java.nio.file.Path;

/**
 * How a person calls this program again, for the commands the output suggests: {@code mst-panel} from the app
 * image or an installed launcher, {@code java -jar app/target/mst-panel.jar} when they ran the jar (a line
 * that says "mst-panel transcript …" is no use to someone who has only the jar).
 */
final class SelfInvocation {
    private SelfInvocation() {}

    /** The words to start a suggested command with. */
    static String command() {
        return command(
                System.getProperty("jpackage.app-path"),
                jarOfThisClass(),
                Path.of("").toAbsolutePath());
    }

    /**
     * @param appLauncher the app image's launcher ({@code jpackage.app-path}), or null
     * @param jar the jar this class was loaded from, or null (classes from a folder, as in the tests)
     * @param workingFolder where the command runs: a jar under it is named relative to it
     */
    static String command(String appLauncher, Path jar, Path workingFolder) {
        if (appLauncher != null || jar == null) {
            return "mst-panel";
        }
        Path shown = jar.startsWith(workingFolder) ? workingFolder.relativize(jar) : jar;
        return "java -jar " + dev.mstpanel.core.mst.RunCommandLine.quote(shown.toString());
    }

    private static Path jarOfThisClass() {
        try {
            var source = SelfInvocation.class.getProtectionDomain().getCodeSource();
            Path p = source == null ? null : Path.of(source.getLocation().toURI());
            return p != null
                            && p.getFileName() != null
                            && p.getFileName().toString().endsWith(".jar")
                    ? p
                    : null;
        } catch (Exception e) {
            return null; // a code source that is no file: the launcher's name is the best guess
        }
    }
}
