package dev.mstpanel.core.docker;

import java.nio.file.Path;
import java.util.List;

/**
 * Every context the panel found, in the Docker CLI's order ({@code default} first, then by name),
 * followed by Colima profiles without a context.
 *
 * @param contexts the contexts; none is dropped, broken ones carry a {@link DockerContext#problem()}
 * @param currentName the context the Docker CLI would use now
 * @param configDir the Docker CLI config folder that was read ({@code $DOCKER_CONFIG} or {@code ~/.docker})
 * @param warnings plain sentences about what could not be read, e.g. a malformed {@code config.json}
 */
public record ContextList(List<DockerContext> contexts, String currentName, Path configDir, List<String> warnings) {
    public ContextList {
        contexts = List.copyOf(contexts);
        warnings = List.copyOf(warnings);
    }
}
