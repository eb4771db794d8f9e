package dev.mstpanel.core.shell;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Notifications through the system's notification center, where the platform has one a program
 * can post to without a library: on macOS {@code osascript -e 'display notification "…" with title "…"'}
 * (Notification Center; shown over full-screen apps, and kept in the list; no Apple Events
 * permission is needed, as the command runs inside {@code osascript}); on Linux
 * {@code notify-send} (libnotify, the freedesktop notification service) when it is on PATH.
 * Elsewhere, or when it is missing, {@link #command} is empty and the caller shows its own popup.
 *
 * <p>The texts are passed as arguments (Linux) or as AppleScript string literals with backslash
 * and double quote escaped (macOS), never through a shell.
 *
 * <p>What a post proves differs: {@code notify-send} exits 0 once the notification service took
 * the notification, but {@code osascript}'s notification is shown in Script Editor's name and
 * macOS drops it silently until Script Editor is allowed to notify (macOS 15 asks no one), while
 * {@code osascript} still exits 0. So a post on macOS is {@link Delivery#UNCONFIRMED} and the
 * caller shows its own notice as well (docs/macos.md).
 */
public final class SystemNotifications {
    private final CommandRunner runner;

    /** @param runner runs {@code osascript} or {@code notify-send}, in the panel's environment */
    public SystemNotifications(CommandRunner runner) {
        this.runner = runner;
    }

    /** True when this system has a notification center the panel can post to. */
    public boolean available() {
        return command("t", "x", false).isPresent();
    }

    /**
     * The command that posts a notification.
     *
     * @param title the title, e.g. {@code Run finished: cowork-smoke}
     * @param text the body, e.g. {@code 12/15 passed (80%)}; may be empty
     * @param urgent true for errors (Linux: {@code -u critical}, which stays until dismissed)
     * @return program and arguments, or empty when the system has none
     */
    public Optional<List<String>> command(String title, String text, boolean urgent) {
        HostEnvironment env = runner.environment();
        String t = title == null ? "" : title;
        String b = text == null ? "" : text;
        switch (env.os()) {
            case MAC -> {
                return Optional.of(List.of(
                        "osascript",
                        "-e",
                        "display notification \"" + appleScriptString(b) + "\" with title \"mst-panel\" subtitle \""
                                + appleScriptString(t) + "\""));
            }
            case LINUX -> {
                if (env.findExecutable("notify-send").isEmpty()) {
                    return Optional.empty();
                }
                List<String> argv = new ArrayList<>(List.of(
                        "notify-send", "--app-name=mst-panel", "--urgency=" + (urgent ? "critical" : "normal")));
                argv.add("--");
                argv.add(t);
                if (!b.isEmpty()) {
                    argv.add(b);
                }
                return Optional.of(argv);
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /** What posting a notification proved. */
    public enum Delivery {
        /** The system's notification service took it and shows it. */
        CONFIRMED,
        /** The command succeeded but the system may still drop it without a word (macOS). */
        UNCONFIRMED,
        /** Nothing was posted: no notification center, or the command failed. */
        NOT_POSTED;

        /** True when the person may never see it unless the panel shows it itself. */
        public boolean needsOwnNotice() {
            return this != CONFIRMED;
        }
    }

    /**
     * Posts a notification; blocks up to 5 s (call it off the UI thread).
     *
     * @return what the post proved: {@link Delivery#CONFIRMED} only where the command's success means it is shown
     */
    public Delivery post(String title, String text, boolean urgent) {
        Optional<List<String>> cmd = command(title, text, urgent);
        if (cmd.isEmpty()) {
            return Delivery.NOT_POSTED;
        }
        if (!runner.run(cmd.get(), null, Duration.ofSeconds(5)).ok()) {
            return Delivery.NOT_POSTED;
        }
        return runner.environment().os() == HostEnvironment.OsFamily.MAC ? Delivery.UNCONFIRMED : Delivery.CONFIRMED;
    }

    /** Escapes for an AppleScript string literal: backslash and double quote; line breaks become spaces. */
    static String appleScriptString(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace('\n', ' ').replace('\r', ' ');
    }
}
