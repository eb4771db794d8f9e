package dev.mstpanel.cli;

import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.text.TextColumns;
import java.util.List;

/**
 * The rows of one run in {@code mst-panel trials}' text, with the columns lined up as
 * {@link RunCommand#row} lines up a run's shard rows (both with {@link TextColumns}): status, variant, {@code case #trial}, then
 * the error. Each column is as wide as its longest cell in the rows shown (at least as wide as
 * before: 10 and 12 characters for status and variant), at most {@link #MAX_VARIANT} and
 * {@link #MAX_CASE} characters; a longer cell is cut with "…" (a case keeps its {@code #trial}),
 * an error at 160 characters (an unreadable trial's problem, the panel's own with its fix at the end, is not cut). Control characters in a cell are shown escaped first
 * ({@link TerminalText#escape}), so what is measured is what the terminal shows. Widths count
 * code points: a wide (East Asian) character takes one, so such names may still push a column.
 */
final class TrialRows {
    /** The widest variant column, in characters. */
    static final int MAX_VARIANT = 24;
    /** The widest {@code case #trial} column, in characters. */
    static final int MAX_CASE = 48;

    static final int MAX_ERROR = 160;
    private static final int STATUS_WIDTH = statusWidth();

    private final int variantWidth;
    private final int caseWidth;

    /** @param trials the rows that will be printed (their widths set the columns') */
    TrialRows(List<TrialRecord> trials) {
        variantWidth = TextColumns.width(
                12,
                MAX_VARIANT,
                trials.stream().map(t -> TerminalText.escape(t.variant())).toList());
        caseWidth = TextColumns.width(
                1,
                MAX_CASE,
                trials.stream().map(t -> label(t, Integer.MAX_VALUE)).toList());
    }

    /** How far a line under a row is indented to start below the variant column. */
    static String indent() {
        return " ".repeat(2 + STATUS_WIDTH + 1);
    }

    /** One trial's row: {@code   failed     default      send-summary #1  Task did not submit}. */
    String row(TrialRecord t) {
        String msg = t.message();
        StringBuilder b = new StringBuilder("  ");
        TextColumns.pad(b, t.status().jsonName(), STATUS_WIDTH).append(' ');
        TextColumns.pad(b, TextColumns.cut(TerminalText.escape(t.variant()), variantWidth), variantWidth)
                .append(' ');
        TextColumns.pad(b, label(t, caseWidth), caseWidth);
        if (msg != null) {
            // an unreadable trial's text is the panel's own, its fix at the end: never cut
            int max = t.status() == dev.mstpanel.core.results.model.TrialStatus.UNREADABLE
                    ? Integer.MAX_VALUE
                    : MAX_ERROR;
            b.append("  ")
                    .append(TextColumns.cut(
                            TerminalText.escape(
                                    msg.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ')),
                            max));
        }
        return b.toString().stripTrailing();
    }

    /** {@code case #n}, the case cut so that the whole fits in {@code width} (the {@code #n} is kept). */
    private static String label(TrialRecord t, int width) {
        String suffix = " #" + t.number();
        String c = TerminalText.escape(t.caseDisplay());
        return (width == Integer.MAX_VALUE ? c : TextColumns.cut(c, Math.max(1, width - suffix.length()))) + suffix;
    }

    private static int statusWidth() {
        int w = 0;
        for (TrialStatus s : TrialStatus.values()) {
            w = Math.max(w, s.jsonName().length());
        }
        return w;
    }
}
