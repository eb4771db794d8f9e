package dev.mstpanel.core.results.align;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One place where the arguments of two calls of the same tool differ.
 *
 * @param path where, from the arguments' top: {@code to}, {@code items[2].name}; empty for the arguments as a whole
 *     (when they are not an object or an array)
 * @param kind whether the second call added it, dropped it or gave it another value
 * @param a the first call's value there, or null when it has none
 * @param b the second call's value there, or null when it has none
 */
public record ArgumentDifference(String path, Kind kind, JsonNode a, JsonNode b) {
    /** What the second call did with the value at a path, against the first. */
    public enum Kind {
        ADDED,
        REMOVED,
        CHANGED
    }
}
