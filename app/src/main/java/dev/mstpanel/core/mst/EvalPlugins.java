package dev.mstpanel.core.mst;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The plugins an eval config loads ({@code plugins}, after its {@code extends}), and whether MST's
 * image setup can install them. MST's Cowork-in-Docker document ("Plugins"): the image must hold
 * the eval's plugins ({@code mst runner setup docker --config eval.json}); a plugin must be a
 * package (a folder with a package.json, found in node_modules beside the config), and one named
 * by a file path cannot be installed. See docs/eval-config-rules.md.
 */
public final class EvalPlugins {
    private static final Pattern DRIVE = Pattern.compile("^[A-Za-z]:[\\\\/].*");
    private static final Pattern SCRIPT = Pattern.compile(".*\\.(?:[cm]?js|[cm]?ts|jsx|tsx)$");

    private EvalPlugins() {}

    /**
     * The plugins as the config names them, in order: a string each, or an object's
     * {@code package}, {@code name}, {@code path} or {@code module} (the first given).
     */
    public static List<String> named(EvalConfig config) {
        List<String> out = new ArrayList<>();
        JsonNode plugins = config.tree().path("plugins");
        if (plugins.isTextual()) {
            out.add(plugins.asText());
        }
        for (JsonNode p : plugins.isArray() ? plugins : List.<JsonNode>of()) {
            if (p.isTextual()) {
                out.add(p.asText());
            } else if (p.isObject()) {
                for (String key : List.of("package", "name", "path", "module")) {
                    if (p.path(key).isTextual()) {
                        out.add(p.path(key).asText());
                        break;
                    }
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * True when a plugin is named by a file path rather than as a package: it starts with
     * {@code .}, {@code /}, {@code ~} or {@code file:}, has a drive letter or a backslash, or ends
     * in a script's extension. A package name ({@code mst-plugin-x}, {@code @org/mst-plugin}) is not.
     */
    public static boolean isFilePath(String plugin) {
        String p = plugin.strip();
        return p.startsWith(".")
                || p.startsWith("/")
                || p.startsWith("~")
                || p.toLowerCase(Locale.ROOT).startsWith("file:")
                || p.contains("\\")
                || DRIVE.matcher(p).matches()
                || SCRIPT.matcher(p.toLowerCase(Locale.ROOT)).matches();
    }

    /**
     * Why MST's image setup cannot install this config's plugins, or null when it can (or there
     * are none).
     */
    public static String refusal(EvalConfig config) {
        List<String> paths =
                named(config).stream().filter(EvalPlugins::isFilePath).toList();
        if (paths.isEmpty()) {
            return null;
        }
        return (paths.size() == 1
                        ? "The plugin " + paths.get(0) + " is"
                        : "The plugins " + String.join(", ", paths) + " are")
                + " named by a file path: MST's image setup installs only packages (a folder with a package.json, "
                + "installed in node_modules beside the eval config) and refuses a file path. Make "
                + (paths.size() == 1 ? "it a package" : "them packages") + " and name "
                + (paths.size() == 1 ? "it" : "them")
                + " by package name in the eval config.";
    }
}
