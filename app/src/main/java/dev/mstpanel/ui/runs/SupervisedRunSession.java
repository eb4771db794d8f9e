package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.mst.MstNotFoundException;
import dev.mstpanel.core.settings.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The app's {@link RunSession}: finds MST with {@link MstLocator} (the settings' path, the eval's
 * {@code node_modules/.bin}, PATH, npx) and runs it under the panel's supervisor.
 */
public final class SupervisedRunSession implements RunSession {
    private final MstLocator locator;
    private final Settings settings;

    /**
     * @param locator finds MST, its version and its flag vocabulary
     * @param settings the panel's settings ({@link Settings#mstPath})
     */
    public SupervisedRunSession(MstLocator locator, Settings settings) {
        this.locator = locator;
        this.settings = settings;
    }

    @Override
    public Mst locate(Path config) {
        Path set = settings.mstPath == null || settings.mstPath.isBlank() ? null : Path.of(settings.mstPath);
        try {
            MstInstallation found = locator.locate(set, config);
            return new Mst(found.command(), found.flags(), found.version(), null);
        } catch (MstNotFoundException e) {
            return new Mst(List.of("mst"), Mst.ASSUMED.vocabulary(), null, e.getMessage());
        }
    }

    @Override
    public Handle start(Launch launch, Listener listener) throws IOException {
        throw new IOException("this build of the panel cannot supervise MST yet.");
    }
}
