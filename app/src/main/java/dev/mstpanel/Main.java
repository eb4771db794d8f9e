package dev.mstpanel;

import dev.mstpanel.cli.MstPanelCommand;
import dev.mstpanel.core.settings.AppPaths;
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
            java.nio.file.Path own = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "mst-panel-" + System.getProperty("user.name", "user"));
            try {
                Files.createDirectories(own);
            } catch (IOException | RuntimeException ignored) {
                // LogConfigurator says in one line on stderr that the log cannot be written
            }
            System.setProperty("mstpanel.logDir", own.toString());
        }
        if (args.length == 0) {
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
            Thread warmUp = new Thread(() -> {
                installLogging();
                new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
            }, "start-up-warm-up");
            warmUp.setDaemon(true);
            warmUp.start();
            // The user's login-shell environment (PATH for node, npx, docker; DOCKER_*, ANTHROPIC_*…),
            // read while the toolkit starts: an app opened from the Finder has launchd's bare one.
            App.startReadingLoginShell(HostEnvironment.fromSystem());
            Application.launch(App.class, args);
            System.exit(0); // the window closed: do not wait for library threads that are not daemons
            return;
        }
        headlessLogging();
        System.exit(MstPanelCommand.execute(args));
    }

    /**
     * Logging for a headless command: logback through {@code PanelLogProvider} (set above), and
     * java.util.logging bridged to it only when something uses java.util.logging ({@code JulToLogback});
     * a {@code java.util.logging.config.class} or {@code .file} of the user's own keeps the bridge set up at once.
     */
    static void headlessLogging() {
        if (System.getProperty("java.util.logging.config.class") == null && System.getProperty("java.util.logging.config.file") == null) {
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
