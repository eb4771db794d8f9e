package dev.mstpanel.core.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.files.SmallFiles;
import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the Docker CLI's context store the way the Docker CLI does.
 *
 * <ul>
 *   <li>The config folder is {@code $DOCKER_CONFIG}, else {@code ~/.docker}.</li>
 *   <li>{@code config.json}'s {@code currentContext} names the current context.</li>
 *   <li>Each context is {@code contexts/meta/<sha256 of its name>/meta.json}; its TLS material is
 *       under {@code contexts/tls/<sha256 of its name>/docker/}.</li>
 *   <li>The implicit {@code default} context points at {@code DOCKER_HOST}, else the platform's
 *       default socket ({@code unix:///var/run/docker.sock}, or the Docker Engine named pipe on Windows).</li>
 *   <li>The current context is, in the CLI's precedence: {@code default} when {@code DOCKER_HOST}
 *       is set, else {@code DOCKER_CONTEXT}, else {@code currentContext}, else {@code default}.</li>
 *   <li>Colima profiles ({@link #colimaRoots()}: {@code $COLIMA_HOME}, {@code ~/.colima},
 *       {@code $XDG_CONFIG_HOME/colima}, {@code ~/.config/colima}) with a {@code docker.sock} that
 *       no context points at are listed as found, with the {@code docker context create} command
 *       that adds them. A context whose socket is a profile's under any of these folders is that
 *       profile's (so advice for Colima reaches a custom {@code COLIMA_HOME} too).</li>
 * </ul>
 * Nothing here throws for a bad file: a malformed {@code config.json} becomes a warning, and a
 * context whose meta file is broken is listed with its problem.
 */
public final class ContextStore {
    /** The implicit context's name. */
    public static final String DEFAULT_CONTEXT = "default";

    private static final Pattern COLIMA_SOCKET = Pattern.compile(".*/\\.?colima/([^/]+)/docker\\.sock$");

    /** The largest {@code config.json} read: 8 MiB (a real one, registry credentials and all, is a few KiB). */
    public static final int MAX_CONFIG_BYTES = 8 * 1024 * 1024;
    /** The largest context {@code meta.json} read: 1 MiB. */
    public static final int MAX_META_BYTES = 1024 * 1024;

    private final HostEnvironment environment;
    private final ObjectMapper json = new ObjectMapper();

    /** @param environment supplies {@code DOCKER_CONFIG}, {@code DOCKER_HOST}, {@code DOCKER_CONTEXT}, {@code COLIMA_HOME} and the home folder */
    public ContextStore(HostEnvironment environment) {
        this.environment = environment;
    }

    /** The Docker CLI config folder: {@code $DOCKER_CONFIG}, else {@code ~/.docker}. */
    public Path configDir() {
        return environment
                .get("DOCKER_CONFIG")
                .map(Path::of)
                .orElse(environment.home().resolve(".docker"));
    }

    /** Reads every context. Never throws for unreadable files: see {@link ContextList#warnings()}. */
    public ContextList load() {
        Path configDir = configDir();
        List<String> warnings = new ArrayList<>();
        String configured = readCurrentContext(configDir.resolve("config.json"), warnings);

        String current;
        Optional<String> dockerHost = environment.get("DOCKER_HOST");
        if (dockerHost.isPresent()) {
            current = DEFAULT_CONTEXT;
            environment
                    .get("DOCKER_CONTEXT")
                    .ifPresent(
                            c -> warnings.add(
                                    "DOCKER_HOST and DOCKER_CONTEXT are both set: the Docker CLI uses DOCKER_HOST, so the current context is \"default\"."));
        } else {
            current = environment.get("DOCKER_CONTEXT").orElse(configured != null ? configured : DEFAULT_CONTEXT);
        }

        List<DockerContext> stored = readStore(configDir, current, warnings);
        List<DockerContext> all = new ArrayList<>();
        all.add(defaultContext(current.equals(DEFAULT_CONTEXT)));
        stored.stream().sorted(Comparator.comparing(DockerContext::name)).forEach(all::add);

        if (!current.equals(DEFAULT_CONTEXT)
                && all.stream().noneMatch(c -> c.name().equals(current))) {
            String where =
                    environment.get("DOCKER_CONTEXT").isPresent() ? "DOCKER_CONTEXT" : "config.json's currentContext";
            warnings.add(
                    where + " names the context \"" + current
                            + "\", which does not exist: the Docker CLI will fail until you run `docker context use default` or create it.");
        }

        Set<String> endpoints = new HashSet<>();
        all.forEach(c -> endpoints.add(c.endpoint()));
        for (DockerContext colima : colimaProfiles()) {
            if (!endpoints.contains(colima.endpoint())) {
                all.add(colima);
            }
        }
        return new ContextList(all, current, configDir, warnings);
    }

    private String readCurrentContext(Path configFile, List<String> warnings) {
        try {
            String text = new String(SmallFiles.read(configFile, MAX_CONFIG_BYTES), StandardCharsets.UTF_8);
            if (text.isBlank()) {
                return null;
            }
            JsonNode node = json.readTree(text);
            JsonNode cc = node == null ? null : node.get("currentContext");
            return cc != null && cc.isTextual() && !cc.asText().isEmpty() ? cc.asText() : null;
        } catch (NoSuchFileException e) {
            return null;
        } catch (SmallFiles.Refused e) {
            warnings.add(
                    e.getMessage()
                            + ": the current context falls back to \"default\". Move it aside, or shrink it to the Docker CLI's settings.");
            return null;
        } catch (IOException e) {
            warnings.add(configFile + " could not be read (" + firstLine(e.getMessage())
                    + "): the current context falls back to \"default\". Fix the file's JSON, or move it aside.");
            return null;
        }
    }

    private List<DockerContext> readStore(Path configDir, String current, List<String> warnings) {
        Path metaRoot = configDir.resolve("contexts").resolve("meta");
        List<DockerContext> out = new ArrayList<>();
        if (!Files.isDirectory(metaRoot)) {
            return out;
        }
        java.util.Map<String, Path> folderOf = new java.util.HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(metaRoot)) {
            for (Path dir : dirs) {
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                DockerContext c = readMeta(configDir, dir, current);
                Path other = folderOf.get(c.name());
                if (other != null) {
                    // the same name in two folders: the Docker CLI only ever opens contexts/meta/<sha256 of the name>
                    boolean thisIsTheClis = dir.getFileName().toString().equals(sha256(c.name()));
                    warnings.add("The context \"" + c.name() + "\" is in two folders; the Docker CLI uses only "
                            + (thisIsTheClis ? dir : other) + ", so " + (thisIsTheClis ? other : dir)
                            + " is left out. Remove that folder to silence this.");
                    if (thisIsTheClis) {
                        out.removeIf(x -> x.name().equals(c.name()));
                        out.add(c);
                        folderOf.put(c.name(), dir);
                    }
                    continue;
                }
                folderOf.put(c.name(), dir);
                out.add(c);
            }
        } catch (IOException e) {
            warnings.add("The context store " + metaRoot + " could not be listed: " + firstLine(e.getMessage()));
        }
        return out;
    }

    private DockerContext readMeta(Path configDir, Path dir, String current) {
        String hash = dir.getFileName().toString();
        Path metaFile = dir.resolve("meta.json");
        String fallbackName = "(unreadable context " + hash.substring(0, Math.min(12, hash.length())) + ")";
        JsonNode meta;
        try {
            meta = json.readTree(new String(SmallFiles.read(metaFile, MAX_META_BYTES), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return broken(
                    fallbackName,
                    metaFile + " could not be read: " + firstLine(e.getMessage()) + ". Fix it, or remove the folder "
                            + dir + " (the context is lost then).");
        }
        String name = meta != null && meta.path("Name").isTextual()
                ? meta.path("Name").asText()
                : null;
        if (name == null || name.isEmpty()) {
            return broken(fallbackName, metaFile + " has no \"Name\". Fix it, or remove the folder " + dir + ".");
        }
        JsonNode docker = meta.path("Endpoints").path("docker");
        String host = docker.path("Host").asText("");
        String description = meta.path("Metadata").path("Description").asText("");
        if (host.isEmpty()) {
            return new DockerContext(
                    name,
                    description,
                    "",
                    ContextSource.CONTEXT_STORE,
                    name.equals(current),
                    null,
                    false,
                    "The context has no Docker endpoint in " + metaFile + ".",
                    null,
                    null);
        }
        Path tls = configDir
                .resolve("contexts")
                .resolve("tls")
                .resolve(sha256(name))
                .resolve("docker");
        // any of the three names makes it a TLS context, whatever the file is: a broken one is then
        // refused by name (TlsMaterial), never dropped into a plain connection
        Path tlsDir = java.util.stream.Stream.of(TlsMaterial.CA, TlsMaterial.CERT, TlsMaterial.KEY)
                        .anyMatch(f -> Files.exists(tls.resolve(f), java.nio.file.LinkOption.NOFOLLOW_LINKS))
                ? tls
                : null;
        return new DockerContext(
                name,
                description,
                host,
                ContextSource.CONTEXT_STORE,
                name.equals(current),
                tlsDir,
                docker.path("SkipTLSVerify").asBoolean(false),
                null,
                null,
                colimaProfileFor(host));
    }

    private static DockerContext broken(String name, String problem) {
        return new DockerContext(name, "", "", ContextSource.CONTEXT_STORE, false, null, false, problem, null, null);
    }

    private DockerContext defaultContext(boolean current) {
        Optional<String> host = environment.get("DOCKER_HOST");
        if (host.isPresent()) {
            Path tlsDir = null;
            if (environment.get("DOCKER_TLS_VERIFY").filter(v -> !v.equals("0")).isPresent()) {
                tlsDir = environment
                        .get("DOCKER_CERT_PATH")
                        .map(Path::of)
                        .orElse(environment.home().resolve(".docker"));
            }
            return new DockerContext(
                    DEFAULT_CONTEXT,
                    "Current DOCKER_HOST based configuration",
                    host.get(),
                    ContextSource.DOCKER_HOST,
                    current,
                    tlsDir,
                    false,
                    null,
                    null,
                    colimaProfileFor(host.get()));
        }
        String endpoint = environment.os() == HostEnvironment.OsFamily.WINDOWS
                ? "npipe:////./pipe/docker_engine"
                : "unix:///var/run/docker.sock";
        return new DockerContext(
                DEFAULT_CONTEXT,
                "The platform's default socket",
                endpoint,
                ContextSource.DEFAULT,
                current,
                null,
                false,
                null,
                null,
                null);
    }

    /** Colima profiles that have a socket, as contexts of source {@link ContextSource#COLIMA_PROFILE}. */
    private List<DockerContext> colimaProfiles() {
        List<DockerContext> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Path root : colimaRoots()) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root)) {
                for (Path dir : dirs) {
                    Path sock = dir.resolve("docker.sock");
                    if (!Files.exists(sock)) {
                        continue;
                    }
                    String profile = dir.getFileName().toString();
                    String contextName = profile.equals("default") ? "colima" : "colima-" + profile;
                    String endpoint = "unix://" + sock.toAbsolutePath();
                    if (!seen.add(endpoint)) {
                        continue;
                    }
                    out.add(new DockerContext(
                            contextName,
                            "Colima profile " + profile + " (no Docker context yet)",
                            endpoint,
                            ContextSource.COLIMA_PROFILE,
                            false,
                            null,
                            false,
                            null,
                            "Add it as a context: docker context create " + contextName + " --docker host=" + endpoint,
                            profile));
                }
            } catch (IOException e) {
                // an unreadable Colima folder hides no context of the store; nothing to add
            }
        }
        out.sort(Comparator.comparing(DockerContext::name));
        return out;
    }

    /**
     * The folders Colima keeps its profiles in, in the order Colima's own documentation and code
     * give them: {@code $COLIMA_HOME} when set, {@code ~/.colima}, {@code $XDG_CONFIG_HOME/colima}
     * when {@code XDG_CONFIG_HOME} is set, and {@code ~/.config/colima} (newer Colima uses the XDG
     * folder when {@code ~/.colima} does not exist). Each profile is a folder {@code <root>/<profile>/}
     * with its {@code docker.sock}.
     */
    public List<Path> colimaRoots() {
        java.util.LinkedHashSet<Path> roots = new java.util.LinkedHashSet<>();
        environment.get("COLIMA_HOME").map(Path::of).ifPresent(roots::add);
        roots.add(environment.home().resolve(".colima"));
        environment
                .get("XDG_CONFIG_HOME")
                .map(x -> Path.of(x).resolve("colima"))
                .ifPresent(roots::add);
        roots.add(environment.home().resolve(".config").resolve("colima"));
        return List.copyOf(roots);
    }

    /** The Colima profile whose socket an endpoint names (a {@code docker.sock} under one of {@link #colimaRoots()}, or a {@code colima} folder), or null. */
    public String colimaProfileFor(String endpoint) {
        if (endpoint != null && endpoint.startsWith("unix://")) {
            Path sock = Path.of(endpoint.substring("unix://".length())).normalize();
            if (sock.getFileName() != null
                    && sock.getFileName().toString().equals("docker.sock")
                    && sock.getParent() != null) {
                for (Path root : colimaRoots()) {
                    if (root.normalize().equals(sock.getParent().getParent())) {
                        return sock.getParent().getFileName().toString();
                    }
                }
            }
        }
        return colimaProfileOf(endpoint);
    }

    /** The Colima profile whose socket an endpoint names by its folder's name ({@code …/.colima/<profile>/docker.sock}), or null. */
    static String colimaProfileOf(String endpoint) {
        Matcher m = COLIMA_SOCKET.matcher(endpoint);
        return m.matches() ? m.group(1) : null;
    }

    /** The hex SHA-256 of a context name: the folder name the Docker CLI uses for it. */
    public static String sha256(String name) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
