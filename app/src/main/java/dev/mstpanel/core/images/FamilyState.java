package dev.mstpanel.core.images;

/**
 * Whether a context has the MST image a run will ask for.
 *
 * @param family which image
 * @param status current, stale, missing, or unknown (MST not found)
 * @param message what a person reads, e.g. {@code not built yet} or {@code rebuild after upgrading MST (has 1.9.0, MST is 2.0.0)}
 * @param action the button beside it ({@code Build}, {@code Rebuild}), or null when nothing is to do
 */
public record FamilyState(ImageFamily family, Status status, String message, String action) {
    /** The states. */
    public enum Status {
        CURRENT,
        STALE,
        MISSING,
        UNKNOWN
    }
}
