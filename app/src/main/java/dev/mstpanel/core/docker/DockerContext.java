package dev.mstpanel.core.docker;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One Docker context as the Docker CLI sees it, or a Colima profile that has no context yet.
 *
 * @param name the context's name ({@code colima-mst-kvm}, {@code default})
 * @param description the context's description, may be empty
 * @param endpoint the Docker endpoint URI ({@code unix:///…/docker.sock}, {@code tcp://host:2376},
 *     {@code ssh://user@host}), or empty when the meta file could not be read
 * @param source where it was found
 * @param current true for the context the Docker CLI would use now
 * @param tlsDir the folder holding {@code ca.pem}, {@code cert.pem}, {@code key.pem}, or null
 * @param skipTlsVerify the endpoint's {@code SkipTLSVerify}
 * @param problem why the context cannot be used as it is (a broken meta file), or null
 * @param hint what a person can do with it (e.g. the {@code docker context create} command for a
 *     Colima profile without a context), or null
 * @param colimaProfile the Colima profile behind it, when its socket is a Colima one; or null
 */
public record DockerContext(
        String name,
        String description,
        String endpoint,
        ContextSource source,
        boolean current,
        Path tlsDir,
        boolean skipTlsVerify,
        String problem,
        String hint,
        String colimaProfile) {

    /** The endpoint's scheme: {@code unix}, {@code tcp}, {@code ssh}, {@code npipe}, or empty. */
    public String scheme() {
        int i = endpoint.indexOf("://");
        return i < 0 ? "" : endpoint.substring(0, i);
    }

    /** The socket file of a {@code unix://} endpoint. */
    public Optional<Path> socketPath() {
        return endpoint.startsWith("unix://")
                ? Optional.of(Path.of(endpoint.substring("unix://".length())))
                : Optional.empty();
    }

    /** True when the panel may probe it (it has an endpoint and no problem). */
    public boolean probeable() {
        return problem == null && !endpoint.isEmpty();
    }
}
