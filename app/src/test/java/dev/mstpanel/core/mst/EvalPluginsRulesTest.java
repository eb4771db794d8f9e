package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.images.PluginSetups;
import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Kind;
import dev.mstpanel.core.mst.RunChecks.Problem;
import dev.mstpanel.core.mst.RunChecks.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plugin rules: a plugin named by a file path cannot go into the image; an image set up for another eval's plugins is warned about. */
class EvalPluginsRulesTest {
    @TempDir
    Path dir;

    private EvalConfig config(String name, String json) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, json);
        return EvalConfig.read(p);
    }

    @Test
    void aPluginNamedByAFilePathIsRefusedWithTheReasonAndAPackageIsNot() throws Exception {
        assertThat(EvalPlugins.refusal(config(
                        "a.json", "{\"name\": \"x\", \"plugins\": [\"@acme/mst-plugin\", \"./plugins/tickets.js\"]}")))
                .startsWith("The plugin ./plugins/tickets.js is named by a file path")
                .contains("package.json")
                .doesNotContain("@acme/mst-plugin");
        assertThat(EvalPlugins.refusal(
                        config("b.json", "{\"name\": \"x\", \"plugins\": [{\"path\": \"/opt/p\"}, \"C:\\\\p\\\\q\"]}")))
                .startsWith("The plugins /opt/p, C:\\p\\q are named by a file path");
        assertThat(EvalPlugins.refusal(config(
                        "c.json", "{\"name\": \"x\", \"plugins\": [\"@acme/mst-plugin\", \"mst-plugin-tickets\"]}")))
                .isNull();
        assertThat(EvalPlugins.refusal(config("d.json", "{\"name\": \"x\"}"))).isNull();
    }

    @Test
    void aPluginPathInheritedThroughExtendsIsRefusedToo() throws Exception {
        Files.writeString(dir.resolve("base.json"), "{\"plugins\": [\"../shared/plugin.mjs\"]}");
        assertThat(EvalPlugins.refusal(config("e.json", "{\"name\": \"x\", \"extends\": \"base.json\"}")))
                .contains("../shared/plugin.mjs");
        // the config's own list replaces the base's
        assertThat(EvalPlugins.refusal(config(
                        "f.json", "{\"name\": \"x\", \"extends\": \"base.json\", \"plugins\": [\"mst-plugin-a\"]}")))
                .isNull();
    }

    @Test
    void anImageSetUpForAnotherEvalsPluginsIsAWarningOnThatContextOnly() throws Exception {
        EvalConfig mine = config(
                "mine/eval.json",
                "{\"name\": \"x\", \"plugins\": [\"mst-plugin-a\"], \"coworkSetup\":"
                        + " {\"approveWriteTools\": true, \"egressAllowedHosts\": []}}");
        EvalConfig other = config("other/eval.json", "{\"name\": \"y\", \"plugins\": [\"mst-plugin-b\"]}");
        PluginSetups setups = new PluginSetups(dir.resolve("data"));
        setups.record(List.of("engine-1"), other.file());
        setups.record(List.of("engine-2"), mine.file());
        setups.record(List.of("engine-3"), null);
        RunRequest req = new RunRequest(
                mine.file(),
                List.of("engine-1", "engine-2", "engine-3"),
                "",
                KeepPolicy.NEVER,
                "",
                "",
                "",
                "",
                "",
                null,
                null);
        List<Problem> ps = new RunChecks()
                .check(req, mine, null, Map.of(), Map.of(), setups.read()).stream()
                        .filter(p -> p.kind() == Kind.PLUGINS_SET_UP_FOR_OTHER_EVAL)
                        .toList();
        assertThat(ps)
                .extracting(Problem::message)
                .satisfiesExactly(
                        m -> assertThat(m)
                                .startsWith("The image on engine-1 was last set up for another eval's plugins ("
                                        + other.file() + ")"),
                        m -> assertThat(m).startsWith("The image on engine-3 was last set up without an eval config"));
        assertThat(ps).allMatch(p -> p.severity() == Severity.WARNING && p.field() == Field.CONTEXTS);
    }

    @Test
    void anEvalWithoutPluginsOrAContextNeverSetUpIsNotWarned() throws Exception {
        EvalConfig plain = config("plain/eval.json", "{\"name\": \"x\"}");
        EvalConfig withPlugins = config("p/eval.json", "{\"name\": \"x\", \"plugins\": [\"mst-plugin-a\"]}");
        PluginSetups setups = new PluginSetups(dir.resolve("data"));
        setups.record(List.of("engine-1"), dir.resolve("elsewhere/eval.json"));
        RunChecks checks = new RunChecks();
        RunRequest req =
                new RunRequest(plain.file(), List.of("engine-1"), "", KeepPolicy.NEVER, "", "", "", "", "", null, null);
        assertThat(checks.check(req, plain, null, Map.of(), Map.of(), setups.read()))
                .noneMatch(p -> p.kind() == Kind.PLUGINS_SET_UP_FOR_OTHER_EVAL);
        RunRequest onTwo = new RunRequest(
                withPlugins.file(), List.of("engine-2"), "", KeepPolicy.NEVER, "", "", "", "", "", null, null);
        assertThat(checks.check(onTwo, withPlugins, null, Map.of(), Map.of(), setups.read()))
                .noneMatch(p -> p.kind() == Kind.PLUGINS_SET_UP_FOR_OTHER_EVAL);
    }

    @Test
    void theSetupsSurviveARestartAndABrokenFileCountsAsNone() throws Exception {
        PluginSetups setups = new PluginSetups(dir.resolve("data"));
        setups.record(List.of("engine-1", "engine-2"), dir.resolve("a/eval.json"));
        assertThat(new PluginSetups(dir.resolve("data")).read()).containsOnlyKeys("engine-1", "engine-2");
        Files.writeString(dir.resolve("data").resolve(PluginSetups.FILE), "{not json");
        assertThat(new PluginSetups(dir.resolve("data")).read()).isEmpty();
    }
}
