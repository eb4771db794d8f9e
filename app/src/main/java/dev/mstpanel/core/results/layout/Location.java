package dev.mstpanel.core.results.layout;

import java.nio.file.Path;
import java.util.List;

/**
 * A path's runs.
 *
 * @param path the path as given
 * @param kind what it is
 * @param runDirs its run folders, oldest first (run ids sort by start time)
 * @param unlisted folders inside it that may hold runs but could not be looked into (an eval folder or its
 *        {@code runs/} this user may not read), each a sentence saying which and how to fix it
 */
public record Location(Path path, LocationKind kind, List<Path> runDirs, List<String> unlisted) {
    public Location {
        runDirs = List.copyOf(runDirs);
        unlisted = List.copyOf(unlisted);
    }

    /** A path whose folders could all be looked into. */
    public Location(Path path, LocationKind kind, List<Path> runDirs) {
        this(path, kind, runDirs, List.of());
    }
}
