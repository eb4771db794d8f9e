package dev.mstpanel.core.mst;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mstpanel.core.docker.CapacityPlanner;
import dev.mstpanel.core.docker.ContextCapacity;
import dev.mstpanel.core.docker.RunSizing;
import dev.mstpanel.core.text.ByteSize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks the Run form makes before Start, each tied to the field a person has to change.
 * {@link Severity#ERROR} blocks Start; {@link Severity#WARNING} and {@link Severity#NOTE} are shown
 * beside the field and do not.
 *
 * <p>Sources of the rules: MST's Cowork-in-Docker document ("Run": macOS options and
 * {@code approveWriteTools}; the options table; "Memory and CPUs"), the ChatGPT-in-Docker
 * document ({@code computerUseModel}, {@code configPath}), and docs/dev/mst-format.md, Commands and Capacity and Results (option syntax, the capacity split, run ids). The rules on each variant's settings in a
 * container (a gateway and WebSearch or tool search, egress, ChatGPT's action budget) are listed
 * with their public sources in docs/eval-config-rules.md. Pure: the only disk reads are the
 * secrets file and the output folder's existence, so call it off the FX thread.
 */
public final class RunChecks {
    /** The form's fields a problem can be tied to. */
    public enum Field {
        CONFIG,
        EVAL_SETTINGS,
        CONTEXTS,
        SHARDS,
        KEEP,
        MEMORY,
        CPUS,
        IMAGE,
        READY_TIMEOUT,
        RESUME,
        SECRETS_FILE,
        OUTPUT_DIR
    }

    /** How much a problem matters. */
    public enum Severity {
        /** MST would refuse the run or it cannot work: Start is disabled. */
        ERROR,
        /** The run can start but probably will not do what the person wants. */
        WARNING,
        /** Worth knowing (e.g. shards that will wait for a free context). */
        NOTE
    }

    /** Which rule found a problem: what code and tests act on (the message is for people). */
    public enum Kind {
        /** A value typed in a field of the form (shards, memory, a path, …). */
        FORM_VALUE,
        /** No eval config chosen, or one that cannot be read. */
        CONFIG_UNREADABLE,
        /** A macOS-only option in the config, which MST rejects in a Linux container. */
        MACOS_OPTION,
        /** {@code coworkSetup.approveWriteTools} is not true: a tool asking for approval stalls. */
        APPROVE_WRITE_TOOLS,
        /** A base named by {@code extends} could not be read: its settings are not seen. */
        EXTENDS_UNREAD,
        /** An LLM gateway is configured and a variant leaves Anthropic's server-side WebSearch on. */
        GATEWAY_WEB_SEARCH,
        /** An LLM gateway is configured and a variant has tool search on: the gateway must accept its beta. */
        GATEWAY_TOOL_SEARCH,
        /** A variant lets Cowork reach any public host ({@code egressAllowedHosts} is {@code ["*"]}). */
        EGRESS_ANY_HOST,
        /** ChatGPT's {@code maxActions} is not a whole number from 1 to 64. */
        MAX_ACTIONS_RANGE,
        /** The eval loads plugins and a chosen context's image was last set up for another eval (or none). */
        PLUGINS_SET_UP_FOR_OTHER_EVAL
    }

    /**
     * One problem.
     *
     * @param field the field to change
     * @param severity how much it matters
     * @param message one or two sentences for people, naming the value and the fix
     * @param kind the rule that found it
     */
    public record Problem(Field field, Severity severity, String message, Kind kind) {
        /** A problem with a value typed in the form ({@link Kind#FORM_VALUE}). */
        public Problem(Field field, Severity severity, String message) {
            this(field, severity, message, Kind.FORM_VALUE);
        }
    }

    /** The variable that points Cowork's inference at an LLM gateway (MST's Cowork-in-Docker document, "What you need"). */
    public static final String GATEWAY_VARIABLE = "ANTHROPIC_BASE_URL";

    /**
     * What the panel knows of a chosen context from its probe.
     *
     * @param name the context's name
     * @param memoryBytes its engine's MemTotal in bytes, 0 when unknown
     * @param cpus its engine's NCPU, 0 when unknown
     */
    public record ContextFacts(String name, long memoryBytes, int cpus) {}

    /** Options MST rejects in Linux containers: they exist only for the macOS desktop apps. */
    public static final Set<String> MACOS_ONLY_OPTIONS = Set.of("computerUseModel", "appVersion", "configPath");

    /** A run id: {@code YYYYMMDDTHHMMSSZ-<6 hex>} (docs/dev/mst-format.md, Results). */
    public static final Pattern RUN_ID = Pattern.compile("\\d{8}T\\d{6}Z-[0-9a-f]{6}");
    /** A run's short id: its 6 hex digits. */
    public static final Pattern SHORT_RUN_ID = Pattern.compile("[0-9a-f]{6}");
    /** The memory a Cowork shard peaked at in MST's measurement (2.5 GiB): less than this is warned about. */
    public static final long COWORK_MIN_BYTES = 5 * ByteSize.GIB / 2;

    /**
     * The most shards the panel starts a run with: 256. Each shard is a container (Cowork: one a
     * context at a time), so more is a typing slip; the run model also makes rows only for shards
     * something names.
     */
    public static final int MAX_SHARDS = 256;

    private static final Pattern POSITIVE_INT = Pattern.compile("[0-9]+");
    private final CapacityPlanner planner = new CapacityPlanner();

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    /**
     * Checks the form.
     *
     * @param request the form's values
     * @param config the eval config read from {@code request.config()}, or null when it could not be read
     * @param configError why the config could not be read (its message is shown), or null
     * @param contexts what is known of each chosen context, by name (missing: not probed yet)
     * @return the problems, in the form's field order; empty when all is well
     */
    public List<Problem> check(
            RunRequest request,
            EvalConfig config,
            EvalConfigException configError,
            Map<String, ContextFacts> contexts) {
        return check(request, config, configError, contexts, Map.of());
    }

    /**
     * Checks the form, knowing the environment MST will run with (for the gateway rules; values
     * are never shown, only whether {@link #GATEWAY_VARIABLE} is set there or in the secrets file).
     *
     * @param environment the variables MST runs with (the login shell's in the app)
     * @see #check(RunRequest, EvalConfig, EvalConfigException, Map)
     */
    public List<Problem> check(
            RunRequest request,
            EvalConfig config,
            EvalConfigException configError,
            Map<String, ContextFacts> contexts,
            Map<String, String> environment) {
        return check(request, config, configError, contexts, environment, Map.of());
    }

    /**
     * Checks the form, knowing also which eval config each context's image was last set up for
     * by the panel (see {@link Kind#PLUGINS_SET_UP_FOR_OTHER_EVAL}).
     *
     * @param pluginSetups context name to the eval config its image was set up with (empty: none)
     */
    public List<Problem> check(
            RunRequest request,
            EvalConfig config,
            EvalConfigException configError,
            Map<String, ContextFacts> contexts,
            Map<String, String> environment,
            Map<String, java.util.Optional<Path>> pluginSetups) {
        List<Problem> out = new ArrayList<>();
        if (config != null) {
            checkPluginSetups(config, request.contexts(), pluginSetups, out);
        }
        checkConfig(request, config, configError, out);
        if (config != null) {
            checkSettings(config, gatewaySource(environment, request.secretsFile()), out);
        }
        ClientKind kind = config == null ? null : config.clientKind();

        RunSizing sizing = RunSizing.DEFAULTS;
        boolean memoryOk = true;
        boolean cpusOk = true;
        if (!request.memory().isEmpty()) {
            try {
                RunSizing.containerMemory(request.memory());
            } catch (IllegalArgumentException e) {
                out.add(new Problem(Field.MEMORY, Severity.ERROR, e.getMessage()));
                memoryOk = false;
            }
        }
        if (!request.cpus().isEmpty()) {
            try {
                RunSizing.parse("", request.cpus());
            } catch (IllegalArgumentException e) {
                out.add(new Problem(Field.CPUS, Severity.ERROR, e.getMessage()));
                cpusOk = false;
            }
        }
        sizing = RunSizing.parse(memoryOk ? request.memory() : "", cpusOk ? request.cpus() : "");

        int shards = 0;
        if (!request.shards().isEmpty()) {
            shards = positiveInt(request.shards());
            if (shards <= 0
                    && POSITIVE_INT.matcher(request.shards()).matches()
                    && !request.shards().matches("0+")) {
                out.add(new Problem(
                        Field.SHARDS,
                        Severity.ERROR,
                        request.shards() + " is too many shards: write a whole number from 1 to " + MAX_SHARDS
                                + " (each shard is a container)."));
                shards = 0;
            } else if (shards > MAX_SHARDS) {
                out.add(new Problem(
                        Field.SHARDS,
                        Severity.ERROR,
                        request.shards() + " is too many shards: write a whole number from 1 to " + MAX_SHARDS
                                + " (each shard is a container)."));
                shards = 0;
            } else if (shards <= 0) {
                out.add(new Problem(
                        Field.SHARDS,
                        Severity.ERROR,
                        "\"" + request.shards() + "\" is not a shard count: write a whole number from 1 to "
                                + MAX_SHARDS + "."));
            }
        }
        checkContexts(request, kind, sizing, shards, contexts, out);

        if (!request.image().isEmpty() && request.image().chars().anyMatch(Character::isWhitespace)) {
            out.add(new Problem(
                    Field.IMAGE, Severity.ERROR, "An image reference has no spaces, e.g. my-org/mst-grade:2.0."));
        }
        if (!request.readyTimeout().isEmpty() && positiveInt(request.readyTimeout()) <= 0) {
            out.add(new Problem(
                    Field.READY_TIMEOUT,
                    Severity.ERROR,
                    "\"" + request.readyTimeout()
                            + "\" is not a timeout: write whole seconds, 1 or more (MST's default is 1200)."));
        }
        if (!request.resume().isEmpty()
                && !RUN_ID.matcher(request.resume()).matches()
                && !SHORT_RUN_ID.matcher(request.resume()).matches()) {
            out.add(
                    new Problem(
                            Field.RESUME,
                            Severity.ERROR,
                            "\"" + request.resume()
                                    + "\" is not a run id: write the whole id (20261129T101500Z-a1b2c3) or its 6 hex digits (a1b2c3)."));
        }
        Path secrets = request.secretsFile();
        if (secrets != null) {
            if (!Files.exists(secrets)) {
                out.add(new Problem(Field.SECRETS_FILE, Severity.ERROR, "There is no file " + secrets + "."));
            } else if (!Files.isRegularFile(secrets) || !Files.isReadable(secrets)) {
                out.add(new Problem(Field.SECRETS_FILE, Severity.ERROR, secrets + " is not a readable file."));
            } else if (sizeOf(secrets) > SecretRedactor.MAX_SECRETS_FILE_BYTES) {
                out.add(new Problem(
                        Field.SECRETS_FILE,
                        Severity.ERROR,
                        secrets + " is " + ByteSize.human(sizeOf(secrets))
                                + "; a secrets file may be at most 1 MiB. Give a file with only the run's secrets."));
            }
        }
        Path output = request.outputDir();
        if (output != null && Files.exists(output) && !Files.isDirectory(output)) {
            out.add(new Problem(Field.OUTPUT_DIR, Severity.ERROR, output + " is a file, not a folder."));
        }
        out.sort((a, b) -> a.field().compareTo(b.field()));
        return List.copyOf(out);
    }

    /**
     * The checks on the eval config alone, as the form makes them beside the config: for
     * {@code run} on the command line, which has no form.
     *
     * @param config the eval config, read
     * @param environment the variables MST runs with (values never shown)
     * @param secretsFile the run's secrets file, or null
     * @return the problems of the {@link Field#CONFIG} and {@link Field#EVAL_SETTINGS} fields (and {@link Field#CONTEXTS}
     *     for the plugin setups)
     */
    public List<Problem> checkEvalConfig(EvalConfig config, Map<String, String> environment, Path secretsFile) {
        return checkEvalConfig(config, environment, secretsFile, List.of(), Map.of());
    }

    /**
     * As {@link #checkEvalConfig(EvalConfig, Map, Path)}, with the run's contexts and which eval
     * config each context's image was last set up for ({@link Kind#PLUGINS_SET_UP_FOR_OTHER_EVAL}).
     */
    public List<Problem> checkEvalConfig(
            EvalConfig config,
            Map<String, String> environment,
            Path secretsFile,
            List<String> contexts,
            Map<String, java.util.Optional<Path>> pluginSetups) {
        List<Problem> out = new ArrayList<>();
        checkPluginSetups(config, contexts, pluginSetups, out);
        checkConfig(
                new RunRequest(config.file(), List.of(), "", KeepPolicy.NEVER, "", "", "", "", "", secretsFile, null),
                config,
                null,
                out);
        checkSettings(config, gatewaySource(environment, secretsFile), out);
        return List.copyOf(out);
    }

    /** True when none of the problems is an {@link Severity#ERROR}. */
    public static boolean canStart(List<Problem> problems) {
        return problems.stream().noneMatch(p -> p.severity() == Severity.ERROR);
    }

    private void checkConfig(RunRequest request, EvalConfig config, EvalConfigException error, List<Problem> out) {
        if (request.config() == null) {
            out.add(new Problem(Field.CONFIG, Severity.ERROR, "Choose an eval config."));
            return;
        }
        if (config == null) {
            out.add(new Problem(
                    Field.CONFIG,
                    Severity.ERROR,
                    error != null ? error.getMessage() : "The eval config has not been read yet.",
                    Kind.CONFIG_UNREADABLE));
            return;
        }
        List<String> found = new ArrayList<>();
        findMacOsOptions(config.tree(), "", found);
        for (String where : found) {
            String key = where.substring(where.lastIndexOf('.') + 1);
            String in = where.contains(".") ? " (in " + where.substring(0, where.lastIndexOf('.')) + ")" : "";
            out.add(new Problem(
                    Field.CONFIG,
                    Severity.ERROR,
                    key + in
                            + " is a macOS option: MST rejects it in the Docker runner's Linux containers. Remove it from the eval config.",
                    Kind.MACOS_OPTION));
        }
        if (config.clientKind() == ClientKind.COWORK) {
            List<String> notApproved = new ArrayList<>();
            JsonNode evalLevel = config.coworkSetup().path("approveWriteTools");
            List<JsonNode> variants = config.variantNodes();
            if (variants.isEmpty()) {
                if (!evalLevel.asBoolean(false)) {
                    notApproved.add("the eval");
                }
            } else {
                for (int i = 0; i < variants.size(); i++) {
                    JsonNode own = variants.get(i).path("coworkSetup").path("approveWriteTools");
                    boolean approved = own.isBoolean() ? own.asBoolean() : evalLevel.asBoolean(false);
                    if (!approved) {
                        notApproved.add("variant " + config.variants().get(i));
                    }
                }
            }
            if (!notApproved.isEmpty()) {
                out.add(new Problem(
                        Field.CONFIG,
                        Severity.WARNING,
                        "coworkSetup.approveWriteTools is not true for "
                                + String.join(", ", notApproved)
                                + ": nobody is in the container to click Allow, so a tool that "
                                + "asks for approval will stall. Set it to true unless no server's tools need approval.",
                        Kind.APPROVE_WRITE_TOOLS));
            }
        }
        if (config.extendsProblem() != null) {
            out.add(new Problem(
                    Field.CONFIG,
                    Severity.NOTE,
                    "This config " + config.extendsProblem()
                            + " What that base sets (the client, coworkSetup, …) is not checked here; MST reads it when the run starts.",
                    Kind.EXTENDS_UNREAD));
        }
    }

    /**
     * An eval that loads plugins, on a context whose image the panel last set up for another eval
     * config (or without one): the image holds one set of plugins, and a worker whose plugins
     * differ stops its shard (MST's Cowork-in-Docker document, "Plugins").
     */
    private static void checkPluginSetups(
            EvalConfig config, List<String> contexts, Map<String, java.util.Optional<Path>> setups, List<Problem> out) {
        if (EvalPlugins.named(config).isEmpty() || setups == null || setups.isEmpty()) {
            return;
        }
        Path mine = config.file().toAbsolutePath().normalize();
        for (String context : contexts) {
            java.util.Optional<Path> setFor = setups.get(context);
            if (setFor == null || setFor.isPresent() && setFor.get().equals(mine)) {
                continue;
            }
            out.add(new Problem(
                    Field.CONTEXTS,
                    Severity.WARNING,
                    "The image on " + context + " was last set up "
                            + setFor.map(p -> "for another eval's plugins (" + p + ")")
                                    .orElse("without an eval config, so it holds no plugins")
                            + "; this eval loads plugins, so its workers may stop with \"This worker has plugin …\". Rebuild the image on "
                            + context + " with this eval config (Images, eval config).",
                    Kind.PLUGINS_SET_UP_FOR_OTHER_EVAL));
        }
    }

    /** Where an LLM gateway is configured ("the environment", "the secrets file"), or null when it is not. */
    static String gatewaySource(Map<String, String> environment, Path secretsFile) {
        String env = environment == null ? null : environment.get(GATEWAY_VARIABLE);
        if (env != null && !env.isBlank()) {
            return "the environment";
        }
        if (secretsFile != null) {
            try {
                for (Map.Entry<String, String> e : SecretRedactor.readSecretsEntries(secretsFile)) {
                    if (e.getKey().equals(GATEWAY_VARIABLE) && !e.getValue().isBlank()) {
                        return "the secrets file";
                    }
                }
            } catch (java.io.IOException unreadable) {
                return null; // the secrets file's own check says what is wrong with it
            }
        }
        return null;
    }

    /** The rules on each variant's effective settings in a container (docs/eval-config-rules.md). */
    private static void checkSettings(EvalConfig config, String gateway, List<Problem> out) {
        List<VariantSettings> settings = config.variantSettings();
        boolean several = settings.size() > 1;
        if (config.clientKind() == ClientKind.COWORK) {
            List<String> webSearch =
                    names(settings.stream().filter(s -> !s.webSearchDisabled()).toList(), several);
            if (gateway != null && !webSearch.isEmpty()) {
                out.add(new Problem(
                        Field.EVAL_SETTINGS,
                        Severity.WARNING,
                        GATEWAY_VARIABLE + " is set in " + gateway
                                + " (an LLM gateway) and WebSearch is not disabled for " + String.join(", ", webSearch)
                                + ": a gateway that serves Claude through another provider (Bedrock, Vertex, Snowflake) answers every web search "
                                + "with HTTP 400. Add \"WebSearch\" to coworkSetup.disabledBuiltinTools (a variant's list replaces the eval's).",
                        Kind.GATEWAY_WEB_SEARCH));
            }
            List<String> toolSearch =
                    names(settings.stream().filter(VariantSettings::toolSearch).toList(), several);
            if (gateway != null && !toolSearch.isEmpty()) {
                out.add(new Problem(
                        Field.EVAL_SETTINGS,
                        Severity.NOTE,
                        "Tool search is on for " + String.join(", ", toolSearch)
                                + " and " + GATEWAY_VARIABLE + " is set in " + gateway
                                + ": the gateway must accept the tool-search beta "
                                + "Cowork adds to each request, or every request fails with HTTP 400. coworkSetup.toolSearch: false turns it off.",
                        Kind.GATEWAY_TOOL_SEARCH));
            }
            List<String> anyHost =
                    names(settings.stream().filter(VariantSettings::anyHost).toList(), several);
            if (!anyHost.isEmpty()) {
                out.add(new Problem(
                        Field.EVAL_SETTINGS,
                        Severity.NOTE,
                        "Cowork may reach any public host for " + String.join(", ", anyHost)
                                + " (egressAllowedHosts is [\"*\"], the default), from its web fetch and from the commands it runs alike. "
                                + "Name the hosts in coworkSetup.egressAllowedHosts, or [] for none.",
                        Kind.EGRESS_ANY_HOST));
            }
        }
        if (config.clientKind() == ClientKind.CHATGPT) {
            for (VariantSettings s : settings) {
                if (s.effectiveMaxActions() < 0) {
                    out.add(new Problem(
                            Field.EVAL_SETTINGS,
                            Severity.ERROR,
                            "maxActions " + s.maxActions()
                                    + (several ? " (variant " + s.variant() + ")" : "")
                                    + " is outside ChatGPT's action budget on Linux: "
                                    + "write a whole number from " + VariantSettings.MIN_MAX_ACTIONS + " to "
                                    + VariantSettings.MAX_MAX_ACTIONS
                                    + " (default " + VariantSettings.DEFAULT_MAX_ACTIONS + ").",
                            Kind.MAX_ACTIONS_RANGE));
                }
            }
        }
    }

    private static List<String> names(List<VariantSettings> settings, boolean several) {
        if (settings.isEmpty()) {
            return List.of();
        }
        return several ? settings.stream().map(s -> "variant " + s.variant()).toList() : List.of("the eval");
    }

    private static void findMacOsOptions(JsonNode node, String path, List<String> found) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                String here = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                if (MACOS_ONLY_OPTIONS.contains(e.getKey())) {
                    found.add(here);
                }
                findMacOsOptions(e.getValue(), here, found);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode item = node.get(i);
                String label = item.path("name").isTextual() ? item.path("name").asText() : String.valueOf(i + 1);
                findMacOsOptions(item, path + "[" + label + "]", found);
            }
        }
    }

    private void checkContexts(
            RunRequest request,
            ClientKind kind,
            RunSizing sizing,
            int shards,
            Map<String, ContextFacts> contexts,
            List<Problem> out) {
        List<String> tooFewCpus = new ArrayList<>();
        for (String name : request.contexts()) {
            ContextFacts f = contexts.get(name);
            if (f == null || f.memoryBytes() <= 0 || f.cpus() <= 0) {
                continue;
            }
            if (sizing.cpus().isPresent() && sizing.cpus().getAsDouble() > f.cpus()) {
                tooFewCpus.add(name + "'s " + f.cpus() + (f.cpus() == 1 ? " CPU" : " CPUs"));
                continue;
            }
            ContextCapacity cap = planner.plan(f.memoryBytes(), f.cpus(), sizing);
            if (kind == ClientKind.COWORK) {
                if (cap.cowork().containers() == 0) {
                    Field field = sizing.memoryBytes().isPresent() ? Field.MEMORY : Field.CONTEXTS;
                    out.add(new Problem(
                            field,
                            Severity.ERROR,
                            name + " cannot hold a Cowork container: "
                                    + cap.cowork().note() + "."));
                } else if (cap.cowork().memoryBytes() < COWORK_MIN_BYTES
                        && sizing.memoryBytes().isEmpty()) {
                    out.add(new Problem(
                            Field.CONTEXTS,
                            Severity.WARNING,
                            name + " can give a Cowork container only "
                                    + ByteSize.human(cap.cowork().memoryBytes())
                                    + "; one shard peaked at 2.5 GiB in MST's measurement."
                                    + " Give the context's VM more memory."));
                }
            } else if (kind != null && cap.grade().containers() == 0) {
                Field field = sizing.memoryBytes().isPresent() ? Field.MEMORY : Field.CONTEXTS;
                out.add(new Problem(
                        field,
                        Severity.ERROR,
                        name + " cannot hold one container: " + cap.grade().note() + "."));
            }
        }
        if (kind == ClientKind.COWORK
                && sizing.memoryBytes().isPresent()
                && sizing.memoryBytes().getAsLong() < COWORK_MIN_BYTES) {
            out.add(new Problem(
                    Field.MEMORY,
                    Severity.WARNING,
                    "memory=" + request.memory() + " gives each Cowork container "
                            + ByteSize.human(sizing.memoryBytes().getAsLong())
                            + "; one shard peaked at 2.5 GiB in MST's measurement,"
                            + " so it will probably run out of memory."));
        }
        if (!tooFewCpus.isEmpty()) {
            out.add(new Problem(
                    Field.CPUS,
                    Severity.ERROR,
                    "cpus=" + request.cpus() + " is more than " + String.join(" and ", tooFewCpus)
                            + ": MST refuses it."));
        }
        if (kind == ClientKind.COWORK
                && shards > 1
                && !request.contexts().isEmpty()
                && shards > request.contexts().size()) {
            int waiting = shards - request.contexts().size();
            out.add(new Problem(
                    Field.SHARDS,
                    Severity.NOTE,
                    shards + " Cowork shards on " + request.contexts().size()
                            + (request.contexts().size() == 1 ? " context" : " contexts") + ": " + waiting
                            + (waiting == 1 ? " waits" : " wait")
                            + " for a free context (one Cowork container per context at a time)."));
        }
    }

    private static int positiveInt(String s) {
        if (!POSITIVE_INT.matcher(s).matches() || s.length() > 9) {
            return -1;
        }
        return Integer.parseInt(s);
    }
}
