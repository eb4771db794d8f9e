package dev.mstpanel.core.docker;

import java.util.regex.Pattern;

/**
 * Docker's name rule, checked before any name reaches a command line, an AppleScript or a
 * terminal: a name starts with a letter or digit and goes on with letters, digits, {@code _},
 * {@code .} and {@code -} ({@code [a-zA-Z0-9][a-zA-Z0-9_.-]*}, the rule the Docker engine applies
 * to container names, {@code daemon/names}). A name that fails it is refused, never escaped:
 * {@code a;rm -rf /}, quotes, spaces and newlines cannot pass.
 */
public final class DockerNames {
    /** The rule, whole-string. */
    public static final Pattern NAME = Pattern.compile("[a-zA-Z0-9][a-zA-Z0-9_.-]*");
    /** Longest name accepted, in characters. */
    public static final int MAX_LENGTH = 255;

    private DockerNames() {}

    /** True when {@code name} follows Docker's name rule. */
    public static boolean valid(String name) {
        return name != null && name.length() <= MAX_LENGTH && NAME.matcher(name).matches();
    }

    /**
     * Checks a Docker context name.
     *
     * @return the name, unchanged
     * @throws IllegalArgumentException with a message naming the rule when it does not follow it
     */
    public static String requireContext(String name) {
        return require("context", name);
    }

    /**
     * Checks a container name or id; a leading {@code /} (as the Engine API writes names) is dropped.
     *
     * @return the name without a leading {@code /}
     * @throws IllegalArgumentException with a message naming the rule when it does not follow it
     */
    public static String requireContainer(String name) {
        String n = name != null && name.startsWith("/") ? name.substring(1) : name;
        return require("container", n);
    }

    private static String require(String what, String name) {
        if (!valid(name)) {
            throw new IllegalArgumentException(
                    "The " + what + " name " + shown(name)
                            + " is not a Docker name (letters, digits, _ . - only, starting with a letter or digit): the panel will not put it on a command line.");
        }
        return name;
    }

    /** A name made printable for a message: control characters shown as escapes, cut at 60 characters. */
    static String shown(String name) {
        if (name == null) {
            return "(none)";
        }
        StringBuilder sb = new StringBuilder("\"");
        for (char c : name.toCharArray()) {
            if (sb.length() > 60) {
                sb.append('…');
                break;
            }
            if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (Character.isISOControl(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
