package dev.mstpanel.core.mst;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers MST's end-of-run lines from a run's output, line by line, into an {@link EndOfRunReport}
 * (docs/dev/mst-format.md, Run flags). The variant table starts at a head {@link MstOutputParser#isVariantTableHeader}
 * recognises and ends at a blank line or a line a pattern knows; unknown lines right after
 * {@code Previous run …} are kept as printed. Patterns stay in {@link MstOutputParser}. Not thread-safe:
 * the caller (the run model) holds its own lock.
 */
public final class EndOfRunLines {
    /** A table or a block of printed lines longer than this is cut (MST prints one row per variant). */
    static final int MAX_LINES = 200;

    private final List<String> tableLines = new ArrayList<>();
    private List<String> tableHeader;
    private final List<List<String>> tableRows = new ArrayList<>();
    private boolean tableSplits = true;
    private boolean inTable;
    private boolean afterPrevious;
    private final List<MstLine.Pairwise> pairwise = new ArrayList<>();
    private MstLine.PreviousRun previousRun;
    private final List<MstLine.CaseChanges> caseChanges = new ArrayList<>();
    private final List<String> printed = new ArrayList<>();
    private EndOfRunReport report = EndOfRunReport.EMPTY;

    /**
     * Takes one line of output.
     *
     * @param parsed the line as {@link MstOutputParser#parse} understood it
     * @param stdout true for stdout (MST prints its end-of-run lines there), false for stderr
     * @return true when the report changed
     */
    public boolean accept(MstLine parsed, boolean stdout) {
        if (parsed instanceof MstLine.Pairwise p) {
            inTable = false;
            afterPrevious = false;
            pairwise.add(p);
            return changed();
        }
        if (parsed instanceof MstLine.PreviousRun p) {
            inTable = false;
            afterPrevious = true;
            previousRun = p;
            return changed();
        }
        if (parsed instanceof MstLine.CaseChanges c) {
            inTable = false;
            caseChanges.add(c);
            return changed();
        }
        if (!(parsed instanceof MstLine.Unknown u) || !stdout || u.shard() != null) {
            if (!(parsed instanceof MstLine.Unknown)) {
                inTable = false;
                afterPrevious = false;
            }
            return false;
        }
        String text = u.text();
        if (MstOutputParser.isVariantTableHeader(text)) {
            inTable = true;
            afterPrevious = false;
            tableLines.clear();
            tableRows.clear();
            tableSplits = true;
            tableHeader = MstOutputParser.tableCells(text);
            tableLines.add(text);
            return changed();
        }
        if (text.isBlank()) {
            inTable = false;
            afterPrevious = false;
            return false;
        }
        if (inTable && tableLines.size() < MAX_LINES) {
            tableLines.add(text);
            List<String> cells = MstOutputParser.tableCells(text);
            if (!cells.isEmpty()) {
                if (cells.size() == tableHeader.size()) {
                    tableRows.add(cells);
                } else {
                    tableSplits = false;
                }
            }
            return changed();
        }
        if (afterPrevious && printed.size() < MAX_LINES) {
            printed.add(text);
            return changed();
        }
        return false;
    }

    /** What was gathered so far; {@link EndOfRunReport#EMPTY} before any end-of-run line. */
    public EndOfRunReport report() {
        return report;
    }

    private boolean changed() {
        EndOfRunReport.VariantTable table = null;
        if (!tableLines.isEmpty()) {
            boolean split = tableSplits && tableHeader.size() >= 2 && !tableRows.isEmpty();
            table = new EndOfRunReport.VariantTable(
                    split ? tableHeader : List.of(), split ? tableRows : List.of(), tableLines);
        }
        report = new EndOfRunReport(table, pairwise, previousRun, caseChanges, printed);
        return true;
    }
}
