package dev.mstpanel.core.mst;

import java.util.List;

/**
 * What MST printed at the end of a run besides {@code Eval complete:}, {@code Results:} and
 * {@code Output:} (docs/dev/mst-format.md, Run flags): the variant table, the {@code Pairwise …} lines, and the
 * {@code Previous run …} line with its per-variant {@code N regressed (…); N improved (…)} lines.
 * Parsed where MST's format is known (docs/dev/mst-format.md); kept as printed where it does not. Immutable.
 *
 * @param table the variant table, or null when MST printed none
 * @param pairwise the {@code Pairwise <judge>: …} lines, in the order printed
 * @param previousRun the {@code Previous run <id> (<time>): pass rate A% -> B%} line, or null
 * @param caseChanges the {@code N regressed (…); N improved (…)} lines after it
 * @param printed lines after {@code Previous run …} that no pattern knows, as printed (secrets masked)
 */
public record EndOfRunReport(
        VariantTable table,
        List<MstLine.Pairwise> pairwise,
        MstLine.PreviousRun previousRun,
        List<MstLine.CaseChanges> caseChanges,
        List<String> printed) {

    /** Nothing printed yet. */
    public static final EndOfRunReport EMPTY = new EndOfRunReport(null, List.of(), null, List.of(), List.of());

    public EndOfRunReport {
        pairwise = List.copyOf(pairwise);
        caseChanges = List.copyOf(caseChanges);
        printed = List.copyOf(printed);
    }

    /** True when MST printed none of these lines. */
    public boolean isEmpty() {
        return table == null && pairwise.isEmpty() && previousRun == null && caseChanges.isEmpty() && printed.isEmpty();
    }

    /**
     * MST's variant table (one row per variant: passed, trial pass, MCP calls, tokens, cost, time).
     * MST's format (docs/dev/mst-format.md) does not fix its layout: when every row splits into as many cells as the head,
     * {@code header} and {@code rows} hold the cells; otherwise both are empty and only {@code lines}
     * (the table as printed) is to be shown.
     *
     * @param header the head's cells, or empty when the table could not be split
     * @param rows each row's cells (border lines left out), or empty when it could not be split
     * @param lines every line of the table as printed, border lines included
     */
    public record VariantTable(List<String> header, List<List<String>> rows, List<String> lines) {
        public VariantTable {
            header = List.copyOf(header);
            rows = rows.stream().map(List::copyOf).toList();
            lines = List.copyOf(lines);
        }

        /** True when the cells are known (else show {@link #lines()} as printed, in a fixed-width font). */
        public boolean parsed() {
            return !header.isEmpty();
        }
    }
}
