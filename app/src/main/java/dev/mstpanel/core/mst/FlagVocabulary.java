package dev.mstpanel.core.mst;

import java.util.ArrayList;
import java.util.List;

/**
 * The words {@code mst run} uses for the runner: {@code --runner}/{@code --runner-option} (MST's
 * Docker documents) or the older {@code --env}/{@code --env-option} (MST's 2.0 prerelease source).
 * Read once from {@code mst run --help} (docs/dev/mst-format.md, Commands).
 */
public enum FlagVocabulary {
    /** {@code --runner docker --runner-option key=value}. */
    RUNNER("--runner", "--runner-option"),
    /** {@code --env docker --env-option key=value}. */
    ENV("--env", "--env-option");

    private final String runnerFlag;
    private final String optionFlag;

    FlagVocabulary(String runnerFlag, String optionFlag) {
        this.runnerFlag = runnerFlag;
        this.optionFlag = optionFlag;
    }

    /** {@code --runner} or {@code --env}. */
    public String runnerFlag() {
        return runnerFlag;
    }

    /** {@code --runner-option} or {@code --env-option}. */
    public String optionFlag() {
        return optionFlag;
    }

    /**
     * The vocabulary a {@code mst run --help} text shows: {@link #ENV} when it names
     * {@code --env-option} and not {@code --runner-option}, else {@link #RUNNER}.
     */
    public static FlagVocabulary fromHelp(String helpText) {
        boolean runner = helpText.contains("--runner-option") || helpText.matches("(?s).*--runner\\b.*");
        boolean env = helpText.contains("--env-option");
        return env && !runner ? ENV : RUNNER;
    }

    /**
     * Rewrites arguments written in the documents' vocabulary ({@code --runner}, {@code --runner-option},
     * also as {@code --runner=docker}) into this one. Other arguments are left as they are.
     *
     * @param args arguments for {@code mst run}
     * @return a new list
     */
    public List<String> translate(List<String> args) {
        List<String> out = new ArrayList<>(args.size());
        for (String a : args) {
            out.add(translateOne(a));
        }
        return out;
    }

    private String translateOne(String a) {
        for (FlagVocabulary v : values()) {
            if (v == this) {
                continue;
            }
            if (a.equals(v.optionFlag) || a.startsWith(v.optionFlag + "=")) {
                return optionFlag + a.substring(v.optionFlag.length());
            }
            if (a.equals(v.runnerFlag) || a.startsWith(v.runnerFlag + "=")) {
                return runnerFlag + a.substring(v.runnerFlag.length());
            }
        }
        return a;
    }
}
