package dev.mstpanel.logging;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.LogManager;

/**
 * java.util.logging's configuration for a headless command, named by {@code Main} in
 * {@code java.util.logging.config.class}: its records go to SLF4J (so to the panel's log) through
 * {@code SLF4JBridgeHandler}, the only handler, at java.util.logging's default level (INFO), as
 * {@code SLF4JBridgeHandler.install()} after {@code removeHandlersForRootLogger()} sets it up.
 *
 * <p>Why a configuration class: java.util.logging reads it when something first uses
 * java.util.logging, not at start-up. Its start-up looks for a {@code System.LoggerFinder} with
 * {@code ServiceLoader}, which reads the table of contents of every jar on the class path (44 in
 * the app image), about 40 ms of a headless start on a 2-core box; most commands never use
 * java.util.logging at all ({@code scripts/bench/headless-start.sh}). The window sets the bridge
 * up at once, off the FX thread, since JavaFX uses java.util.logging anyway.
 */
public final class JulToLogback {
    /** The value {@code Main} gives {@code java.util.logging.config.class}: this class's name. */
    public static final String NAME = "dev.mstpanel.logging.JulToLogback";

    static final String CONFIGURATION = "handlers=org.slf4j.bridge.SLF4JBridgeHandler\n.level=INFO\n";

    /**
     * Called by java.util.logging's {@code LogManager} while it starts, as its documentation asks
     * of a configuration class: reads the configuration from a stream.
     *
     * @throws IOException never (the stream is in memory)
     */
    public JulToLogback() throws IOException {
        LogManager.getLogManager()
                .readConfiguration(new ByteArrayInputStream(CONFIGURATION.getBytes(StandardCharsets.ISO_8859_1)));
    }
}
