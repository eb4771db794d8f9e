package dev.mstpanel.core.docker;

import dev.mstpanel.core.text.ControlCharacters;
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
        String shown = "\"" + ControlCharacters.escape(endpoint) + "\"";
        if (endpoint == null || !endpoint.startsWith("ssh://")) {
            throw new IllegalArgumentException(shown + " is not an ssh:// address." + shape);
        }
        // read by hand as the Docker CLI's URL parser reads it: java.net.URI drops a non-ASCII host
        // and keeps an IPv6 address's brackets, which ssh then cannot resolve
        String rest = endpoint.substring("ssh://".length());
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (ControlCharacters.isControl(c) || Character.isWhitespace(c)) {
                throw new IllegalArgumentException(shown + " holds a space or a control character." + shape);
            }
        }
        if (rest.indexOf('?') >= 0 || rest.indexOf('#') >= 0) {
            throw new IllegalArgumentException(shown + " has a query or fragment." + shape);
        }
        int slash = rest.indexOf('/');
        String authority = slash < 0 ? rest : rest.substring(0, slash);
        String path = slash < 0 ? "" : rest.substring(slash);
        if (!path.isEmpty() && !path.equals("/")) {
            throw new IllegalArgumentException(shown + " has a path after the host (" + ControlCharacters.escape(path)
                    + "); the Docker CLI does not accept one either." + shape);
        }
        int at = authority.lastIndexOf('@');
        String user = at < 0 ? null : authority.substring(0, at);
        String hostPort = authority.substring(at + 1);
        if (user != null && (user.isEmpty() || user.contains(":") || user.contains("@") || user.startsWith("-"))) {
            throw new IllegalArgumentException(
                    shown + " has an unusable user part (no password may be given; " + "ssh uses your keys)." + shape);
        }
        String host;
        String portText = null;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException(
                        shown + " opens an IPv6 address with '[' and never closes it." + shape);
            }
            host = hostPort.substring(1, close);
            String after = hostPort.substring(close + 1);
            if (!after.isEmpty()) {
                if (!after.startsWith(":")) {
                    throw new IllegalArgumentException(shown + " has text after the IPv6 address." + shape);
                }
                portText = after.substring(1);
            }
            if (!host.matches("[0-9A-Fa-f:.]+(%[\\w.-]+)?")) {
                throw new IllegalArgumentException(shown + " has no IPv6 address between its brackets." + shape);
            }
        } else {
            int colon = hostPort.lastIndexOf(':');
            if (colon >= 0 && hostPort.indexOf(':') != colon) {
                throw new IllegalArgumentException(
                        shown + ": an IPv6 address goes between brackets, e.g. ssh://user@[::1]:22." + shape);
            }
            host = colon < 0 ? hostPort : hostPort.substring(0, colon);
            portText = colon < 0 ? null : hostPort.substring(colon + 1);
            if (host.indexOf('[') >= 0 || host.indexOf(']') >= 0 || host.indexOf('\\') >= 0) {
                throw new IllegalArgumentException(shown + " has a host ssh cannot use." + shape);
            }
        }
        if (host.isEmpty()) {
            throw new IllegalArgumentException(shown + " names no host." + shape);
        }
        if (host.startsWith("-")) {
            throw new IllegalArgumentException(shown + ": a host may not start with '-'." + shape);
        }
        return new SshEndpoint(user, host, port(portText, shown, shape));
    }

    /** The port after the host: none, or a number from 1 to 65535 (what ssh accepts). */
    private static int port(String text, String shown, String shape) {
        if (text == null) {
            return -1;
        }
        int port = -1;
        if (text.matches("[0-9]{1,5}")) {
            port = Integer.parseInt(text);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(shown + " has the port \"" + ControlCharacters.escape(text)
                    + "\": a port is a number from 1 to 65535." + shape);
        }
        return port;
    }

    /** {@code user@host:port} for messages (port only when given). */
    public String shown() {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return (user == null ? "" : user + "@") + h + (port < 0 ? "" : ":" + port);
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
