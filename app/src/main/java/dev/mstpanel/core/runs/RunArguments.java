package dev.mstpanel.core.runs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the panel needs to know from the arguments of {@code mst run} (docs/dev/mst-format.md, Commands):
 * the config, the runner options ({@code --runner-option k=v} or the older {@code --env-option k=v},
 * each its own flag), the secrets file, the run being resumed and the output folder.
 *
 * @param args the arguments as given (after {@code run})
 * @param config the {@code --config} file, or null
 * @param runnerOptions runner options in order (key to value)
 * @param secretsFile the {@code --secrets-file}, or null
 * @param resume the {@code --resume} run id, or null
 * @param outputDir the {@code --output-dir}, or null
 */
public record RunArguments(
        List<String> args,
        Path config,
        Map<String, String> runnerOptions,
        Path secretsFile,
        String resume,
        Path outputDir) {

    /**
     * The eval config's folder when it does not exist, else null: MST runs there (its working
     * folder), so without it nothing can start, and the fault is the argument's, not MST's.
     */
    public Path missingConfigFolder() {
        if (config == null) {
            return null;
        }
        Path dir = config.toAbsolutePath().getParent();
        return dir != null && !java.nio.file.Files.isDirectory(dir) ? dir : null;
    }

    /**
     * Reads the arguments of {@code mst run}.
     *
     * @param args e.g. {@code [--config, eval.json, --runner, docker, --runner-option, shards=3]}
     */
    public static RunArguments parse(List<String> args) {
        Path config = null;
        Path secrets = null;
        Path output = null;
        String resume = null;
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String value = null;
            String flag = a;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                flag = a.substring(0, eq);
                value = a.substring(eq + 1);
            } else if (i + 1 < args.size()) {
                value = args.get(i + 1);
            }
            boolean inline = eq > 0 && a.startsWith("--");
            switch (flag) {
                case "--config", "-c" -> config = value == null ? null : Path.of(value);
                case "--secrets-file" -> secrets = value == null ? null : Path.of(value);
                case "--output-dir" -> output = value == null ? null : Path.of(value);
                case "--resume" -> resume = value;
                case "--runner-option", "--env-option" -> {
                    if (value != null && value.indexOf('=') > 0) {
                        options.put(value.substring(0, value.indexOf('=')), value.substring(value.indexOf('=') + 1));
                    }
                }
                default -> {
                    continue;
                }
            }
            if (!inline) {
                i++;
            }
        }
        return new RunArguments(List.copyOf(args), config, options, secrets, resume, output);
    }

    /** The {@code contexts=a,b} option's names, or empty when absent. */
    public List<String> contexts() {
        String v = runnerOptions.get("contexts");
        List<String> out = new ArrayList<>();
        if (v != null) {
            for (String s : v.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.strip());
                }
            }
        }
        return out;
    }

    /** The {@code shards=N} option, or -1 when absent or not a number. */
    public int shards() {
        try {
            return Integer.parseInt(runnerOptions.getOrDefault("shards", "-1").strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The {@code --trials N} flag (docs/dev/mst-format.md, Run flags), or empty when absent or not a positive number. */
    public java.util.OptionalInt trials() {
        return positive(flagValue("--trials"));
    }

    /** The {@code --max-cases N} flag (docs/dev/mst-format.md, Run flags), or empty when absent or not a positive number. */
    public java.util.OptionalInt maxCases() {
        return positive(flagValue("--max-cases"));
    }

    /**
     * The cases and variants {@code --case <ids…>} and {@code --variant <names…>} restrict the run to
     * (docs/dev/mst-format.md, Run flags): each flag's values run to the next word starting with {@code -}.
     */
    public dev.mstpanel.core.mst.RunSelection selection() {
        return dev.mstpanel.core.mst.RunSelection.within(args);
    }

    private String flagValue(String flag) {
        String value = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(flag) && i + 1 < args.size()) {
                value = args.get(i + 1);
            } else if (a.startsWith(flag + "=")) {
                value = a.substring(flag.length() + 1);
            }
        }
        return value;
    }

    private static java.util.OptionalInt positive(String value) {
        try {
            int n = value == null ? -1 : Integer.parseInt(value.strip());
            return n > 0 ? java.util.OptionalInt.of(n) : java.util.OptionalInt.empty();
        } catch (NumberFormatException e) {
            return java.util.OptionalInt.empty();
        }
    }

    /** Every {@code --secrets-file} of the arguments, in order ({@code --secrets-file X} and {@code --secrets-file=X}). */
    public static List<Path> allSecretsFiles(List<String> args) {
        List<Path> out = new java.util.ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--secrets-file")
                    && i + 1 < args.size()
                    && !args.get(i + 1).isEmpty()) {
                out.add(Path.of(args.get(i + 1)));
            } else if (a.startsWith("--secrets-file=") && a.length() > "--secrets-file=".length()) {
                out.add(Path.of(a.substring("--secrets-file=".length())));
            }
        }
        return out;
    }
}
