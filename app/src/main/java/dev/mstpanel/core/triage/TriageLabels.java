package dev.mstpanel.core.triage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The list of labels a failed trial can get: the panel's defaults, or the person's own list kept in the settings. One
 * place for what a usable list is (names trimmed, none blank or repeated, at most {@value #MAX_LABELS} names of at most
 * {@value #MAX_NAME} characters) and for finding a typed name in it.
 */
public final class TriageLabels {
    /** The labels a new panel offers, in their keyboard order (digit 1 is the first). */
    public static final List<String> DEFAULTS =
            List.of("agent error", "tool or server bug", "grader or test bug", "infrastructure", "flaky", "other");

    /** The most labels a list keeps: the digits 1 to 9 reach them all from the keyboard, and a few more fit a menu. */
    public static final int MAX_LABELS = 20;

    /** The longest label name, in characters: it is shown as a chip. */
    public static final int MAX_NAME = 40;

    /** The longest note, in characters. */
    public static final int MAX_NOTE = 4000;

    private TriageLabels() {}

    /**
     * A usable list from a saved one: names trimmed, blank, over-long and repeated names (ignoring case) dropped, at
     * most {@value #MAX_LABELS} kept; {@link #DEFAULTS} when the list is missing or nothing usable is left.
     */
    public static List<String> clean(List<String> saved) {
        if (saved == null) {
            return DEFAULTS;
        }
        Map<String, String> kept = new LinkedHashMap<>();
        for (String s : saved) {
            if (kept.size() >= MAX_LABELS) {
                break;
            }
            String name = s == null ? "" : s.strip();
            if (!name.isEmpty()
                    && name.length() <= MAX_NAME
                    && name.codePoints().noneMatch(Character::isISOControl)) {
                kept.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
            }
        }
        return kept.isEmpty() ? DEFAULTS : List.copyOf(kept.values());
    }

    /**
     * What is wrong with a list typed one label a line (as the Settings dialog takes it), for people; empty when it is
     * usable. Blank lines are left out.
     */
    public static Optional<String> problem(String typed) {
        List<String> names = lines(typed);
        if (names.isEmpty()) {
            return Optional.of("Give at least one label.");
        }
        if (names.size() > MAX_LABELS) {
            return Optional.of("At most " + MAX_LABELS + " labels (" + names.size() + " given).");
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String n : names) {
            if (n.length() > MAX_NAME) {
                return Optional.of("\"" + n.substring(0, 20) + "…\" is longer than " + MAX_NAME + " characters.");
            }
            if (!seen.add(n.toLowerCase(Locale.ROOT))) {
                return Optional.of("\"" + n + "\" is in the list twice.");
            }
        }
        return Optional.empty();
    }

    /** The names of a list typed one a line: each line trimmed, blank lines left out. */
    public static List<String> lines(String typed) {
        List<String> out = new ArrayList<>();
        for (String line : (typed == null ? "" : typed).split("\\R")) {
            if (!line.isBlank()) {
                out.add(line.strip());
            }
        }
        return out;
    }

    /** The list's name that a typed name means, ignoring case and surrounding spaces; empty when none. */
    public static Optional<String> find(List<String> labels, String typed) {
        if (typed == null) {
            return Optional.empty();
        }
        String t = typed.strip();
        return labels.stream().filter(l -> l.equalsIgnoreCase(t)).findFirst();
    }

    /** The list as people read it after "the labels are": {@code "agent error", "flaky" or "other"}. */
    public static String quoted(List<String> labels) {
        List<String> q = new ArrayList<>();
        for (String l : labels) {
            q.add("\"" + l + "\"");
        }
        if (q.size() <= 1) {
            return String.join("", q);
        }
        return String.join(", ", q.subList(0, q.size() - 1)) + " or " + q.get(q.size() - 1);
    }
}
