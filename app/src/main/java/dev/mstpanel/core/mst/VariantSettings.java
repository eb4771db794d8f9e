package dev.mstpanel.core.mst;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The settings one variant of an eval runs with in a container, after its {@code extends} chain
 * and the variant's own values are applied: what the Run form shows beside the eval config and
 * what {@link RunChecks} judges.
 *
 * <p>Rules (see docs/eval-config-rules.md for their public sources):
 * <ul>
 *   <li>Cowork's settings live in {@code coworkSetup}, at the eval's level or a variant's; a
 *       variant's value of a key wins, and a list in a variant replaces the eval's list
 *       (MST's Cowork-in-Docker document, on {@code disabledBuiltinTools} and {@code toolSearch}).</li>
 *   <li>{@code disabledBuiltinTools}: none by default; {@code toolSearch}: on unless {@code false};
 *       {@code egressAllowedHosts}: {@code ["*"]} (any public host) unless given, {@code []} for none;
 *       {@code clarifyingQuestions}: answered with their first option unless {@code "disabled"}.</li>
 *   <li>ChatGPT's action budget {@code maxActions} is 1 to 64, 24 by default (MST's ChatGPT-in-Docker
 *       document). The panel reads it at the eval's or a variant's level, or in its
 *       {@code clientOptions} (also as {@code computerUseMaxActions}); the variant's wins.</li>
 * </ul>
 *
 * @param variant the variant's name ({@code default} for an eval without variants)
 * @param disabledBuiltinTools the Cowork built-in tools turned off, as written (e.g. {@code WebSearch})
 * @param toolSearch true when Cowork's tool search is on
 * @param egressAllowedHosts the hosts Cowork may reach; {@code *} means any public host
 * @param clarifyingQuestionsDisabled true when {@code clarifyingQuestions} is {@code "disabled"}
 * @param maxActions ChatGPT's action budget as written (a JSON value), or null when not given (24)
 */
public record VariantSettings(
        String variant,
        List<String> disabledBuiltinTools,
        boolean toolSearch,
        List<String> egressAllowedHosts,
        boolean clarifyingQuestionsDisabled,
        JsonNode maxActions) {

    /** Cowork's web search tool, which a gateway serving Claude through another provider cannot run. */
    public static final String WEB_SEARCH = "WebSearch";
    /** ChatGPT's action budget when the config gives none. */
    public static final int DEFAULT_MAX_ACTIONS = 24;
    /** The smallest and largest action budget MST accepts in a Linux container. */
    public static final int MIN_MAX_ACTIONS = 1;

    public static final int MAX_MAX_ACTIONS = 64;
    /** The egress entry that allows any public host. */
    public static final String ANY_HOST = "*";

    public VariantSettings {
        disabledBuiltinTools = List.copyOf(disabledBuiltinTools);
        egressAllowedHosts = List.copyOf(egressAllowedHosts);
    }

    /**
     * The effective settings of each variant of a config, in the config's order; one entry named
     * {@code default} when the config has no variants.
     */
    public static List<VariantSettings> of(EvalConfig config) {
        JsonNode evalLevel = config.tree();
        List<JsonNode> variants = config.variantNodes();
        List<VariantSettings> out = new ArrayList<>();
        if (variants.isEmpty()) {
            out.add(resolve("default", evalLevel, null));
        } else {
            for (int i = 0; i < variants.size(); i++) {
                out.add(resolve(config.variants().get(i), evalLevel, variants.get(i)));
            }
        }
        return List.copyOf(out);
    }

    private static VariantSettings resolve(String name, JsonNode eval, JsonNode variant) {
        JsonNode disabled = cowork(eval, variant, "disabledBuiltinTools");
        JsonNode toolSearch = cowork(eval, variant, "toolSearch");
        JsonNode egress = cowork(eval, variant, "egressAllowedHosts");
        JsonNode clarifying = cowork(eval, variant, "clarifyingQuestions");
        JsonNode maxActions = variant == null ? null : maxActionsOf(variant);
        if (maxActions == null) {
            maxActions = maxActionsOf(eval);
        }
        return new VariantSettings(
                name,
                strings(disabled),
                toolSearch == null || !toolSearch.isBoolean() || toolSearch.asBoolean(),
                egress == null || !egress.isArray() ? List.of(ANY_HOST) : strings(egress),
                clarifying != null
                        && clarifying.isTextual()
                        && clarifying.asText().strip().equalsIgnoreCase("disabled"),
                maxActions);
    }

    /** The variant's {@code coworkSetup.key} when it has one, else the eval's; null when neither does. */
    private static JsonNode cowork(JsonNode eval, JsonNode variant, String key) {
        if (variant != null) {
            JsonNode own = variant.path("coworkSetup").get(key);
            if (own != null && !own.isNull()) {
                return own;
            }
        }
        JsonNode v = eval.path("coworkSetup").get(key);
        return v == null || v.isNull() ? null : v;
    }

    private static JsonNode maxActionsOf(JsonNode level) {
        for (JsonNode n : List.of(
                level.path("maxActions"),
                level.path("clientOptions").path("maxActions"),
                level.path("clientOptions").path("computerUseMaxActions"))) {
            if (!n.isMissingNode() && !n.isNull()) {
                return n;
            }
        }
        return null;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array != null && array.isArray()) {
            array.forEach(n -> out.add(n.isTextual() ? n.asText() : n.toString()));
        }
        return out;
    }

    /** True when {@code WebSearch} is among the disabled built-in tools (MST's names are compared exactly, case aside). */
    public boolean webSearchDisabled() {
        return disabledBuiltinTools.stream().anyMatch(t -> t.strip().equalsIgnoreCase(WEB_SEARCH));
    }

    /** True when the egress list lets Cowork reach any public host. */
    public boolean anyHost() {
        return egressAllowedHosts.stream().anyMatch(h -> h.strip().equals(ANY_HOST));
    }

    /** The action budget when it is a whole number in range or absent (then 24); -1 when it is out of range or not a number. */
    public int effectiveMaxActions() {
        if (maxActions == null) {
            return DEFAULT_MAX_ACTIONS;
        }
        if (!maxActions.canConvertToInt() || !maxActions.isIntegralNumber()) {
            return -1;
        }
        int n = maxActions.asInt();
        return n < MIN_MAX_ACTIONS || n > MAX_MAX_ACTIONS ? -1 : n;
    }

    /** Cowork's settings in one line for people, e.g. {@code built-in tools off: WebSearch · tool search on · …}. */
    public String coworkText() {
        String tools = disabledBuiltinTools.isEmpty()
                ? "no built-in tool off"
                : "built-in tools off: " + String.join(", ", disabledBuiltinTools);
        String egress = anyHost()
                ? "egress: any public host (*)"
                : egressAllowedHosts.isEmpty() ? "egress: no host" : "egress: " + String.join(", ", egressAllowedHosts);
        return tools + " · tool search " + (toolSearch ? "on" : "off") + " · " + egress + " · clarifying questions "
                + (clarifyingQuestionsDisabled ? "off" : "answered with their first option");
    }

    /** ChatGPT's setting in one line for people, e.g. {@code maxActions 24 (default)}. */
    public String chatgptText() {
        return maxActions == null ? "maxActions " + DEFAULT_MAX_ACTIONS + " (default)" : "maxActions " + maxActions;
    }

    /**
     * The settings of a config's variants as lines for people, for the client's kind: one line
     * when every variant has the same, else one line per variant ({@code variant a: …}); empty for
     * a client with no such settings (headless, plugin clients).
     */
    public static List<String> describe(ClientKind kind, List<VariantSettings> settings) {
        if (kind != ClientKind.COWORK && kind != ClientKind.CHATGPT || settings.isEmpty()) {
            return List.of();
        }
        List<String> texts = settings.stream()
                .map(s -> kind == ClientKind.COWORK ? s.coworkText() : s.chatgptText())
                .toList();
        if (texts.stream().distinct().count() == 1) {
            return List.of(texts.get(0));
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < settings.size(); i++) {
            out.add(String.format(Locale.ROOT, "variant %s: %s", settings.get(i).variant(), texts.get(i)));
        }
        return out;
    }
}
