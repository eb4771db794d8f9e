package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.FakeEngine;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.testsupport.TranscriptFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each command prints, text and {@code --json}, pinned byte for byte by a file under
 * {@code app/src/test/resources/golden/} ({@link Golden}): the output layer can be rebuilt beneath the
 * commands while a user's scripts see the same bytes. The inputs are fixed (fixture results trees, a
 * test double of an engine that always answers the same, the built-in demo's recording); only what
 * really varies from run to run (the test's temporary folder, a port, milliseconds, this machine's
 * memory) is replaced before comparing.
 */
@DisabledOnOs(OS.WINDOWS)
class CliGoldenTest {
    @TempDir
    Path root;

    private String local(String s) {
        return s.replace(root.toString(), "<tmp>").replace("\r\n", "\n");
    }

    private void golden(String name, InProcessCli.Result r) throws Exception {
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        Golden.assertMatches(name, local(r.out()));
    }

    // results: trials, compare, transcript on fixture trees, in this JVM

    @Test
    void trialsOfARunWithEveryStatus() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        golden("trials-all-statuses", InProcessCli.run("trials", f.runDir().toString()));
        golden(
                "trials-all-statuses-json",
                InProcessCli.run("trials", "--json", f.runDir().toString()));
    }

    @Test
    void trialsFoundByGrep() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        golden("trials-grep", InProcessCli.run("trials", f.runDir().toString(), "--grep", "Forbidden"));
        golden(
                "trials-grep-json",
                InProcessCli.run("trials", "--json", f.runDir().toString(), "--grep", "Forbidden"));
    }

    @Test
    void compareOfTwoRuns() throws Exception {
        CompareFixture.write(root);
        String a = root.resolve(CompareFixture.EVAL)
                .resolve("runs")
                .resolve(CompareFixture.RUN_A)
                .toString();
        String b = root.resolve(CompareFixture.EVAL)
                .resolve("runs")
                .resolve(CompareFixture.RUN_B)
                .toString();
        golden("compare-two-runs", InProcessCli.run("compare", a, b));
        golden("compare-two-runs-json", InProcessCli.run("compare", a, b, "--json"));
        golden("compare-variants", InProcessCli.run("compare", a));
        golden("compare-variants-json", InProcessCli.run("compare", a, "--json"));
    }

    @Test
    void compareGroupedByDatasetAndByTag() throws Exception {
        Path runs = dev.mstpanel.testsupport.GroupsFixture.write(root).resolve("runs");
        String a = runs.resolve(dev.mstpanel.testsupport.GroupsFixture.RUN_A).toString();
        String b = runs.resolve(dev.mstpanel.testsupport.GroupsFixture.RUN_B).toString();
        golden("compare-by-dataset", InProcessCli.run("compare", a, b, "--by", "dataset"));
        golden("compare-by-tag-json", InProcessCli.run("compare", a, b, "--by", "tag", "--json"));
    }

    @Test
    void reliabilityOfARun() throws Exception {
        CompareFixture.write(root);
        String a = root.resolve(CompareFixture.EVAL)
                .resolve("runs")
                .resolve(CompareFixture.RUN_A)
                .toString();
        golden("reliability", InProcessCli.run("reliability", a));
        golden("reliability-json", InProcessCli.run("reliability", a, "--json"));
    }

    @Test
    void transcriptOfAFailedTrial() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        String trace = f.tracePath("default", TranscriptFixture.FAILED_CASE, 0).toString();
        golden("transcript-failed", InProcessCli.run("transcript", trace));
        golden("transcript-failed-json", InProcessCli.run("transcript", trace, "--json"));
    }

    @Test
    void triageOfARunWithLabelsAndWithout() throws Exception {
        RunFixture f = RunFixture.allStatuses(root.resolve("results"));
        Map<String, String> env = Map.of("MST_PANEL_HOME", root.resolve("home").toString());
        String trace = f.runDir()
                .resolve("traces/default/" + RunFixture.FAILED_CASE + "/0.json")
                .toString();
        PanelProcess.Result set = PanelProcess.run(
                root, env, 60, "triage", "set", trace, "--label", "flaky", "--note", "passes on retry");
        assertThat(set.exit()).as(set.err()).isZero();
        PanelProcess.Result text =
                PanelProcess.run(root, env, 60, "triage", f.runDir().toString());
        assertThat(text.exit()).as(text.err()).isZero();
        Golden.assertMatches("triage", local(text.out()));
        PanelProcess.Result json =
                PanelProcess.run(root, env, 60, "triage", f.runDir().toString(), "--json");
        assertThat(json.exit()).as(json.err()).isZero();
        Golden.assertMatches("triage-json", local(json.out()));
    }

    @Test
    void diffOfAPassingAndAFailingTrial() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        String passing = TranscriptFixture.passingTrial(f).toString();
        String failing =
                f.tracePath("default", TranscriptFixture.FAILED_CASE, 0).toString();
        golden("diff", InProcessCli.run("diff", passing, failing));
        golden("diff-json", InProcessCli.run("diff", passing, failing, "--json"));
    }

    // the built-in demo's recording, played as `run` printed it (replay's output)

    @Test
    void demoPlayedAtFullSpeed() throws Exception {
        Map<String, String> env = Map.of("MST_PANEL_HOME", root.resolve("home").toString());
        PanelProcess.Result text = PanelProcess.run(root, env, 120, "demo", "--speed", "max");
        assertThat(text.exit()).as(text.err()).isZero();
        Golden.assertMatches("demo", local(text.out()));
        PanelProcess.Result json = PanelProcess.run(root, env, 120, "demo", "--speed", "max", "--events", "jsonl");
        assertThat(json.exit()).as(json.err()).isZero();
        Golden.assertMatches("demo-events-jsonl", local(json.out()));
    }

    // Docker: contexts, containers, doctor against an engine double that always answers the same and a context that is
    // down

    private Map<String, String> engines(FakeEngine fake) throws Exception {
        Path config = root.resolve("docker-config");
        context(config, "fake", fake.endpoint());
        context(config, "down", "unix://" + root.resolve("gone.sock"));
        Files.writeString(config.resolve("config.json"), "{\"currentContext\":\"fake\"}");
        Path bin = Files.createDirectories(root.resolve("empty-bin"));
        Map<String, String> env = new HashMap<>();
        env.put("DOCKER_CONFIG", config.toString());
        // the default context is DOCKER_HOST, a socket nobody listens on, not this machine's own engine
        env.put("DOCKER_HOST", "unix://" + root.resolve("no-engine.sock"));
        env.put("DOCKER_CONTEXT", null);
        env.put("HOME", root.toString());
        env.put("MST_PANEL_HOME", root.resolve("home").toString());
        env.put("PATH", bin.toString()); // no docker CLI, Node, MST or Colima: the same on every machine
        return env;
    }

    private static void context(Path config, String name, String endpoint) throws Exception {
        String hash = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8)));
        Path meta = Files.createDirectories(config.resolve("contexts/meta/" + hash));
        Files.writeString(
                meta.resolve("meta.json"),
                "{\"Name\":\"" + name + "\",\"Metadata\":{},\"Endpoints\":{\"docker\":{\"Host\":\"" + endpoint
                        + "\",\"SkipTLSVerify\":false}}}");
    }

    private String engineLocal(String s, FakeEngine fake) {
        return local(s).replace(fake.endpoint(), "tcp://127.0.0.1:<port>")
                .replaceAll("\"(probeMillis|millis)\" : [0-9]+", "\"$1\" : 0")
                .replaceAll("Checked in [0-9.]+ s", "Checked in 0.0 s");
    }

    @Test
    void contextsUpAndDown() throws Exception {
        try (FakeEngine fake = new FakeEngine("\"27.0.3\"")) {
            Map<String, String> env = engines(fake);
            PanelProcess.Result text = PanelProcess.run(root, env, 60, "contexts");
            assertThat(text.exit()).as(text.err()).isZero();
            Golden.assertMatches("contexts", engineLocal(text.out(), fake));
            PanelProcess.Result json = PanelProcess.run(root, env, 60, "contexts", "--json");
            assertThat(json.exit()).as(json.err()).isZero();
            Golden.assertMatches("contexts-json", engineLocal(json.out(), fake));
        }
    }

    @Test
    void containersWithNoneRunning() throws Exception {
        try (FakeEngine fake = new FakeEngine("\"27.0.3\"")) {
            Map<String, String> env = engines(fake);
            PanelProcess.Result text = PanelProcess.run(root, env, 60, "containers");
            assertThat(text.exit()).as(text.err()).isZero();
            Golden.assertMatches("containers", engineLocal(text.out(), fake));
            PanelProcess.Result json = PanelProcess.run(root, env, 60, "containers", "--json");
            assertThat(json.exit()).as(json.err()).isZero();
            Golden.assertMatches("containers-json", engineLocal(json.out(), fake));
        }
    }

    @Test
    void doctorOnAMachineWithoutTools() throws Exception {
        try (FakeEngine fake = new FakeEngine("\"27.0.3\"")) {
            Map<String, String> env = engines(fake);
            PanelProcess.Result text = PanelProcess.run(root, env, 90, "doctor");
            Golden.assertMatches("doctor-no-tools", engineLocal(text.out(), fake));
            PanelProcess.Result json = PanelProcess.run(root, env, 90, "doctor", "--json");
            assertThat(json.exit()).isEqualTo(text.exit());
            Golden.assertMatches("doctor-no-tools-json", engineLocal(json.out(), fake));
        }
    }

    // Colima: the test double with no VMs, and no Colima at all

    @Test
    void colimaWithoutVmsAndWithoutColima() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("HOME", root.toString());
        env.put("MST_PANEL_HOME", root.resolve("home").toString());
        env.put("COLIMA_HOME", root.resolve("colima").toString());
        env.put("DOCKER_CONFIG", root.resolve("docker-config").toString());
        env.put("PATH", TestEngines.projectRoot().resolve("app/src/test/resources/colima-double") + ":/usr/bin:/bin");
        for (String json : new String[] {null, "--json"}) {
            PanelProcess.Result r = json == null
                    ? PanelProcess.run(root, env, 60, "colima")
                    : PanelProcess.run(root, env, 60, "colima", json);
            assertThat(r.exit()).as(r.err()).isZero();
            Golden.assertMatches("colima-no-vms" + (json == null ? "" : "-json"), hostMemory(local(r.out())));
        }
        env.put("PATH", Files.createDirectories(root.resolve("empty-bin")).toString());
        for (String json : new String[] {null, "--json"}) {
            PanelProcess.Result r = json == null
                    ? PanelProcess.run(root, env, 60, "colima")
                    : PanelProcess.run(root, env, 60, "colima", json);
            assertThat(r.exit()).as(r.err()).isZero();
            Golden.assertMatches("colima-not-installed" + (json == null ? "" : "-json"), hostMemory(local(r.out())));
        }
    }

    /** This machine's memory, and what follows from it (the reserve), is the one thing that differs between machines. */
    private static String hostMemory(String s) {
        return s.replaceAll("\"(hostMemoryBytes|reserveBytes)\" : [0-9]+", "\"$1\" : 0")
                .replaceAll("of this machine's [0-9.]+ GiB", "of this machine's N GiB");
    }
}
