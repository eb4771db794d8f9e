package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@DisabledOnOs(OS.WINDOWS)
class MstLocatorTest {
    @TempDir
    Path dir;

    private Path fakeMst(Path folder, String name, String version, String help) throws Exception {
        Files.createDirectories(folder);
        Path f = folder.resolve(name);
        Files.writeString(
                f,
                "#!/bin/sh\nif [ \"$1\" = --version ]; then echo '" + version + "'; exit 0; fi\n"
                        + "if [ \"$1\" = run ]; then cat <<'EOF'\n" + help + "\nEOF\nexit 0; fi\nexit 2\n");
        f.toFile().setExecutable(true);
        return f;
    }

    private MstLocator locator(String path) {
        return new MstLocator(
                new CommandRunner(new HostEnvironment(Map.of("PATH", path), dir, HostEnvironment.OsFamily.LINUX)));
    }

    @Test
    void localDependencyInAParentOfTheEvalFolderWinsOverPath() throws Exception {
        Path project = dir.resolve("project");
        Path local = fakeMst(
                project.resolve("node_modules/.bin"),
                "mst",
                "2.0.0-beta.7",
                "  --runner <name>\n  --runner-option <k=v>");
        fakeMst(dir.resolve("bin"), "mst", "1.9.0", "--runner");
        Path eval = project.resolve("evals/checkout/eval.json");
        Files.createDirectories(eval.getParent());
        Files.writeString(eval, "{}");

        MstInstallation mst = locator(dir.resolve("bin") + ":/usr/bin:/bin").locate(null, eval);

        assertThat(mst.source()).isEqualTo(MstInstallation.Source.LOCAL_DEPENDENCY);
        assertThat(mst.command()).containsExactly(local.toString());
        assertThat(mst.version()).isEqualTo("2.0.0-beta.7");
        assertThat(mst.flags()).isEqualTo(FlagVocabulary.RUNNER);
    }

    @Test
    void olderMstWithEnvOptionsGetsItsOwnVocabulary() throws Exception {
        fakeMst(dir.resolve("bin"), "mst", "mst 2.0.0-alpha.3", "  --env <name>   the runner\n  --env-option <k=v>");
        MstInstallation mst = locator(dir.resolve("bin") + ":/usr/bin:/bin").locate(null, null);
        assertThat(mst.source()).isEqualTo(MstInstallation.Source.PATH);
        assertThat(mst.flags()).isEqualTo(FlagVocabulary.ENV);
        assertThat(mst.argv(List.of("run", "--runner", "docker", "--runner-option", "shards=2")))
                .containsExactly(
                        dir.resolve("bin/mst").toString(), "run", "--env", "docker", "--env-option", "shards=2");
    }

    @Test
    void settingsPathComesFirst() throws Exception {
        Path custom = fakeMst(dir.resolve("custom"), "my-mst", "2.1.0", "--runner-option");
        fakeMst(dir.resolve("bin"), "mst", "1.9.0", "--runner");
        MstInstallation mst = locator(dir.resolve("bin").toString()).locate(custom, null);
        assertThat(mst.source()).isEqualTo(MstInstallation.Source.SETTINGS);
        assertThat(mst.version()).isEqualTo("2.1.0");
    }

    @Test
    void notInstalledSaysWhereItLookedWithoutListingThePathWhichTheDetailsKeep() throws Exception {
        Path node = dir.resolve("node-bin");
        Files.createDirectories(node);
        Path fakeNode = node.resolve("node");
        Files.writeString(fakeNode, "#!/bin/sh\nexit 0\n");
        fakeNode.toFile().setExecutable(true);
        StringBuilder path = new StringBuilder(node.toString());
        for (int i = 1; i <= 8; i++) {
            path.append(':').append(dir.resolve("extra-" + i));
        }
        assertThatThrownBy(() -> locator(path.toString()).locate(null, null))
                .isInstanceOf(MstNotFoundException.class)
                .hasMessageStartingWith("MST is not installed (no mst on your login shell's PATH).")
                .hasMessageNotContaining(node.toString())
                .hasMessageNotContaining("extra-1")
                .satisfies(
                        e -> assertThat(((MstNotFoundException) e).tried()).anyMatch(t -> t.contains(node.toString())));
    }

    @Test
    void missingNodeGivesTheInstallCommand() {
        Path empty = dir.resolve("empty");
        assertThatThrownBy(() -> locator(empty.toString()).locate(null, null))
                .isInstanceOf(MstNotFoundException.class)
                .hasMessageContaining("Node.js is not installed")
                .hasMessageContaining("npm install --save-dev @gleanwork/mcp-server-tester");
    }

    @Test
    void npxWithoutMstGivesTheInstallCommand() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("nodebin"));
        Path npx = bin.resolve("npx");
        Files.writeString(npx, "#!/bin/sh\necho 'npm ERR! could not determine executable to run' >&2\nexit 1\n");
        npx.toFile().setExecutable(true);
        assertThatThrownBy(() -> locator(bin + ":/usr/bin:/bin").locate(null, null))
                .isInstanceOf(MstNotFoundException.class)
                .hasMessageStartingWith("MST is not installed")
                .hasMessageContaining("npm install --save-dev @gleanwork/mcp-server-tester")
                .satisfies(e -> assertThat(((MstNotFoundException) e).tried())
                        .anyMatch(t -> t.contains("could not determine executable")));
    }

    @Test
    void aRunHelpThatHangsCostsTheHelpLimitOnceForAnUnchangedMstAndIsAskedAgainWhenReinstalled() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("hang"));
        Path mst = bin.resolve("mst");
        Path asked = dir.resolve("asked");
        Files.writeString(
                mst,
                "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 2.0.0; exit 0; fi\n" + "echo x >> '" + asked
                        + "'\nexec sleep 600\n");
        mst.toFile().setExecutable(true);
        MstLocator locator = locator("/usr/bin:/bin");

        long start = System.nanoTime();
        MstInstallation first = locator.locate(mst, null);
        long firstMs = (System.nanoTime() - start) / 1_000_000;
        start = System.nanoTime();
        MstInstallation again = locator.locate(mst, null);
        long againMs = (System.nanoTime() - start) / 1_000_000;

        assertThat(firstMs)
                .isBetween(MstLocator.HELP_TIMEOUT.toMillis() - 500, MstLocator.HELP_TIMEOUT.toMillis() + 8_000);
        assertThat(first.flags()).isEqualTo(FlagVocabulary.RUNNER);
        assertThat(first.note())
                .isEqualTo("`mst run --help` did not answer within 10 s; the panel uses --runner/--runner-option.");
        assertThat(again).isSameAs(first);
        assertThat(againMs).isLessThan(1_000);

        // reinstalled (a new file): asked again
        Files.writeString(
                mst,
                "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 2.0.1; exit 0; fi\n"
                        + "printf '  --runner <name>\\n  --runner-option <k=v>\\n'\n");
        MstInstallation reinstalled = locator.locate(mst, null);
        assertThat(reinstalled.version()).isEqualTo("2.0.1");
        assertThat(reinstalled.note()).isNull();
        assertThat(Files.readAllLines(asked)).hasSize(1);
    }
}
