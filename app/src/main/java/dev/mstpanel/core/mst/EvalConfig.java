package dev.mstpanel.core.mst;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the panel reads from an MST eval config ({@code eval.json}): its name, its client, its
 * variants and the options the Run form checks. The JSON tree is kept for checks that look
 * anywhere in it (macOS-only options).
 *
 * <p>Rules: {@code client} is {@code cowork} when absent (MST's Cowork-in-Docker document:
 * "Cowork (the default)"); a config needs a {@code name} (MST names the results folder after it,
 * docs/dev/mst-format.md, Results). A config that {@code extends} another is read with it, as MST picks
 * the client "after the eval config's extends" (ChatGPT-in-Docker document): the base is a JSON
 * file named relative to the config's folder (a string, or an array applied in order), read
 * first; the config's own keys then win, objects merged key by key and arrays replaced whole.
 * {@code tree} is that merged config. A base the panel cannot find or read is named in
 * {@link #extendsProblem()} and left out. See docs/eval-config-rules.md.
 *
 * @param file the config's path
 * @param name the eval's name
 * @param client the {@code client} as written, or {@code cowork} when absent
 * @param clientGiven true when the config names its client
 * @param variants the variants' names in order ({@code default} when the config has none)
 * @param redactStoredResponses the {@code redactStoredResponses} value, empty when absent (MST's default: true)
 * @param tree the whole config as a JSON tree, its {@code extends} chain merged in
 * @param extended the files merged in through {@code extends}, the nearest first (empty when none)
 * @param extendsProblem why a base named by {@code extends} was left out, or null when every base was read
 */
public record EvalConfig(
        Path file,
        String name,
        String client,
        boolean clientGiven,
        List<String> variants,
        Optional<Boolean> redactStoredResponses,
        JsonNode tree,
        List<Path> extended,
        String extendsProblem) {

    /** How deep {@code extends} may nest before the panel stops (a chain this long is a loop in all but name). */
    static final int MAX_EXTENDS_DEPTH = 16;

    /** Strict JSON, as MST reads it (no comments, no trailing commas). */
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /**
     * Reads an eval config.
     *
     * @param file the config (UTF-8 JSON)
     * @return what the panel needs from it
     * @throws EvalConfigException when the file cannot be read, is not JSON (the message gives
     *     line and column), is not a JSON object, or has no {@code name}
     */
    public static EvalConfig read(Path file) throws EvalConfigException {
        String text;
        try {
            text = readText(file, CONFIG_LIMIT);
        } catch (NoSuchFileException e) {
            throw new EvalConfigException(file, "There is no file " + file + ".", 0, 0, e);
        } catch (IOException e) {
            throw new EvalConfigException(file, file + " could not be read: " + e.getMessage(), 0, 0, e);
        }
        return parse(file, text);
    }

    /**
     * Reads an eval config from text (tests, or a file already read).
     *
     * @param file the path the text came from, for messages
     * @param text the config's JSON
     * @throws EvalConfigException as {@link #read(Path)}
     */
    public static EvalConfig parse(Path file, String text) throws EvalConfigException {
        JsonNode own = parseTree(file, text);
        List<Path> extended = new ArrayList<>();
        String[] problem = {null};
        JsonNode tree = resolveExtends(
                file,
                own,
                extended,
                problem,
                new java.util.ArrayDeque<>(List.of(file.toAbsolutePath().normalize())));
        return build(file, tree, extended, problem[0]);
    }

    private static JsonNode parseTree(Path file, String text) throws EvalConfigException {
        String shown = file.getFileName() == null
                ? file.toString()
                : file.getFileName().toString();
        JsonNode tree;
        try {
            tree = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            int line = at == null ? 0 : Math.max(0, at.getLineNr());
            int column = at == null ? 0 : Math.max(0, at.getColumnNr());
            String where = line > 0 ? " at line " + line + ", column " + column : "";
            throw new EvalConfigException(
                    file,
                    shown + " is not valid JSON" + where + ": "
                            + e.getOriginalMessage().replaceAll("\\s*\\n.*", "") + ".",
                    line,
                    column,
                    e);
        }
        if (tree == null || tree.isMissingNode()) {
            throw new EvalConfigException(
                    file, shown + " is empty: an eval config is a JSON object with a \"name\".", 1, 1, null);
        }
        if (!tree.isObject()) {
            throw new EvalConfigException(
                    file, shown + " is not an eval config: it should be a JSON object with a \"name\".", 1, 1, null);
        }
        return tree;
    }

    /**
     * The config with its {@code extends} bases merged under it. A base that cannot be found,
     * read or parsed, or that leads back to a config already in the chain, is left out and named
     * in {@code problem[0]} (the first such reason).
     */
    private static JsonNode resolveExtends(
            Path file, JsonNode own, List<Path> extended, String[] problem, java.util.Deque<Path> chain) {
        JsonNode ext = own.get("extends");
        List<String> bases = new ArrayList<>();
        if (ext != null && ext.isTextual()) {
            bases.add(ext.asText());
        } else if (ext != null && ext.isArray()) {
            ext.forEach(e -> bases.add(e.asText("")));
        } else if (ext != null && !ext.isNull()) {
            problem[0] = firstOf(problem[0], "\"extends\" should name a config file (a string or an array of them).");
        }
        Path dir = file.toAbsolutePath().getParent();
        com.fasterxml.jackson.databind.node.ObjectNode merged = JSON.createObjectNode();
        for (String base : bases) {
            if (base.isBlank() || dir == null) {
                problem[0] = firstOf(problem[0], "\"extends\" names an empty path.");
                continue;
            }
            Path basePath;
            try {
                basePath = dir.resolve(base).normalize();
            } catch (java.nio.file.InvalidPathException e) {
                problem[0] = firstOf(problem[0], "extends \"" + base + "\" is not a path the panel can open.");
                continue;
            }
            if (chain.contains(basePath)) {
                problem[0] = firstOf(
                        problem[0], "extends \"" + base + "\" leads back to a config already extended (a loop).");
                continue;
            }
            if (chain.size() >= MAX_EXTENDS_DEPTH) {
                problem[0] = firstOf(problem[0], "extends nests more than " + MAX_EXTENDS_DEPTH + " configs deep.");
                continue;
            }
            JsonNode baseTree;
            try {
                if (!Files.isRegularFile(basePath)) {
                    problem[0] = firstOf(
                            problem[0],
                            "extends \"" + base + "\", which is not a file beside the config (" + basePath + ").");
                    continue;
                }
                baseTree = parseTree(basePath, readText(basePath, CONFIG_LIMIT));
            } catch (IOException | EvalConfigException e) {
                problem[0] =
                        firstOf(problem[0], "extends \"" + base + "\", which could not be read: " + e.getMessage());
                continue;
            }
            extended.add(basePath);
            chain.push(basePath);
            JsonNode resolvedBase = resolveExtends(basePath, baseTree, extended, problem, chain);
            chain.pop();
            mergeInto(merged, resolvedBase);
        }
        mergeInto(merged, own);
        merged.remove("extends");
        if (own.has("extends")) {
            merged.set("extends", own.get("extends"));
        }
        return merged;
    }

    private static String firstOf(String existing, String next) {
        return existing != null ? existing : next;
    }

    /** Puts {@code over}'s keys into {@code into}: objects merged key by key, anything else (arrays too) replaced. */
    private static void mergeInto(com.fasterxml.jackson.databind.node.ObjectNode into, JsonNode over) {
        over.fields().forEachRemaining(e -> {
            JsonNode mine = into.get(e.getKey());
            if (mine instanceof com.fasterxml.jackson.databind.node.ObjectNode mineObject
                    && e.getValue().isObject()) {
                com.fasterxml.jackson.databind.node.ObjectNode copy = mineObject.deepCopy();
                mergeInto(copy, e.getValue());
                into.set(e.getKey(), copy);
            } else {
                into.set(e.getKey(), e.getValue().deepCopy());
            }
        });
    }

    private static EvalConfig build(Path file, JsonNode tree, List<Path> extended, String extendsProblem)
            throws EvalConfigException {
        String shown = file.getFileName() == null
                ? file.toString()
                : file.getFileName().toString();
        JsonNode name = tree.get("name");
        if (name == null || !name.isTextual() || name.asText().isBlank()) {
            throw new EvalConfigException(
                    file,
                    shown + " has no \"name\": MST needs one to name the eval and its results folder.",
                    0,
                    0,
                    null);
        }
        JsonNode clientNode = tree.get("client");
        boolean clientGiven = clientNode != null
                && clientNode.isTextual()
                && !clientNode.asText().isBlank();
        String client = clientGiven ? clientNode.asText().strip() : "cowork";
        List<String> variants = new ArrayList<>();
        JsonNode vs = tree.get("variants");
        if (vs != null && vs.isArray()) {
            for (int i = 0; i < vs.size(); i++) {
                JsonNode v = vs.get(i);
                String vn = v.isTextual() ? v.asText() : v.path("name").asText("");
                variants.add(vn.isBlank() ? "variant " + (i + 1) : vn);
            }
        }
        if (variants.isEmpty()) {
            variants.add("default");
        }
        JsonNode redact = tree.get("redactStoredResponses");
        Optional<Boolean> redactValue =
                redact != null && redact.isBoolean() ? Optional.of(redact.asBoolean()) : Optional.empty();
        return new EvalConfig(
                file,
                name.asText().strip(),
                client,
                clientGiven,
                List.copyOf(variants),
                redactValue,
                tree,
                List.copyOf(extended),
                extendsProblem);
    }

    /** The kind of container the client needs. */
    public ClientKind clientKind() {
        return ClientKind.of(client);
    }

    /** True when the config {@code extends} another (merged into {@link #tree()} when {@link #extendsProblem()} is null). */
    public boolean extendsOther() {
        return tree.hasNonNull("extends");
    }

    /** The eval-level {@code coworkSetup} object, or a missing node. */
    public JsonNode coworkSetup() {
        return tree.path("coworkSetup");
    }

    /** Each variant's effective settings in a container, in order ({@link VariantSettings#of(EvalConfig)}). */
    public List<VariantSettings> variantSettings() {
        return VariantSettings.of(this);
    }

    /** The variant objects as written (empty when the config has none). */
    public List<JsonNode> variantNodes() {
        List<JsonNode> out = new ArrayList<>();
        JsonNode vs = tree.get("variants");
        if (vs != null && vs.isArray()) {
            vs.forEach(out::add);
        }
        return out;
    }

    /**
     * The number of trials the run should collect, when the panel can tell: cases in the
     * datasets (JSON files beside the config holding an array of cases, or an object with a
     * {@code cases} array) × variants × {@code trials} (default 1). Empty when a dataset is not a
     * local JSON file the panel can count.
     */
    public OptionalInt expectedTrials() {
        Optional<List<JsonNode>> cases = datasetCases();
        return cases.isEmpty()
                ? OptionalInt.empty()
                : OptionalInt.of(cases.get().size() * variants.size() * trialsPerCase());
    }

    /** The config's {@code trials}: how many times each case runs in each variant (default 1). */
    public int trialsPerCase() {
        return tree.path("trials").isInt() ? Math.max(1, tree.path("trials").asInt()) : 1;
    }

    /**
     * The ids of the cases in the datasets, in order, when the panel can read them all: every dataset
     * a local JSON file ({@link #expectedTrials()}) and every case with a textual {@code id}. Empty
     * otherwise. MST shards a run by case id (docs/dev/mst-format.md, Shards).
     */
    public Optional<List<String>> caseIds() {
        Optional<List<JsonNode>> cases = datasetCases();
        if (cases.isEmpty()) {
            return Optional.empty();
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode c : cases.get()) {
            if (!c.path("id").isTextual()) {
                return Optional.empty();
            }
            ids.add(c.path("id").asText());
        }
        return Optional.of(List.copyOf(ids));
    }

    /** How many cases the datasets hold, when every dataset is a local JSON file the panel can count. */
    public OptionalInt caseCount() {
        Optional<List<JsonNode>> cases = datasetCases();
        return cases.isEmpty()
                ? OptionalInt.empty()
                : OptionalInt.of(cases.get().size());
    }

    /**
     * The cases of every dataset in order: JSON files beside the config holding an array of cases, or an
     * object with a {@code cases} array. Empty when a dataset is not such a file.
     */
    private Optional<List<JsonNode>> datasetCases() {
        JsonNode ds = tree.get("datasets");
        if (ds == null || !ds.isArray() || ds.isEmpty()) {
            return Optional.empty();
        }
        Path dir = file.toAbsolutePath().getParent();
        List<JsonNode> cases = new ArrayList<>();
        for (JsonNode d : ds) {
            if (!d.isTextual() || dir == null) {
                return Optional.empty();
            }
            try {
                JsonNode data = JSON.readTree(readText(dir.resolve(d.asText()), DATASET_LIMIT));
                JsonNode list = data.isArray() ? data : data.path("cases");
                if (!list.isArray()) {
                    return Optional.empty();
                }
                list.forEach(cases::add);
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }
        return Optional.of(cases);
    }

    /** The largest eval config (or config it extends) read: a config is a page of JSON. */
    static final long CONFIG_LIMIT = 4L << 20;

    /** The largest dataset file read to count its cases. */
    static final long DATASET_LIMIT = 64L << 20;

    /**
     * A config's or dataset's text, by the rule for every file the panel reads that a person or a program wrote: a
     * regular file only (a named pipe in its place would wait for a writer forever, a device never ends), and no
     * more than {@code limit} bytes.
     */
    private static String readText(Path file, long limit) throws IOException {
        return new String(dev.mstpanel.core.results.files.ResultsFiles.readAtMost(file, limit), StandardCharsets.UTF_8);
    }
}
