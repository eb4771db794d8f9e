package dev.mstpanel.core.doctor;

import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.mst.MstNotFoundException;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Finds MST for the readiness checks and the image tags, through the panel's {@link MstLocator}
 * (settings path, the eval's {@code node_modules/.bin}, PATH, npx). Slow: call it off the FX thread.
 */
public class MstFinder {
    private final MstLocator locator;
    private final Supplier<String> settingsPath;
    private final Supplier<Path> evalConfig;

    /**
     * @param locator the panel's MST locator
     * @param settingsPath Settings' {@code mstPath}, read at each call (null or blank: none)
     * @param evalConfig an eval config whose folder is searched (e.g. the most recent one), or a supplier of null
     */
    public MstFinder(MstLocator locator, Supplier<String> settingsPath, Supplier<Path> evalConfig) {
        this.locator = locator;
        this.settingsPath = settingsPath;
        this.evalConfig = evalConfig;
    }

    /**
     * What was found.
     *
     * @param installation the MST found, or null
     * @param problem why none was found, with the install command, or null
     */
    public record Result(MstInstallation installation, String problem) {
        /** Its version, or null when MST is missing or printed none. */
        public String version() {
            return installation == null ? null : installation.version();
        }
    }

    /** Looks for MST now, near the supplier's eval config; never throws. */
    public Result find() {
        return find(evalConfig.get());
    }

    /**
     * Looks for MST now for a given eval config: Settings' path, else {@code node_modules/.bin/mst}
     * in the config's folder or above it, else PATH, else npx ({@link MstLocator#locate}). Never throws.
     *
     * @param config the eval config (e.g. the Images view's "eval config" field), or null for none
     * @return what was found, or the problem
     */
    public Result find(Path config) {
        String s = settingsPath.get();
        try {
            return new Result(locator.locate(s == null || s.isBlank() ? null : Path.of(s.strip()), config), null);
        } catch (MstNotFoundException e) {
            return new Result(null, e.getMessage());
        } catch (RuntimeException e) {
            return new Result(null, "MST could not be asked for its version: " + e.getMessage());
        }
    }
}
