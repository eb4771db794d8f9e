package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Kind;
import dev.mstpanel.core.mst.RunChecks.Problem;
import dev.mstpanel.core.mst.RunChecks.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each rule on a variant's settings in a container: a config that triggers it and one that does not, variants and extends included. */
class EvalSettingsRulesTest {
    private static final Map<String, String> GATEWAY =
            Map.of("ANTHROPIC_BASE_URL", "https://llm-gateway.example.test/anthropic");

    @TempDir
    Path dir;

    private final RunChecks checks = new RunChecks();

    private Path write(String name, String json) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, json);
        return p;
    }

    private List<Problem> check(String json, Map<String, String> env) throws Exception {
        return check(json, env, null);
    }

    private List<Problem> check(String json, Map<String, String> env, Path secrets) throws Exception {
        EvalConfig config = EvalConfig.read(write("eval.json", json));
        return checks.checkEvalConfig(config, env, secrets);
    }

    private static List<Problem> of(List<Problem> ps, Kind kind) {
        return ps.stream().filter(p -> p.kind() == kind).toList();
    }

    // the reader: extends and variants as MST resolves them

    @Test
    void extendsIsMergedUnderTheConfigAndAVariantsListReplacesTheEvals() throws Exception {
        write("base.json", """
                {"client": "cowork", "coworkSetup": {"disabledBuiltinTools": ["WebSearch", "WebFetch"], "toolSearch": false,
                 "egressAllowedHosts": ["docs.example.test"]}}
                """);
        EvalConfig c = EvalConfig.read(write("eval.json", """
                {"name": "x", "extends": "base.json", "coworkSetup": {"approveWriteTools": true},
                 "variants": [{"name": "a"}, {"name": "b", "coworkSetup": {"disabledBuiltinTools": ["Bash"], "toolSearch": true,
                   "clarifyingQuestions": "disabled"}}]}
                """));
        assertThat(c.extended()).containsExactly(dir.resolve("base.json"));
        assertThat(c.extendsProblem()).isNull();
        List<VariantSettings> s = c.variantSettings();
        assertThat(s.get(0).disabledBuiltinTools()).containsExactly("WebSearch", "WebFetch");
        assertThat(s.get(0).toolSearch()).isFalse();
        assertThat(s.get(0).egressAllowedHosts()).containsExactly("docs.example.test");
        assertThat(s.get(0).clarifyingQuestionsDisabled()).isFalse();
        assertThat(s.get(1).disabledBuiltinTools()).containsExactly("Bash"); // replaced, not added to
        assertThat(s.get(1).toolSearch()).isTrue();
        assertThat(s.get(1).clarifyingQuestionsDisabled()).isTrue();
        assertThat(c.coworkSetup().path("approveWriteTools").asBoolean())
                .isTrue(); // the base's object merged key by key
        assertThat(VariantSettings.describe(c.clientKind(), s))
                .containsExactly(
                        "variant a: built-in tools off: WebSearch, WebFetch · tool search off · egress: docs.example.test · clarifying questions answered with their first option",
                        "variant b: built-in tools off: Bash · tool search on · egress: docs.example.test · clarifying questions off");
    }

    @Test
    void theDefaultsAreOneLineWhenEveryVariantAgrees() throws Exception {
        EvalConfig c = EvalConfig.read(
                write("eval.json", "{\"name\": \"x\", \"variants\": [{\"name\": \"a\"}, {\"name\": \"b\"}]}"));
        assertThat(VariantSettings.describe(c.clientKind(), c.variantSettings()))
                .containsExactly(
                        "no built-in tool off · tool search on · egress: any public host (*) · clarifying questions answered with their first option");
    }

    @Test
    void theClientComesFromTheBaseAndAMissingBaseIsANoteNotAGuess() throws Exception {
        write("shared.json", "{\"client\": \"chatgpt\"}");
        EvalConfig c = EvalConfig.read(write("eval.json", "{\"name\": \"x\", \"extends\": \"shared.json\"}"));
        assertThat(c.clientKind()).isEqualTo(ClientKind.CHATGPT);

        List<Problem> ps = check(
                "{\"name\": \"x\", \"extends\": \"gone.json\", \"coworkSetup\": {\"approveWriteTools\": true,"
                        + " \"egressAllowedHosts\": []}}",
                Map.of());
        assertThat(ps).singleElement().satisfies(p -> {
            assertThat(p.kind()).isEqualTo(Kind.EXTENDS_UNREAD);
            assertThat(p.severity()).isEqualTo(Severity.NOTE);
            assertThat(p.message()).contains("gone.json");
        });
    }

    @Test
    void anExtendsLoopIsCutAndSaid() throws Exception {
        write("a.json", "{\"extends\": \"eval.json\", \"client\": \"api\"}");
        EvalConfig c = EvalConfig.read(write("eval.json", "{\"name\": \"x\", \"extends\": \"a.json\"}"));
        assertThat(c.clientKind()).isEqualTo(ClientKind.HEADLESS);
        assertThat(c.extendsProblem()).contains("loop");
    }

    // gateway + WebSearch: a warning

    @Test
    void aGatewayWithWebSearchOnIsAWarningNamingTheVariants() throws Exception {
        List<Problem> ps = check("""
                {"name": "x", "coworkSetup": {"disabledBuiltinTools": ["WebSearch"]},
                 "variants": [{"name": "a"}, {"name": "b", "coworkSetup": {"disabledBuiltinTools": ["Bash"]}}]}
                """, GATEWAY);
        assertThat(of(ps, Kind.GATEWAY_WEB_SEARCH)).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.field()).isEqualTo(Field.EVAL_SETTINGS);
            assertThat(p.message())
                    .contains("variant b")
                    .doesNotContain("variant a")
                    .doesNotContain("llm-gateway");
        });
    }

    @Test
    void webSearchDisabledEverywhereOrNoGatewayIsNoWarning() throws Exception {
        assertThat(of(
                        check(
                                "{\"name\": \"x\", \"coworkSetup\": {\"disabledBuiltinTools\": [\"WebSearch\"]},"
                                        + " \"variants\": [{\"name\": \"a\"}, {\"name\": \"b\", \"coworkSetup\": {\"toolSearch\": false}}]}",
                                GATEWAY),
                        Kind.GATEWAY_WEB_SEARCH))
                .isEmpty();
        assertThat(of(check("{\"name\": \"x\"}", Map.of()), Kind.GATEWAY_WEB_SEARCH))
                .isEmpty();
        assertThat(of(check("{\"name\": \"x\", \"client\": \"chatgpt\"}", GATEWAY), Kind.GATEWAY_WEB_SEARCH))
                .isEmpty();
    }

    @Test
    void theGatewayIsSeenInTheSecretsFileToo() throws Exception {
        Path secrets = write(
                "secrets.env",
                "# run secrets\nexport ANTHROPIC_BASE_URL=https://gw.example.test\nANTHROPIC_AUTH_TOKEN=abcd1234\n");
        assertThat(of(check("{\"name\": \"x\"}", Map.of(), secrets), Kind.GATEWAY_WEB_SEARCH))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .contains("the secrets file")
                .doesNotContain("gw.example.test")
                .doesNotContain("abcd1234");
        Path json = write("secrets.json", "{\"ANTHROPIC_API_KEY\": \"abcd1234\"}");
        assertThat(of(check("{\"name\": \"x\"}", Map.of(), json), Kind.GATEWAY_WEB_SEARCH))
                .isEmpty();
    }

    @Test
    void aBaseThatDisablesWebSearchCountsThroughExtends() throws Exception {
        write("base.json", "{\"coworkSetup\": {\"disabledBuiltinTools\": [\"WebSearch\"]}}");
        assertThat(of(check("{\"name\": \"x\", \"extends\": \"base.json\"}", GATEWAY), Kind.GATEWAY_WEB_SEARCH))
                .isEmpty();
        assertThat(of(
                        check(
                                "{\"name\": \"x\", \"extends\": \"base.json\", \"variants\": [{\"name\": \"v\", \"coworkSetup\":"
                                        + " {\"disabledBuiltinTools\": []}}]}",
                                GATEWAY),
                        Kind.GATEWAY_WEB_SEARCH))
                .hasSize(1);
    }

    // gateway + tool search: a note

    @Test
    void toolSearchWithAGatewayIsANoteUnlessEveryVariantTurnsItOff() throws Exception {
        assertThat(of(
                        check(
                                "{\"name\": \"x\", \"coworkSetup\": {\"toolSearch\": false}, \"variants\": [{\"name\": \"a\"},"
                                        + " {\"name\": \"on\", \"coworkSetup\": {\"toolSearch\": true}}]}",
                                GATEWAY),
                        Kind.GATEWAY_TOOL_SEARCH))
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.severity()).isEqualTo(Severity.NOTE);
                    assertThat(p.message()).contains("variant on").doesNotContain("variant a");
                });
        assertThat(of(
                        check("{\"name\": \"x\", \"coworkSetup\": {\"toolSearch\": false}}", GATEWAY),
                        Kind.GATEWAY_TOOL_SEARCH))
                .isEmpty();
        assertThat(of(check("{\"name\": \"x\"}", Map.of()), Kind.GATEWAY_TOOL_SEARCH))
                .isEmpty();
    }

    // egress "*": a note

    @Test
    void anyPublicHostIsANoteAndANamedListOrNoneIsNot() throws Exception {
        assertThat(of(check("{\"name\": \"x\"}", Map.of()), Kind.EGRESS_ANY_HOST))
                .singleElement()
                .satisfies(p -> assertThat(p.severity()).isEqualTo(Severity.NOTE));
        assertThat(of(
                        check(
                                "{\"name\": \"x\", \"coworkSetup\": {\"egressAllowedHosts\": []}, \"variants\": [{\"name\": \"a\"},"
                                        + " {\"name\": \"open\", \"coworkSetup\": {\"egressAllowedHosts\": [\"*\"]}}]}",
                                Map.of()),
                        Kind.EGRESS_ANY_HOST))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .contains("variant open")
                .doesNotContain("variant a");
        assertThat(of(
                        check(
                                "{\"name\": \"x\", \"coworkSetup\": {\"egressAllowedHosts\": [\"shop.example.test\"]}}",
                                Map.of()),
                        Kind.EGRESS_ANY_HOST))
                .isEmpty();
        write("base.json", "{\"coworkSetup\": {\"egressAllowedHosts\": []}}");
        assertThat(of(check("{\"name\": \"x\", \"extends\": \"base.json\"}", Map.of()), Kind.EGRESS_ANY_HOST))
                .isEmpty();
    }

    // ChatGPT's maxActions: an error outside 1..64

    @Test
    void maxActionsOutsideOneToSixtyFourIsAnErrorPerVariant() throws Exception {
        List<Problem> ps = check("""
                {"name": "x", "client": "chatgpt", "maxActions": 30,
                 "variants": [{"name": "ok"}, {"name": "big", "maxActions": 65}, {"name": "zero", "clientOptions": {"maxActions": 0}},
                              {"name": "text", "clientOptions": {"computerUseMaxActions": "lots"}}]}
                """, Map.of());
        assertThat(of(ps, Kind.MAX_ACTIONS_RANGE))
                .extracting(Problem::message)
                .satisfiesExactly(
                        m -> assertThat(m).startsWith("maxActions 65 (variant big)"),
                        m -> assertThat(m).startsWith("maxActions 0 (variant zero)"),
                        m -> assertThat(m).startsWith("maxActions \"lots\" (variant text)"));
        assertThat(ps).allMatch(p -> p.severity() == Severity.ERROR);
        assertThat(RunChecks.canStart(ps)).isFalse();
    }

    @Test
    void maxActionsInRangeOrAbsentOrInheritedIsFine() throws Exception {
        assertThat(check(
                        "{\"name\": \"x\", \"client\": \"chatgpt\", \"clientOptions\": {\"computerUseMaxActions\": 64}}",
                        Map.of()))
                .isEmpty();
        assertThat(check("{\"name\": \"x\", \"client\": \"chatgpt\"}", Map.of()))
                .isEmpty();
        write("base.json", "{\"client\": \"chatgpt\", \"maxActions\": 100}");
        assertThat(of(
                        check("{\"name\": \"x\", \"extends\": \"base.json\", \"maxActions\": 1}", Map.of()),
                        Kind.MAX_ACTIONS_RANGE))
                .isEmpty();
        assertThat(of(check("{\"name\": \"x\", \"extends\": \"base.json\"}", Map.of()), Kind.MAX_ACTIONS_RANGE))
                .hasSize(1);
        // a Cowork eval has no action budget to judge
        assertThat(of(check("{\"name\": \"x\", \"maxActions\": 100}", Map.of()), Kind.MAX_ACTIONS_RANGE))
                .isEmpty();
    }
}
