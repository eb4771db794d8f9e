package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.docker.OwnerIdentity;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headless twins run as real processes against the real engines: {@code containers --json},
 * {@code containers remove-orphans}, {@code shell --print}, {@code doctor --json}.
 */
class ContainerCommandsTest {
    @TempDir
    static Path home;

    static EngineContainers engines;
    static String p;

    record Run(int exit, String out, String err) {}

    @BeforeAll
    static void start() throws Exception {
        engines = new EngineContainers();
        p = engines.prefix;
        String host = "mst.owner.host=" + OwnerIdentity.localHostName();
        String dead = "mst.owner.pid=" + EngineContainers.deadPid();
        engines.run(
                "engine-1",
                p + "-live",
                host,
                "mst.owner.pid=" + ProcessHandle.current().pid());
        engines.run("engine-1", p + "-orphan", host, dead);
        engines.run("engine-2", p + "-kept", host, dead);
        // the test image is busybox without bash: give the kept container one that runs sh (without it, shell opens sh:
        // ShellFallbackTest)
        EngineContainers.docker(List.of(
                "docker",
                "--context",
                "engine-2",
                "exec",
                "-u",
                "0",
                p + "-kept",
                "sh",
                "-c",
                "printf '#!/bin/sh\\nexec sh \"$@\"\\n' > /bin/bash && chmod 755 /bin/bash"));
        engines.run("engine-2", p + "-other", "mst.owner.host=build-box-9", dead);
        engines.run("engine-2", p + "-plain");
    }

    @AfterAll
    static void stop() throws Exception {
        engines.close();
    }

    static Run cli(String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main"));
        argv.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(argv);
        Map<String, String> env = pb.environment();
        env.remove("DOCKER_HOST");
        env.remove("DOCKER_CONTEXT");
        env.put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        env.put("MST_PANEL_HOME", home.resolve("panel").toString());
        Process proc = pb.start();
        var err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(proc.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                return "";
            }
        });
        String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        proc.waitFor(120, TimeUnit.SECONDS);
        return new Run(proc.exitValue(), out, err.get());
    }

    static Map<String, JsonNode> mine(String json) throws Exception {
        Map<String, JsonNode> byName = new HashMap<>();
        for (JsonNode n : new ObjectMapper().readTree(json)) {
            if (n.path("name").asText().startsWith(p)) {
                byName.put(n.path("name").asText().substring(p.length() + 1), n);
            }
        }
        return byName;
    }

    @Test
    void listsClassifiesAndRemovesExactlyTheOrphan() throws Exception {
        Run list = cli("containers", "--json");
        assertThat(list.exit()).as(list.err()).isZero();
        Map<String, JsonNode> mine = mine(list.out());
        assertThat(mine.keySet()).containsExactlyInAnyOrder("live", "orphan", "kept", "other");
        assertThat(mine.get("live").path("kind").asText()).isEqualTo("running");
        assertThat(mine.get("orphan").path("kind").asText()).isEqualTo("orphaned");
        assertThat(mine.get("kept").path("kind").asText()).isEqualTo("kept");
        assertThat(mine.get("other").path("kind").asText()).isEqualTo("other-host");
        assertThat(mine.get("other").path("ownerHost").asText()).isEqualTo("build-box-9");
        assertThat(mine.get("live").path("ownerPid").asLong())
                .isEqualTo(ProcessHandle.current().pid());
        assertThat(mine.get("live").path("context").asText()).isEqualTo("engine-1");
        assertThat(mine.get("live").path("image").asText()).isEqualTo("mst-test/base:1");
        assertThat(mine.get("live").path("state").asText()).isEqualTo("running");
        assertThat(mine.get("live").path("id").asText()).hasSize(64);
        assertThat(list.err()).contains("not listed: dead: No socket at");

        Run wrongContext = cli("containers", "remove-orphans", "--context", "engine-2");
        assertThat(wrongContext.out()).doesNotContain(p + "-orphan");
        assertThat(EngineContainers.exists("engine-1", p + "-orphan")).isTrue();

        Run clean = cli("containers", "remove-orphans");
        assertThat(clean.exit()).as(clean.err()).isZero();
        assertThat(clean.out()).contains("removed engine-1 " + p + "-orphan");
        assertThat(clean.out().lines().filter(l -> l.contains(p))).hasSize(1);
        assertThat(EngineContainers.exists("engine-1", p + "-orphan")).isFalse();
        for (String left : List.of("live", "kept", "other", "plain")) {
            assertThat(EngineContainers.exists(left.equals("live") ? "engine-1" : "engine-2", p + "-" + left))
                    .as(left)
                    .isTrue();
        }
    }

    @Test
    void shellPrintGivesTheExactCommandAndRefusesInjections() throws Exception {
        Run found = cli("shell", p + "-kept", "--print");
        assertThat(found.exit()).as(found.err()).isZero();
        assertThat(found.out().strip()).isEqualTo("docker --context engine-2 exec -it -u mst " + p + "-kept bash");
        Run given = cli("shell", "box-1", "--context", "colima-mst-kvm", "--print");
        assertThat(given.exit()).isZero();
        assertThat(given.out().strip()).isEqualTo("docker --context colima-mst-kvm exec -it -u mst box-1 bash");
        assertThat(given.err()).contains("warning: no context named colima-mst-kvm on this machine");
        for (String bad : List.of("a;rm -rf /", "a\"b'c", "a\nb")) {
            Run refused = cli("shell", bad, "--print");
            assertThat(refused.exit()).isEqualTo(2);
            assertThat(refused.out()).isEmpty();
            assertThat(refused.err()).contains("is not a Docker name");
        }
        Run badContext = cli("shell", "box", "--context", "x;reboot", "--print");
        assertThat(badContext.exit()).isEqualTo(2);
        assertThat(badContext.err()).contains("The context name");
        Run missing = cli("shell", p + "-nothere", "--print");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("no MST container named");
    }

    @Test
    void containersTableKeepsItsColumnsInLineWithLongNames() throws Exception {
        try (EngineContainers more = new EngineContainers()) {
            String stamp = more.prefix + "-20261130t091512-shard-3-of-4-variant-claude-desktop";
            more.run(
                    "engine-1",
                    stamp + "-kept",
                    "mst.owner.host=" + OwnerIdentity.localHostName(),
                    "mst.owner.pid=" + EngineContainers.deadPid());
            more.run(
                    "engine-2",
                    stamp + "-kept-2",
                    "mst.owner.host=" + OwnerIdentity.localHostName(),
                    "mst.owner.pid=" + EngineContainers.deadPid());
            Run table = cli("containers");
            assertThat(table.exit()).as(table.err()).isZero();
            List<String> lines = table.out().lines().toList();
            String header = lines.get(0);
            List<String> rows = lines.stream()
                    .filter(l -> l.contains(p) || l.contains(more.prefix))
                    .toList();
            assertThat(rows).hasSize(6);
            assertThat(rows).anyMatch(l -> l.contains(stamp + "-kept "));
            assertThat(rows).anyMatch(l -> l.contains(stamp + "-kept-2 "));
            for (String row : rows) {
                assertThat(row.indexOf("mst-test/base:1")).as(row).isEqualTo(header.indexOf("IMAGE"));
                assertThat(row.length()).as(row).isEqualTo(header.length());
            }
        }
    }

    @Test
    void shellWithAContextLooksTheContainerUpThereUnlessTheContextIsDown() throws Exception {
        Run there = cli("shell", p + "-kept", "--context", "engine-2", "--print");
        assertThat(there.exit()).as(there.err()).isZero();
        assertThat(there.out().strip()).isEqualTo("docker --context engine-2 exec -it -u mst " + p + "-kept bash");
        assertThat(there.err()).isEmpty();

        Run elsewhere = cli("shell", p + "-live", "--context", "engine-2", "--print");
        assertThat(elsewhere.exit()).isEqualTo(2);
        assertThat(elsewhere.out()).isEmpty();
        assertThat(elsewhere.err().strip()).isEqualTo("mst-panel shell: No container " + p + "-live on engine-2.");

        Run down = cli("shell", p + "-kept", "--context", "dead", "--print");
        assertThat(down.exit()).isZero();
        assertThat(down.out().strip()).isEqualTo("docker --context dead exec -it -u mst " + p + "-kept bash");
        assertThat(down.err()).contains("warning: context dead does not answer", "was not looked up there");
    }

    @Test
    void shellFromATerminalRunsTheShellRightThereAndReturnsItsExitCode() throws Exception {
        // the test image is busybox without bash: give the kept container one that runs sh
        EngineContainers.docker(List.of(
                "docker",
                "--context",
                "engine-2",
                "exec",
                "-u",
                "0",
                p + "-kept",
                "sh",
                "-c",
                "printf '#!/bin/sh\\nexec sh \"$@\"\\n' > /bin/bash && chmod 755 /bin/bash"));
        // `script` gives the CLI a pseudo-terminal, as an SSH session does: System.console() is not null
        PanelProcess.Result r = PanelProcess.inTerminal(
                home.resolve("panel"), "echo \"I am $(whoami) in $(hostname)\"; exit 7\n", 120, "shell", p + "-kept");
        String out = r.out();
        assertThat(out)
                .contains("I am mst in ")
                .doesNotContain("No terminal found")
                .doesNotContain("opened ");
        assertThat(r.exit()).as(out).isEqualTo(7);
    }

    @Test
    void doctorJsonHasAChecklistPerContext() throws Exception {
        Run doctor = cli("doctor", "--json");
        JsonNode root = new ObjectMapper().readTree(doctor.out());
        assertThat(root.path("host").findValuesAsText("id")).contains("docker-cli", "node", "mst");
        List<String> contexts = root.path("contexts").findValuesAsText("context");
        assertThat(contexts).contains("engine-1", "engine-2", "dead");
        for (JsonNode c : root.path("contexts")) {
            if (c.path("context").asText().equals("engine-1")) {
                assertThat(c.path("checks").findValuesAsText("id"))
                        .contains(
                                "engine",
                                "arch",
                                "memory",
                                "disk",
                                "device:/dev/kvm",
                                "device:/dev/vhost-vsock",
                                "device:/dev/vhost-net",
                                "device:/dev/net/tun");
            }
            if (c.path("context").asText().equals("dead")) {
                assertThat(c.path("status").asText()).isEqualTo("warn");
            }
        }
        // 1 only for a missing tool or a failure on a context that answered; the dead context alone never fails it
        boolean fails = root.path("host").findValuesAsText("status").contains("fail")
                || root.path("contexts").findValuesAsText("status").contains("fail");
        assertThat(doctor.exit()).isEqualTo(fails ? 1 : 0);

        Run text = cli("doctor");
        assertThat(text.out()).contains("Context dead", "[warn] Engine answers: Not reachable: No socket at");
        assertThat(cli("doctor", "--help").out()).contains("Exit codes:", "0   Nothing fails", "1   A required tool");
    }
}
