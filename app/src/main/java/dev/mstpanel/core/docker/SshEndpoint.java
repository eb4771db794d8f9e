package dev.mstpanel.core.docker;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of an {@code ssh://[user@]host[:port]} Docker endpoint, as the Docker CLI reads them
 * (a path after the host is refused, as the Docker CLI refuses it).
 *
 * @param user the login user, or null to let ssh and its config choose
 * @param host the host name or address (never starts with {@code -})
 * @param port the port, or -1 to let ssh and its config choose
 */
public record SshEndpoint(String user, String host, int port) {

    /**
     * Parses an endpoint.
     *
     * @param endpoint e.g. {@code ssh://mst@build-1.example.com:2222}
     * @return its parts
     * @throws IllegalArgumentException with a sentence saying what is wrong and the expected shape
     */
    public static SshEndpoint parse(String endpoint) {
        String shape = " Expected ssh://user@host or ssh://user@host:port.";
        if (endpoint == null || !endpoint.startsWith("ssh://")) {
            throw new IllegalArgumentException("\"" + endpoint + "\" is not an ssh:// address." + shape);
        }
        URI uri;
        try {
            uri = new URI(endpoint);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("\"" + endpoint + "\" is not a valid address (" + e.getReason() + ")." + shape);
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("\"" + endpoint + "\" names no host." + shape);
        }
        if (host.startsWith("-")) {
            throw new IllegalArgumentException("\"" + endpoint + "\": a host may not start with '-'." + shape);
        }
        if (uri.getRawPath() != null && !uri.getRawPath().isEmpty() && !uri.getRawPath().equals("/")) {
            throw new IllegalArgumentException("\"" + endpoint + "\" has a path after the host (" + uri.getRawPath()
                    + "); the Docker CLI does not accept one either." + shape);
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("\"" + endpoint + "\" has a query or fragment." + shape);
        }
        String user = uri.getUserInfo();
        if (user != null && (user.isEmpty() || user.contains(":") || user.startsWith("-"))) {
            throw new IllegalArgumentException("\"" + endpoint + "\" has an unusable user part (no password may be given; "
                    + "ssh uses your keys)." + shape);
        }
        return new SshEndpoint(user, host, uri.getPort());
    }

    /** {@code user@host:port} for messages (port only when given). */
    public String shown() {
        return (user == null ? "" : user + "@") + host + (port < 0 ? "" : ":" + port);
    }

    /** The ssh options naming user and port ({@code -l user -p port}), for an ssh command line. */
    List<String> loginOptions() {
        List<String> out = new ArrayList<>();
        if (user != null) {
            out.add("-l");
            out.add(user);
        }
        if (port >= 0) {
            out.add("-p");
            out.add(String.valueOf(port));
        }
        return out;
    }
}
