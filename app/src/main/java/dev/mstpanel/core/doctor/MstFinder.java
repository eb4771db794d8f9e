package dev.mstpanel.core.doctor;

import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A minimal way to find MST and its version, for the readiness checks and the image tags:
 * Settings' {@code mstPath}, else {@code node_modules/.bin/mst} in the given folders (users run
 * {@code npx mst} from the eval's folder), else {@code mst} on PATH; then {@code mst --version}.
 * Kept small and behind {@link #find()} so the fuller locator in {@code core/mst} can replace it.
 */
public class MstFinder {
    private static final Pattern VERSION = Pattern.compile("(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?)");
    private final CommandRunner runner;
    private final Supplier<String> configuredPath;
    private final List<Path> folders;

    /**
     * @param runner runs {@code mst --version} in the panel's environment
     * @param configuredPath Settings' {@code mstPath}, read at each call (null or blank: none)
     * @param folders folders whose {@code node_modules/.bin/mst} is tried, in order (e.g. recent eval folders)
     */
    public MstFinder(CommandRunner runner, Supplier<String> configuredPath, List<Path> folders) {
        this.runner = runner;
        this.configuredPath = configuredPath;
        this.folders = List.copyOf(folders);
    }

    /** Finds MST and asks its version (bounded by 10 s); empty when none is found. */
    public Optional<MstInstall> find() {
        List<Object[]> candidates = new ArrayList<>();
        String configured = configuredPath.get();
        if (configured != null && !configured.isBlank()) {
            candidates.add(new Object[] {Path.of(configured.strip()), "settings"});
        }
        for (Path f : folders) {
            candidates.add(new Object[] {f.resolve("node_modules").resolve(".bin").resolve("mst"), "node_modules"});
        }
        runner.environment().findExecutable("mst").ifPresent(p -> candidates.add(new Object[] {p, "PATH"}));
        for (Object[] c : candidates) {
            Path p = (Path) c[0];
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                CommandResult r = runner.run(List.of(p.toString(), "--version"), null, Duration.ofSeconds(10));
                return Optional.of(new MstInstall(p, r.ok() ? parseVersion(r.stdout()) : null, (String) c[1]));
            }
        }
        return Optional.empty();
    }

    /** The first semantic version in {@code mst --version}'s output, or null. */
    public static String parseVersion(String text) {
        Matcher m = VERSION.matcher(text == null ? "" : text);
        return m.find() ? m.group(1) : null;
    }
}
