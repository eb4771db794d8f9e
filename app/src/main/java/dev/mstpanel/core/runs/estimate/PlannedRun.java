package dev.mstpanel.core.runs.estimate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The run about to start, as far as the panel can tell before it starts.
 *
 * @param caseIds the ids of its cases in order, or null when only their number is known (or not even that)
 * @param caseCount how many cases, or -1 when unknown
 * @param variants its variants, in order
 * @param clients each variant's client (variant to client); a variant not named has the eval's
 * @param trials trials per case and variant
 * @param shards the {@code shards} option, or -1 when not given
 * @param contextSlots per chosen context, how many of the run's containers fit at once, or null when unknown
 */
public record PlannedRun(
        List<String> caseIds,
        int caseCount,
        List<String> variants,
        Map<String, String> clients,
        int trials,
        int shards,
        List<Integer> contextSlots) {

    public PlannedRun {
        caseIds = caseIds == null ? null : List.copyOf(caseIds);
        caseCount = caseIds != null ? caseIds.size() : caseCount;
        variants = List.copyOf(variants);
        clients = Map.copyOf(clients);
        // a list.copyOf refuses nulls, and an unknown context is a null
        contextSlots = Collections.unmodifiableList(new ArrayList<>(contextSlots));
    }
}
