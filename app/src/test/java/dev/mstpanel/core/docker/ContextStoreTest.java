package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Docker CLI's context store, read the way the Docker CLI reads it. */
class ContextStoreTest {
    @TempDir
    Path home;

    Path config;
    Map<String, String> env;

    @BeforeEach
    void setUp() throws IOException {
        config = home.resolve("docker-config");
        Files.createDirectories(config);
        env = new HashMap<>();
        env.put("DOCKER_CONFIG", config.toString());
    }

    private ContextList load() {
        return new ContextStore(new HostEnvironment(env, home, HostEnvironment.OsFamily.LINUX)).load();
    }

    private void writeContext(String name, String host) throws IOException {
        Path dir = config.resolve("contexts/meta").resolve(ContextStore.sha256(name));
        Files.createDirectories(dir);
        Files.writeString(
                dir.resolve("meta.json"),
                "{\"Name\":\"" + name + "\",\"Metadata\":{\"Description\":\"d-" + name
                        + "\"},\"Endpoints\":{\"docker\":{\"Host\":\"" + host + "\",\"SkipTLSVerify\":false}}}");
    }

    private DockerContext named(ContextList list, String name) {
        return list.contexts().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void readsMetaFilesAndCurrentContextFromConfigJson() throws IOException {
        writeContext("colima-mst-kvm", "unix:///Users/me/.colima/mst-kvm/docker.sock");
        writeContext("remote", "tcp://build-host:2376");
        Files.writeString(config.resolve("config.json"), "{\"auths\":{},\"currentContext\":\"remote\"}");
        ContextList list = load();
        assertThat(list.contexts())
                .extracting(DockerContext::name)
                .containsExactly("default", "colima-mst-kvm", "remote");
        assertThat(list.currentName()).isEqualTo("remote");
        assertThat(named(list, "remote").current()).isTrue();
        assertThat(named(list, "default").current()).isFalse();
        DockerContext colima = named(list, "colima-mst-kvm");
        assertThat(colima.endpoint()).isEqualTo("unix:///Users/me/.colima/mst-kvm/docker.sock");
        assertThat(colima.colimaProfile()).isEqualTo("mst-kvm");
        assertThat(colima.description()).isEqualTo("d-colima-mst-kvm");
        assertThat(colima.source()).isEqualTo(ContextSource.CONTEXT_STORE);
        assertThat(list.warnings()).isEmpty();
    }

    @Test
    void findsTlsMaterialUnderTheContextsHash() throws IOException {
        writeContext("secure", "tcp://host:2376");
        Path tls = config.resolve("contexts/tls")
                .resolve(ContextStore.sha256("secure"))
                .resolve("docker");
        Files.createDirectories(tls);
        Files.writeString(tls.resolve("ca.pem"), "x");
        Files.writeString(tls.resolve("cert.pem"), "x");
        Files.writeString(tls.resolve("key.pem"), "x");
        assertThat(named(load(), "secure").tlsDir()).isEqualTo(tls);
        writeContext("plain", "tcp://host:2375");
        assertThat(named(load(), "plain").tlsDir()).isNull();
    }

    @Test
    void dockerContextOverridesConfigJson() throws IOException {
        writeContext("a", "unix:///a.sock");
        writeContext("b", "unix:///b.sock");
        Files.writeString(config.resolve("config.json"), "{\"currentContext\":\"a\"}");
        env.put("DOCKER_CONTEXT", "b");
        ContextList list = load();
        assertThat(list.currentName()).isEqualTo("b");
        assertThat(named(list, "b").current()).isTrue();
        assertThat(named(list, "a").current()).isFalse();
    }

    @Test
    void dockerHostMakesTheDefaultContextCurrentAndPointsItThere() throws IOException {
        writeContext("a", "unix:///a.sock");
        Files.writeString(config.resolve("config.json"), "{\"currentContext\":\"a\"}");
        env.put("DOCKER_HOST", "tcp://10.0.0.5:2375");
        env.put("DOCKER_CONTEXT", "a");
        ContextList list = load();
        DockerContext def = named(list, "default");
        assertThat(list.currentName()).isEqualTo("default");
        assertThat(def.current()).isTrue();
        assertThat(def.endpoint()).isEqualTo("tcp://10.0.0.5:2375");
        assertThat(def.source()).isEqualTo(ContextSource.DOCKER_HOST);
        assertThat(list.warnings()).anyMatch(w -> w.contains("DOCKER_HOST and DOCKER_CONTEXT are both set"));
    }

    @Test
    void withoutDockerHostTheDefaultContextIsThePlatformSocket() {
        ContextList list = load();
        DockerContext def = named(list, "default");
        assertThat(def.endpoint()).isEqualTo("unix:///var/run/docker.sock");
        assertThat(def.source()).isEqualTo(ContextSource.DEFAULT);
        assertThat(def.current()).isTrue();
    }

    @Test
    void missingConfigFolderGivesJustTheDefaultContext() {
        env.put("DOCKER_CONFIG", home.resolve("nowhere").toString());
        ContextList list = load();
        assertThat(list.contexts()).extracting(DockerContext::name).containsExactly("default");
        assertThat(list.warnings()).isEmpty();
    }

    @Test
    void malformedConfigJsonIsAWarningNotAFailure() throws IOException {
        writeContext("a", "unix:///a.sock");
        Files.writeString(config.resolve("config.json"), "{\"currentContext\": \"a\",,,");
        ContextList list = load();
        assertThat(list.currentName()).isEqualTo("default");
        assertThat(list.contexts()).extracting(DockerContext::name).contains("a");
        assertThat(list.warnings())
                .singleElement()
                .asString()
                .contains("config.json could not be read")
                .contains("falls back to \"default\"");
    }

    @Test
    void brokenMetaFileIsListedWithItsProblemNotDropped() throws IOException {
        writeContext("good", "unix:///good.sock");
        Path dir = config.resolve("contexts/meta").resolve(ContextStore.sha256("bad"));
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("meta.json"), "{not json");
        ContextList list = load();
        assertThat(list.contexts()).hasSize(3);
        DockerContext broken = list.contexts().stream()
                .filter(c -> c.problem() != null)
                .findFirst()
                .orElseThrow();
        assertThat(broken.name()).startsWith("(unreadable context ");
        assertThat(broken.problem()).contains("meta.json could not be read").contains("Fix it, or remove the folder");
        assertThat(broken.probeable()).isFalse();
    }

    @Test
    void currentContextThatDoesNotExistIsReported() throws IOException {
        Files.writeString(config.resolve("config.json"), "{\"currentContext\":\"gone\"}");
        ContextList list = load();
        assertThat(list.currentName()).isEqualTo("gone");
        assertThat(list.warnings()).anyMatch(w -> w.contains("\"gone\", which does not exist"));
    }

    @Test
    void colimaProfileWithASocketButNoContextIsShownWithTheCreateCommand() throws IOException {
        env.put("COLIMA_HOME", home.resolve("colima").toString());
        Path sock = home.resolve("colima/mst-kvm/docker.sock");
        Files.createDirectories(sock.getParent());
        Files.writeString(sock, "");
        Path known = home.resolve("colima/default/docker.sock");
        Files.createDirectories(known.getParent());
        Files.writeString(known, "");
        writeContext("colima", "unix://" + known);
        ContextList list = load();
        DockerContext found = named(list, "colima-mst-kvm");
        assertThat(found.source()).isEqualTo(ContextSource.COLIMA_PROFILE);
        assertThat(found.hint())
                .isEqualTo("Add it as a context: docker context create colima-mst-kvm --docker host=unix://" + sock);
        assertThat(list.contexts())
                .filteredOn(c -> c.source() == ContextSource.COLIMA_PROFILE)
                .hasSize(1);
    }

    @Test
    void colimaProfilesUnderXdgConfigHomeAreFound() throws IOException {
        Path xdg = home.resolve("xdg");
        env.put("XDG_CONFIG_HOME", xdg.toString());
        Path sock = xdg.resolve("colima/work/docker.sock");
        Files.createDirectories(sock.getParent());
        Files.writeString(sock, "");
        DockerContext found = named(load(), "colima-work");
        assertThat(found.source()).isEqualTo(ContextSource.COLIMA_PROFILE);
        assertThat(found.colimaProfile()).isEqualTo("work");
        assertThat(found.endpoint()).isEqualTo("unix://" + sock);
    }

    @Test
    void aContextOnAProfileUnderACustomColimaHomeIsThatProfiles() throws IOException {
        // COLIMA_HOME=/Volumes/fast/vms: no ".colima" in the socket's path
        Path colimaHome = home.resolve("vms");
        env.put("COLIMA_HOME", colimaHome.toString());
        Path sock = colimaHome.resolve("mst-kvm/docker.sock");
        Files.createDirectories(sock.getParent());
        Files.writeString(sock, "");
        writeContext("colima-mst-kvm", "unix://" + sock);
        ContextList list = load();
        assertThat(named(list, "colima-mst-kvm").colimaProfile()).isEqualTo("mst-kvm");
        assertThat(list.contexts())
                .filteredOn(c -> c.source() == ContextSource.COLIMA_PROFILE)
                .isEmpty();
        // the same socket path without COLIMA_HOME is nobody's profile
        env.remove("COLIMA_HOME");
        assertThat(named(load(), "colima-mst-kvm").colimaProfile()).isNull();
    }

    @Test
    void colimaRootsFollowColimasOrder() {
        env.put("COLIMA_HOME", "/opt/c");
        env.put("XDG_CONFIG_HOME", home.resolve("x").toString());
        assertThat(new ContextStore(new HostEnvironment(env, home, HostEnvironment.OsFamily.MAC)).colimaRoots())
                .containsExactly(
                        Path.of("/opt/c"),
                        home.resolve(".colima"),
                        home.resolve("x/colima"),
                        home.resolve(".config/colima"));
    }

    @Test
    void contextFolderIsTheSha256OfItsName() {
        assertThat(ContextStore.sha256("default"))
                .isEqualTo("37a8eec1ce19687d132fe29051dca629d164e2c4958ba141d5f4133a33f0688f");
    }
}
