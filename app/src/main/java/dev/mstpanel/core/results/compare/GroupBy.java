package dev.mstpanel.core.results.compare;

import java.util.Locale;

/**
 * What cases are grouped by: the dataset MST names for each case, or its tags (docs/dev/mst-format.md,
 * Results and Trace: a trial's {@code datasetName}, {@code results.json}'s {@code request.tags}).
 */
public enum GroupBy {
    DATASET("dataset", "(no dataset)"),
    TAG("tag", "(no tag)");

    private final String word;
    private final String noneName;

    GroupBy(String word, String noneName) {
        this.word = word;
        this.noneName = noneName;
    }

    /** The word people and the command line use: {@code dataset}, {@code tag}. */
    public String word() {
        return word;
    }

    /** The name of the group of cases that have none: {@code (no dataset)}, {@code (no tag)}. */
    public String noneName() {
        return noneName;
    }

    /** The grouping a word names, case ignored and trimmed, or null for any other word. */
    public static GroupBy parse(String word) {
        if (word == null) {
            return null;
        }
        String w = word.trim().toLowerCase(Locale.ROOT);
        for (GroupBy g : values()) {
            if (g.word.equals(w)) {
                return g;
            }
        }
        return null;
    }

    /** The words {@link #parse} takes, for a message: {@code dataset or tag}. */
    public static String words() {
        return DATASET.word + " or " + TAG.word;
    }
}
