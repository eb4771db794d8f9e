package dev.mstpanel.core.mst;

import java.util.Locale;

/**
 * What kind of container an eval's client needs, which decides the image and how many shards
 * share a context (source: MST's Cowork-in-Docker document, the table of clients and images,
 * and the ChatGPT-in-Docker document; docs/dev/mst-format.md, Images).
 */
public enum ClientKind {
    /** Claude Desktop with Cowork's VM: one container per context, needs KVM. The default client. */
    COWORK,
    /** The ChatGPT desktop app ({@code chatgpt}, {@code codex-app}): no VM, several per context. */
    CHATGPT,
    /** No desktop ({@code codex-cli}, {@code api}, {@code claude-code}): several per context, 2 GiB each. */
    HEADLESS,
    /** A client MST's documents do not name (a plugin client): the panel cannot tell what it needs. */
    OTHER;

    /**
     * The kind of a client name as written in an eval config.
     *
     * @param client the {@code client} value, or null when the config has none (Cowork)
     */
    public static ClientKind of(String client) {
        if (client == null || client.isBlank()) {
            return COWORK;
        }
        return switch (client.strip().toLowerCase(Locale.ROOT)) {
            case "cowork" -> COWORK;
            case "chatgpt", "codex-app" -> CHATGPT;
            case "codex-cli", "api", "claude-code" -> HEADLESS;
            default -> OTHER;
        };
    }

    /** A short label for the form, e.g. "Cowork (Claude Desktop)". */
    public String label() {
        return switch (this) {
            case COWORK -> "Cowork (Claude Desktop + VM, one container per context)";
            case CHATGPT -> "ChatGPT desktop (several containers per context)";
            case HEADLESS -> "headless (no desktop, several containers per context)";
            case OTHER -> "plugin client (the panel cannot tell what it needs)";
        };
    }
}
