package dev.mstpanel.core.images;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which eval config each context's MST image was last set up for by the panel
 * ({@code mst runner setup docker [--config eval.json]}). An image holds one set of plugins, and
 * setting it up for another eval replaces them (MST's Cowork-in-Docker document, "Plugins"), so
 * a run of another eval that loads plugins is warned about before Start.
 *
 * <p>Kept in {@code plugin-setups.json} in the panel's data folder: context name to the eval
 * config's absolute path, or {@code ""} for a setup without {@code --config}. Reads and writes go
 * to disk each time (small; call off the FX thread); a file that cannot be read counts as empty.
 */
public final class PluginSetups {
    private static final Logger LOG = LoggerFactory.getLogger(PluginSetups.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The file's name in the data folder. */
    public static final String FILE = "plugin-setups.json";

    private final Path file;

    /** @param dataDir the panel's data folder */
    public PluginSetups(Path dataDir) {
        this.file = dataDir.resolve(FILE);
    }

    /**
     * What each context's image was last set up for.
     *
     * @return context name to the eval config (empty: set up without {@code --config}, so no plugins)
     */
    public synchronized Map<String, Optional<Path>> read() {
        Map<String, Optional<Path>> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try {
            JsonNode n = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
            n.fields().forEachRemaining(e -> {
                if (e.getValue().isTextual()) {
                    String v = e.getValue().asText();
                    try {
                        out.put(e.getKey(), v.isEmpty() ? Optional.empty() : Optional.of(Path.of(v)));
                    } catch (java.nio.file.InvalidPathException bad) {
                        // left out: not a path on this machine
                    }
                }
            });
        } catch (IOException | RuntimeException e) {
            LOG.warn("{} could not be read: {}", file, e.getMessage());
        }
        return out;
    }

    /**
     * Records a finished setup.
     *
     * @param contexts the contexts whose image was set up
     * @param evalConfig the eval config passed with {@code --config}, or null for none
     */
    public synchronized void record(List<String> contexts, Path evalConfig) {
        ObjectNode n = JSON.createObjectNode();
        read().forEach((k, v) -> n.put(k, v.map(Path::toString).orElse("")));
        String value = evalConfig == null
                ? ""
                : evalConfig.toAbsolutePath().normalize().toString();
        contexts.forEach(c -> n.put(c, value));
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(FILE + ".tmp");
            Files.writeString(tmp, n.toPrettyString(), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("{} could not be written: {}", file, e.getMessage());
        }
    }
}
