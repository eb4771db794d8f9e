package dev.mstpanel;

import dev.mstpanel.cli.MstPanelCommand;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.startup.ClassDataArchive;
import dev.mstpanel.ui.App;
import java.io.IOException;
import java.nio.file.Files;
import javafx.application.Application;

/**
 * The entry point. With no arguments it opens the window; with a command it runs headless
 * ({@code --help} lists the commands). A plain class, not the {@code Application}, so that the
 * jar starts on the class path.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // SLF4J's own notes (e.g. "logging calls during the initialization phase … replayed", when the
        // FX thread logs while the warm-up thread still configures logback) are not for the terminal
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        if (System.getProperty("slf4j.provider") == null) {
            // logback set up in code, with no ServiceLoader look-up (each reads every jar's table of contents)
            System.setProperty("slf4j.provider", dev.mstpanel.logging.PanelLogProvider.NAME);
        }
        AppPaths paths = AppPaths.of(HostEnvironment.fromSystem());
        try {
            Files.createDirectories(paths.logDir());
            System.setProperty("mstpanel.logDir", paths.logDir().toString());
        } catch (IOException e) {
            // a folder of this user's own under the temporary folder: a shared /tmp/mst-panel.log may be another user's
            java.nio.file.Path own = java.nio.file.Path.of(
                    System.getProperty("java.io.tmpdir"), "mst-panel-" + System.getProperty("user.name", "user"));
            try {
                Files.createDirectories(own);
            } catch (IOException | RuntimeException ignored) {
                // LogConfigurator says in one line on stderr that the log cannot be written
            }
            System.setProperty("mstpanel.logDir", own.toString());
        }
        if (args.length == 0) {
            String noDisplay =
                    noDisplay(System.getenv(), HostEnvironment.fromSystem().os());
            if (noDisplay != null) {
                System.err.println("mst-panel: " + noDisplay);
                System.exit(1);
                return;
            }
            // the window's JVM again, with the class-data archive from the cache folder (or making it)
            java.util.Optional<Integer> relaunched = ClassDataArchive.Launch.current()
                    .flatMap(launch -> ClassDataArchive.plan(System.getenv(), launch, paths.cacheDir(), paths.logDir()))
                    .flatMap(ClassDataArchive::run);
            if (relaunched.isPresent()) {
                System.exit(relaunched.get());
                return;
            }
            ClassDataArchive.exitWithParent(System.getenv());
            // Logging (logback reads its XML configuration) and Jackson (the settings file) start
            // on a second thread while JavaFX starts its toolkit on this one: the first frame
            // comes sooner (scripts/bench/first-frame.sh).
            Thread warmUp = new Thread(
                    () -> {
                        installLogging();
                        new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
                    },
                    "start-up-warm-up");
            warmUp.setDaemon(true);
            warmUp.start();
            // The user's login-shell environment (PATH for node, npx, docker; DOCKER_*, ANTHROPIC_*…),
            // read while the toolkit starts: an app opened from the Finder has launchd's bare one.
            App.startReadingLoginShell(HostEnvironment.fromSystem());
            try {
                Application.launch(App.class, args);
            } catch (RuntimeException e) {
                // a display that is set but does not answer (a closed X server, a stale ssh -X): JavaFX
                // throws from launch; a person gets one line, the log gets the details
                org.slf4j.LoggerFactory.getLogger(Main.class).error("the window could not open", e);
                System.err.println("mst-panel: the window could not open: " + e.getMessage() + ". " + HEADLESS_HINT);
                System.exit(1);
                return;
            }
            System.exit(0); // the window closed: do not wait for library threads that are not daemons
            return;
        }
        headlessLogging();
        System.exit(MstPanelCommand.execute(args));
    }

    private static final String HEADLESS_HINT = "The commands need no display: run mst-panel --help to list them.";

    /**
     * Why the window cannot open on this machine, in one line, or null when it may: on Linux a window needs
     * an X or Wayland display, and with neither variable set JavaFX would stop with a stack trace.
     */
    static String noDisplay(java.util.Map<String, String> env, HostEnvironment.OsFamily os) {
        if (os != HostEnvironment.OsFamily.LINUX) {
            return null;
        }
        boolean x = env.get("DISPLAY") != null && !env.get("DISPLAY").isBlank();
        boolean wayland = env.get("WAYLAND_DISPLAY") != null
                && !env.get("WAYLAND_DISPLAY").isBlank();
        if (wayland) {
            return null;
        }
        if (x) {
            String display = env.get("DISPLAY").strip();
            return dev.mstpanel.core.startup.XDisplay.answers(display)
                    ? null
                    : "the display " + display
                            + " (DISPLAY) does not answer: start its X server, log in again with ssh -X, or run it under xvfb-run. "
                            + HEADLESS_HINT;
        }
        return "no display to open the window on (DISPLAY is not set): run it on a desktop, over ssh -X, or under xvfb-run. "
                + HEADLESS_HINT;
    }

    /**
     * Logging for a headless command: logback through {@code PanelLogProvider} (set above), and
     * java.util.logging bridged to it only when something uses java.util.logging ({@code JulToLogback});
     * a {@code java.util.logging.config.class} or {@code .file} of the user's own keeps the bridge set up at once.
     */
    static void headlessLogging() {
        if (System.getProperty("java.util.logging.config.class") == null
                && System.getProperty("java.util.logging.config.file") == null) {
            System.setProperty("java.util.logging.config.class", dev.mstpanel.logging.JulToLogback.NAME);
            org.slf4j.LoggerFactory.getILoggerFactory();
        } else {
            installLogging();
        }
    }

    private static void installLogging() {
        org.slf4j.bridge.SLF4JBridgeHandler.removeHandlersForRootLogger();
        org.slf4j.bridge.SLF4JBridgeHandler.install();
        org.slf4j.LoggerFactory.getILoggerFactory();
    }
}
