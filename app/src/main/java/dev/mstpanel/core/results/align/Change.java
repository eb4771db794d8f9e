package dev.mstpanel.core.results.align;

/** How a row of two aligned trials relates its two events ({@link AlignedPair}). */
public enum Change {
    /** The same tool with the same arguments and the same outcome on both sides. */
    SAME("same", "="),
    /** The same tool on both sides, called with other arguments or with another outcome (error vs ok). */
    CHANGED("changed", "~"),
    /** An event only the first trial has. */
    ONLY_A("onlyA", "-"),
    /** An event only the second trial has. */
    ONLY_B("onlyB", "+");

    private final String jsonName;
    private final String mark;

    Change(String jsonName, String mark) {
        this.jsonName = jsonName;
        this.mark = mark;
    }

    /** The name in {@code diff --json}: {@code same}, {@code changed}, {@code onlyA}, {@code onlyB}. */
    public String jsonName() {
        return jsonName;
    }

    /** The one-character mark of a text row: {@code = ~ - +}. */
    public String mark() {
        return mark;
    }
}
