package dev.mstpanel.core.results.model;

import dev.mstpanel.core.text.Texts;
import java.util.List;
import java.util.Locale;

/**
 * The short cause of a trial that did not pass, so failures can be grouped ("Failures by cause";
 * ). Derived only from what the trial's files say, in this order:
 * <ol>
 *   <li>out of memory or an unavailable workspace, when the error is MST's message for it ({@link TrialErrorKind}; these name the root cause
 *       better than the failure kind they come with: an out-of-memory kill is reported as a
 *       {@code process} or {@code timeout} failure), else the failure kind
 *       ({@code clientDiagnostics.failureKind}: {@code startup}, {@code timeout}, {@code process},
 *       {@code output}, {@code not-submitted}, {@code cleanup}, {@code missing}; docs/dev/mst-format.md, Results);</li>
 *   <li>the first tool call that failed: {@code tool error: <server> · <tool>};</li>
 *   <li>the graders that failed: {@code failed: judge.accuracy, textContains};</li>
 *   <li>the error text's first line, cut to 80 characters.</li>
 * </ol>
 * A trial that could not be read is {@code unreadable}; a missing one {@code missing}. Passed and
 * ungraded trials have no cause (null). Stateless.
 */
public final class FailureCause {
    /** The longest cause taken from an error's first line, in characters. */
    public static final int MAX_TEXT = 80;

    private FailureCause() {}

    /** The cause of a listed trial (its failing tool from the listing's count of events), or null. */
    public static String of(TrialRecord t) {
        return of(t.status(), t.failureKind(), t.error(), t.gradingError(), t.problem(), t.scores(), t.failedTool());
    }

    /**
     * The cause from the parts of a trial.
     *
     * @param failedTool the first failed call as {@code server · name}, or null
     * @return the cause, or null for a passed or ungraded trial
     */
    public static String of(
            TrialStatus status,
            String failureKind,
            String error,
            String gradingError,
            String problem,
            List<ScoreRecord> scores,
            String failedTool) {
        if (status == TrialStatus.PASSED || status == TrialStatus.UNGRADED) {
            return null;
        }
        if (status == TrialStatus.UNREADABLE) {
            return "unreadable";
        }
        if (status == TrialStatus.MISSING) {
            return "missing";
        }
        String text = error != null ? error : gradingError;
        TrialErrorKind known = TrialErrorKind.of(text);
        if (known != null) {
            return known.cause();
        }
        if (failureKind != null && !failureKind.isBlank()) {
            return failureKind.strip().toLowerCase(Locale.ROOT);
        }
        if (failedTool != null) {
            return "tool error: " + failedTool;
        }
        List<String> failed = scores.stream()
                .filter(s -> Boolean.FALSE.equals(s.pass()))
                .map(ScoreRecord::grader)
                .toList();
        if (!failed.isEmpty()) {
            return "failed: " + String.join(", ", failed);
        }
        String line = firstLine(text != null ? text : problem);
        return line != null ? line : status.jsonName();
    }

    private static String firstLine(String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        String line = s.strip().lines().findFirst().orElse("").strip();
        return Texts.cut(line, MAX_TEXT);
    }
}
