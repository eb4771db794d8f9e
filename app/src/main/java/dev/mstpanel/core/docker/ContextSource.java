package dev.mstpanel.core.docker;

/** Where the panel found a Docker context. The JSON name is what {@code contexts --json} prints. */
public enum ContextSource {
    /** A context in the Docker CLI's context store ({@code contexts/meta/<sha256>/meta.json}). */
    CONTEXT_STORE("context-store"),
    /** The implicit {@code default} context, pointed at {@code DOCKER_HOST}. */
    DOCKER_HOST("DOCKER_HOST"),
    /** The implicit {@code default} context at the platform's default socket. */
    DEFAULT("default"),
    /** A Colima profile with a socket but no Docker context yet. */
    COLIMA_PROFILE("colima-profile");

    private final String jsonName;

    ContextSource(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The name {@code contexts --json} prints for it. */
    public String jsonName() {
        return jsonName;
    }
}
