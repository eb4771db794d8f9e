package dev.mstpanel.core.mst;

/**
 * The names {@code mst run} gives its runner flags. MST's Docker-runner documents say
 * {@code --runner docker --runner-option key=value}; MST's 2.0 prerelease source says
 * {@code --env docker --env-option key=value}. The panel reads which one an MST speaks from
 * {@code mst run --help} (contract sheet, section 1 and its preamble).
 */
public enum FlagVocabulary {
    /** {@code --runner} / {@code --runner-option}: the documents' vocabulary. */
    RUNNER("--runner", "--runner-option"),
    /** {@code --env} / {@code --env-option}: the older prerelease vocabulary. */
    ENV("--env", "--env-option");

    private final String runnerFlag;
    private final String optionFlag;

    FlagVocabulary(String runnerFlag, String optionFlag) {
        this.runnerFlag = runnerFlag;
        this.optionFlag = optionFlag;
    }

    /** The flag naming the runner, e.g. {@code --runner}. */
    public String runnerFlag() {
        return runnerFlag;
    }

    /** The flag giving one runner option, e.g. {@code --runner-option}. */
    public String optionFlag() {
        return optionFlag;
    }
}
