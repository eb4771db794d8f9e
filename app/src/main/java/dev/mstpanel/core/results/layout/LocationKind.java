package dev.mstpanel.core.results.layout;

/** What a path given by the user turned out to be. */
public enum LocationKind {
    RESULTS_ROOT,
    EVAL,
    RUN
}
