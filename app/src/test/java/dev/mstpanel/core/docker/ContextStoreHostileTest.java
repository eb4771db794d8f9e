package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** A Docker CLI config the panel does not control (items 14 and the duplicate context): bounded, plain, as the CLI reads it. */
class ContextStoreHostileTest {
    @TempDir
    Path home;

    private ContextList load(Path config) {
        return new ContextStore(new HostEnvironment(
                        Map.of("DOCKER_CONFIG", config.toString()), home, HostEnvironment.OsFamily.LINUX))
                .load();
    }

    private static void meta(Path folder, String name, String host) throws IOException {
        Files.createDirectories(folder);
        Files.writeString(
                folder.resolve("meta.json"),
                "{\"Name\":\"" + name + "\",\"Endpoints\":{\"docker\":{\"Host\":\"" + host + "\"}}}");
    }

    @Test
    void aThreeGibConfigJsonIsRefusedUnreadWithAPlainWarning() throws Exception {
        Path config = home.resolve("cfg");
        Files.createDirectories(config);
        try (RandomAccessFile f =
                new RandomAccessFile(config.resolve("config.json").toFile(), "rw")) {
            f.setLength(3L << 30); // sparse: 3 GiB on paper, nothing on disk
        }
        meta(config.resolve("contexts/meta/" + ContextStore.sha256("a")), "a", "unix:///a.sock");
        ContextList list = load(config);
        assertThat(list.warnings())
                .anySatisfy(w -> assertThat(w)
                        .startsWith(
                                config.resolve("config.json") + " is 3.0 GiB, more than the 8.0 MiB the panel reads"));
        assertThat(list.contexts()).extracting(DockerContext::name).contains("a");
        assertThat(list.currentName()).isEqualTo("default");
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aFifoAsMetaFileIsABrokenContextNotAHang() throws Exception {
        Path config = home.resolve("cfg");
        Path folder = config.resolve("contexts/meta/" + ContextStore.sha256("fifo"));
        Files.createDirectories(folder);
        Process mkfifo =
                new ProcessBuilder("mkfifo", folder.resolve("meta.json").toString()).start();
        assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS)).isTrue();
        ContextList list = load(config);
        DockerContext broken = list.contexts().stream()
                .filter(c -> c.problem() != null)
                .findFirst()
                .orElseThrow();
        assertThat(broken.problem()).contains("is not a regular file");
    }

    @Test
    void aNameInTwoFoldersIsListedOnceFromTheFolderTheCliUses() throws Exception {
        Path config = home.resolve("cfg");
        meta(config.resolve("contexts/meta/" + ContextStore.sha256("twin")), "twin", "unix:///right.sock");
        meta(
                config.resolve("contexts/meta/0000000000000000000000000000000000000000000000000000000000000000"),
                "twin",
                "unix:///stray.sock");
        Files.writeString(config.resolve("config.json"), "{\"currentContext\":\"twin\"}");
        ContextList list = load(config);
        assertThat(list.contexts())
                .filteredOn(c -> c.name().equals("twin"))
                .singleElement()
                .satisfies(c -> {
                    assertThat(c.endpoint()).isEqualTo("unix:///right.sock");
                    assertThat(c.current()).isTrue();
                });
        assertThat(list.contexts()).filteredOn(DockerContext::current).hasSize(1);
        assertThat(list.warnings())
                .anySatisfy(w ->
                        assertThat(w).contains("\"twin\" is in two folders").contains("0000000000"));
    }
}
