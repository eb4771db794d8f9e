package dev.mstpanel.ui.runs;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The session the app uses until MST's supervisor is wired in: the form and preview work,
 * Start says that runs cannot start yet. Replaced by the supervisor-backed session.
 */
public final class UnwiredRunSession implements RunSession {
    @Override
    public Mst locate(Path configDir) {
        return Mst.ASSUMED;
    }

    @Override
    public Handle start(Launch launch, Listener listener) throws IOException {
        throw new IOException("this build of the panel cannot supervise MST yet.");
    }
}
