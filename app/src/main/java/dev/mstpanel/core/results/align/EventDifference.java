package dev.mstpanel.core.results.align;

import java.util.List;

/**
 * What differs between two events matched as calls of the same tool.
 *
 * @param arguments the argument paths added, removed or changed, in the first call's order then the second's; at most
 *     {@link TrialAligner#MAX_ARGUMENT_DIFFERENCES}
 * @param argumentsCut true when there were more differences than are listed
 * @param failedA true when the first call failed ({@code isError})
 * @param failedB true when the second call failed
 */
public record EventDifference(
        List<ArgumentDifference> arguments, boolean argumentsCut, boolean failedA, boolean failedB) {
    /** No difference at all. */
    public static final EventDifference NONE = new EventDifference(List.of(), false, false, false);

    public EventDifference {
        arguments = List.copyOf(arguments);
    }

    /** True when one call failed and the other did not. */
    public boolean outcomeDiffers() {
        return failedA != failedB;
    }

    /** True when the calls differ in their arguments or outcome. */
    public boolean any() {
        return !arguments.isEmpty() || outcomeDiffers();
    }
}
