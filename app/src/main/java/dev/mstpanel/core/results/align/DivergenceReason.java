package dev.mstpanel.core.results.align;

/** Why two aligned trials part at their first divergence ({@link Divergence}). */
public enum DivergenceReason {
    /** Each trial called a tool at this point, but not the same tool. */
    OTHER_TOOL("otherTool", "each trial called another tool"),
    /** The first trial made a call the second did not make. */
    ONLY_IN_A("onlyInA", "only the first trial made this call"),
    /** The second trial made a call the first did not make. */
    ONLY_IN_B("onlyInB", "only the second trial made this call"),
    /** Both called the same tool with other arguments. */
    ARGUMENTS("arguments", "the same tool was called with other arguments"),
    /** Both called the same tool with the same arguments; one call failed and the other did not. */
    OUTCOME("outcome", "the same call failed in one trial and not in the other"),
    /** Every event is the same; the final answers are not. */
    FINAL_ANSWER("finalAnswer", "the calls are the same, the final answers are not");

    private final String jsonName;
    private final String sentence;

    DivergenceReason(String jsonName, String sentence) {
        this.jsonName = jsonName;
        this.sentence = sentence;
    }

    /** The name in {@code diff --json}. */
    public String jsonName() {
        return jsonName;
    }

    /** The reason in words, for people. */
    public String sentence() {
        return sentence;
    }
}
