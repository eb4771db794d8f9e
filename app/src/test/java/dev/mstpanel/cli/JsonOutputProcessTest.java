package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code --json} of {@code trials} and {@code transcript} as a user's shell gets it from a separate
 * process (cli/JsonOutput): UTF-8 whatever the locale, escaped for the terminal, one trial per line.
 */
class JsonOutputProcessTest {
    private static final String CASE = "réservation-東京-🎉\u009b31m\u202e";

    @TempDir
    Path dir;

    private Map<String, String> cLocale() {
        Map<String, String> env = new HashMap<>();
        env.put("LC_ALL", "C");
        env.put("LANG", "C");
        env.put("MST_PANEL_HOME", dir.resolve("home").toString());
        return env;
    }

    @Test
    void trialsJsonUnderTheCLocaleKeepsNonAsciiCaseIdsAndEscapesTerminalControls() throws Exception {
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        f.trace("default", CASE, 0, RunFixture.fields().put("error", "boom"))
                .score("judge.accuracy", "default", CASE, 0, false, "no");
        f.trace("default", "plain", 0, null).score("judge.accuracy", "default", "plain", 0, true, "ok");

        PanelProcess.Result r =
                PanelProcess.run(dir, cLocale(), 60, "trials", f.runDir().toString(), "--json");

        assertThat(r.exit()).as(r.err()).isZero();
        // the bytes are UTF-8 (read back as such by PanelProcess), not "?" for each character the C locale cannot
        // encode
        assertThat(r.out())
                .contains("réservation-東京-🎉")
                .doesNotContain("?")
                .doesNotContain("\u009b")
                .doesNotContain("\u202e")
                .contains("\\u009b31m\\u202e");
        JsonNode a = new ObjectMapper().readTree(r.out());
        assertThat(a).hasSize(2);
        assertThat(a.findValuesAsText("caseId")).contains(CASE, "plain");
        // one trial per line, between the array's brackets
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).isEqualTo("[");
        assertThat(lines.get(3)).isEqualTo("]");
        assertThat(new ObjectMapper()
                        .readTree(lines.get(1).replaceAll(",$", ""))
                        .path("trial")
                        .isInt())
                .isTrue();
    }

    @Test
    void trialsTextUnderTheCLocaleShowsNonAsciiCaseIdsAndErrorsAsUtf8() throws Exception {
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        f.trace("default", "réservation-東京", 0, RunFixture.fields().put("error", "Délai dépassé"))
                .score("judge.accuracy", "default", "réservation-東京", 0, false, "no");

        PanelProcess.Result r =
                PanelProcess.run(dir, cLocale(), 60, "trials", f.runDir().toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("réservation-東京").contains("Délai dépassé").doesNotContain("?");
    }

    @Test
    void underTheCLocaleACaseFolderWithANonUtf8NameIsOneUnreadableRowAndTheOtherTrialsListAsTheyAre() throws Exception {
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default", "other");
        f.trace("default", "plain", 0, null).score("judge.accuracy", "default", "plain", 0, true, "ok");
        f.trace("other", "plain", 0, null).score("judge.accuracy", "other", "plain", 0, false, "no");
        Path variant = f.tracePath("default", "plain", 0).getParent().getParent();
        // a name with the byte 0xE9 (Latin-1 "é"): in a C locale Java can make no path of the name it reads
        Process p = new ProcessBuilder(
                        "bash",
                        "-c",
                        "mkdir \"$(printf 'caf\\xe9')\" && cp plain/0.json \"$(printf 'caf\\xe9')/0.json\"")
                .directory(variant.toFile())
                .start();
        assertThat(p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();

        for (int listing = 0; listing < 2; listing++) { // from the files, then from the cache of listed trials
            PanelProcess.Result r =
                    PanelProcess.run(dir, cLocale(), 60, "trials", f.runDir().toString(), "--json");

            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode a = new ObjectMapper().readTree(r.out());
            assertThat(a.findValuesAsText("status"))
                    .as(r.out())
                    .containsExactlyInAnyOrder("passed", "failed", "unreadable");
            JsonNode odd = java.util.stream.StreamSupport.stream(a.spliterator(), false)
                    .filter(t -> t.path("status").asText().equals("unreadable"))
                    .findFirst()
                    .orElseThrow();
            assertThat(odd.path("problem").asText()).contains("not valid UTF-8").contains("LC_ALL=C.UTF-8");
        }
    }

    @Test
    void jsonThatCannotBeWrittenToAFullDiskIsSaidAndExitsOne() throws Exception {
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        for (int i = 0; i < 20; i++) {
            f.trace("default", "case-" + i, 0, null).score("judge.accuracy", "default", "case-" + i, 0, true, "ok");
        }
        ProcessBuilder pb = new ProcessBuilder(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main",
                "trials",
                f.runDir().toString(),
                "--json");
        pb.environment().put("MST_PANEL_HOME", dir.resolve("home").toString());
        pb.redirectOutput(new java.io.File("/dev/full"));
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).as(err).isEqualTo(1);
        assertThat(err).contains("mst-panel trials: could not write the output: No space left on device");
    }

    @Test
    void transcriptJsonUnderTheCLocaleKeepsTheFinalAnswersCharacters() throws Exception {
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        com.fasterxml.jackson.databind.node.JsonNodeFactory nodes =
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        f.transcript("default", "c1", 0, nodes.arrayNode(), nodes.objectNode().put("finalText", "Réservé: 東京 ✓"), null);
        Path trace = f.tracePath("default", "c1", 0);
        assertThat(Files.readString(trace)).contains("Réservé");

        PanelProcess.Result r = PanelProcess.run(dir, cLocale(), 60, "transcript", trace.toString(), "--json");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(new ObjectMapper().readTree(r.out()).path("finalText").asText())
                .isEqualTo("Réservé: 東京 ✓");
    }
}
