package dev.mstpanel.core.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The host's own viewer for a file, the way each system opens one from its file manager: {@code open} on
 * macOS, {@code rundll32 url.dll,FileProtocolHandler} on Windows, {@code xdg-open} elsewhere. The one place
 * the window starts a process of the desktop's, beside the other host processes of this package.
 */
public final class Desktop {
    private Desktop() {}

    /**
     * Opens {@code file} in the system's viewer; returns once the opener has started (its output discarded).
     * Blocks for as long as starting a process takes: call it off the FX thread.
     *
     * @throws IOException when no opener could be started
     */
    public static void open(Path file) throws IOException {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        ProcessBuilder pb = os.contains("mac")
                ? new ProcessBuilder("open", file.toString())
                : os.contains("win")
                        ? new ProcessBuilder("rundll32", "url.dll,FileProtocolHandler", file.toString())
                        : new ProcessBuilder("xdg-open", file.toString());
        pb.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }
}
