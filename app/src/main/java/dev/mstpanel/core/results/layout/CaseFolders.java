package dev.mstpanel.core.results.layout;

import dev.mstpanel.core.results.model.TrialKey;

/**
 * Which case a trial is listed under when its case folder's name and its trace's {@code caseId}
 * disagree (a copied or renamed case folder, or two folders that decode to one
 * case id, such as {@code caf%C3%A9} and {@code caf%c3%a9}, gave duplicate rows of one case with no
 * word). Stateless.
 *
 * <p>The rule: a trial is its folder. MST writes a trial to
 * {@code traces/<variant>/<segment(caseId)>/<trial>.json} and its scores and artifacts to the same
 * segment under {@code scores/<grader>/} and {@code artifacts/} (docs/dev/mst-format.md, Results), so the folder
 * is what joins a trace to its scores; the trace's {@code caseId} is the case's whole name when the
 * folder is the segment MST writes for it (always so for MST's own files, and the only way to learn
 * a cut segment's whole name). When it is not, MST did not write the trace there: the trial is listed
 * once, under its folder's name (decoded when the folder is a segment MST writes for some name, else
 * as it is), apart from the case its trace names, with a note that says so. So no case gets a second
 * copy of a trial, and nothing is hidden.
 */
public final class CaseFolders {
    private CaseFolders() {}

    /**
     * The case a trial is listed under.
     *
     * @param caseId the case id shown
     * @param cut true when that is a cut segment's decoded prefix
     * @param note why the folder's name was used, or null when the folder and the trace agree
     */
    public record Listed(String caseId, boolean cut, String note) {}

    /**
     * The case for a trial read from {@code traces/<variant segment>/<case segment>/}.
     *
     * @param key the trial's folders
     * @param traceCaseId the trace's {@code caseId}, or null when it has none
     * @param folder the case segment decoded ({@link PathSegments#decode}), or null for a trace read from outside
     *     {@code traces/} (a copied file: its folder is no case folder, and the trace's caseId stands)
     */
    public static Listed of(TrialKey key, String traceCaseId, PathSegments.Decoded folder) {
        String segment = key.caseSegment();
        if (folder == null) {
            PathSegments.Decoded d = PathSegments.decode(segment);
            return traceCaseId != null ? new Listed(traceCaseId, false, null) : new Listed(d.text(), d.cut(), null);
        }
        if (traceCaseId == null) {
            return new Listed(folder.text(), folder.cut(), null);
        }
        if (PathSegments.matches(segment, traceCaseId)) {
            return new Listed(traceCaseId, false, null);
        }
        boolean written = folder.cut() || PathSegments.matches(segment, folder.text());
        String shown = written ? folder.text() : segment;
        String where = "traces/" + key.variantSegment() + "/";
        String note = "The case folder " + where + segment + (written ? "" : " (not a name MST writes)")
                + " does not match its trace's caseId \""
                + traceCaseId + "\", which MST writes to " + where + PathSegments.encode(traceCaseId)
                + ": listed under the folder's name, apart from that case (the folder was copied, renamed or made by hand).";
        return new Listed(shown, written && folder.cut(), note);
    }
}
