package dev.mstpanel.core.doctor;

/** The outcome of one readiness check. */
public enum CheckStatus {
    /** Ready. */
    PASS,
    /** Works, with a caveat worth reading. */
    WARN,
    /** Not ready: the check's fix says what to do. */
    FAIL,
    /** Could not be checked (the engine did not answer, no image to check with). */
    SKIPPED;

    /** Lower case, for JSON: {@code pass}, {@code warn}, {@code fail}, {@code skipped}. */
    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
