package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.ResultsReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which comparisons the {@code compare} command and the Compare screen make: one run's
 * baseline against each of its other variants (or a pair named), or each variant two runs of one
 * eval share, the first run as base.
 */
public final class Comparisons {
    private Comparisons() {}

    /**
     * The variants of one run.
     *
     * @param run the run
     * @param base the base variant, or null for the baseline (the first in run.json)
     * @param candidate the candidate, or null for every other variant
     * @return one comparison per candidate
     * @throws CompareException when the run has fewer than two variants or lacks one named
     */
    public static List<Comparison> ofVariants(RunTally run, String base, String candidate) throws CompareException {
        return ofVariants(run, base, candidate, new ArrayList<>());
    }

    /**
     * {@link #ofVariants(RunTally, String, String)}, saying in {@code notes} each other variant left out when no
     * candidate is named because it has no (graded) trials; with none left it throws as before.
     *
     * @param notes gets one line per variant left out
     */
    public static List<Comparison> ofVariants(RunTally run, String base, String candidate, List<String> notes)
            throws CompareException {
        requireTrials(run);
        List<String> names = run.variantNames();
        if (base != null && !names.contains(base) || candidate != null && !names.contains(candidate)) {
            String missing = base != null && !names.contains(base) ? base : candidate;
            throw new CompareException("Run " + run.run().runId() + " has no variant \"" + missing
                    + "\": its variants are " + String.join(", ", names) + ".");
        }
        if (names.size() < 2 && (base == null || candidate == null || base.equals(candidate))) {
            throw new CompareException("Run " + run.run().runId() + " has only the variant " + names.get(0)
                    + ": give a second run of the same eval to compare it with, or run the eval with two variants.");
        }
        String b = base != null ? base : run.baseline();
        if (candidate != null && candidate.equals(b)) {
            throw new CompareException(
                    "The base and the candidate are both \"" + b + "\": name two different variants.");
        }
        List<Comparison> out = new ArrayList<>();
        List<String> left = new ArrayList<>();
        String firstWhy = null;
        boolean baseHasTrials = emptySide(run, b, run, b) == null;
        for (String v : names) {
            if (v.equals(b) || candidate != null && !candidate.equals(v)) {
                continue;
            }
            String why = candidate != null ? null : emptySide(run, b, run, v);
            if (why != null && baseHasTrials) { // the candidate's side: left out, said
                firstWhy = firstWhy != null ? firstWhy : why;
                left.add(v + ": not compared. " + why);
                continue;
            }
            requireSides(run, b, run, v);
            out.add(Comparison.of(Comparison.Kind.VARIANTS, run, b, run, v));
        }
        if (out.isEmpty() && firstWhy != null) {
            requireSides(
                    run,
                    b,
                    run,
                    names.stream().filter(v -> !v.equals(b)).findFirst().orElseThrow());
        }
        notes.addAll(left);
        return out;
    }

    /**
     * Why two sides cannot be compared, or null when they can: a side whose variant has no trials at all
     * (run.json names it, e.g. as its baseline, the first of its variants, but traces/ and scores/ hold
     * none of its trials) would be compared as an empty side, every case of the other "added" and no
     * verdict. The {@code compare} command ends with this message and exit 1; the
     * Compare screen shows it in place of the comparison. One place for both (docs/dev/mst-format.md, Compare: the
     * first variant of run.json is the baseline).
     *
     * @param base the base run; {@code baseVariant} one of its variants
     * @param candidate the candidate run; {@code candidateVariant} one of its variants
     * @return e.g. {@code Run R has no trials of its baseline "nope" (the first of run.json's variants; its
     *         traces/ and scores/ hold none): there is nothing to compare it with. Its variants with trials:
     *         baseline, with-skill.}
     */
    public static String emptySide(RunTally base, String baseVariant, RunTally candidate, String candidateVariant) {
        for (int i = 0; i < 2; i++) {
            RunTally run = i == 0 ? base : candidate;
            String v = i == 0 ? baseVariant : candidateVariant;
            VariantTally t = run.variants().get(v);
            if (t != null && t.trials() > 0) {
                String none = noneGraded(run, t);
                if (none != null) {
                    // the other side too, when it is another run with nothing graded either: both said at once, so
                    // grading
                    // the first does not just meet the second refusal
                    if (i == 0 && candidate != base) {
                        VariantTally other = candidate.variants().get(candidateVariant);
                        String alsoNone = other != null && other.trials() > 0 ? noneGraded(candidate, other) : null;
                        if (alsoNone != null) {
                            return none + " " + alsoNone;
                        }
                    }
                    return none;
                }
                continue;
            }
            List<String> withTrials = run.variants().values().stream()
                    .filter(x -> x.trials() > 0)
                    .map(VariantTally::variant)
                    .toList();
            if (withTrials.isEmpty()) {
                return "Run " + run.run().runId()
                        + " has no trials yet (its traces/ and scores/ hold none; the run may still be starting, or was"
                        + " copied in part): there is nothing to compare.";
            }
            boolean baseline = v != null && v.equals(run.baseline());
            return "Run " + run.run().runId() + " has no trials of " + (baseline ? "its baseline" : "the variant")
                    + " \"" + v + "\" ("
                    + (baseline
                            ? "the first of run.json's variants; "
                            : run.run().variants().contains(v) ? "run.json names it, but " : "")
                    + "its traces/ and scores/ hold none): there is nothing to compare it with."
                    + (withTrials.isEmpty() ? "" : " Its variants with trials: " + String.join(", ", withTrials) + ".");
        }
        return null;
    }

    /**
     * Why a variant with trials has no graded one (every case would be "no-result", the verdict unclear), or null
     * when it has one: all its trials unreadable (the first one's problem said), else its counts by status and
     * what to do (a run collected with {@code --no-grade}, or whose scores/ cannot be read).
     */
    private static String noneGraded(RunTally run, VariantTally t) {
        if (t.graded() > 0) {
            return null;
        }
        String side = "Run " + run.run().runId() + "'s variant \"" + t.variant() + "\"";
        if (t.unreadable() == t.trials()) {
            return side + " has no trial the panel could read (" + t.trials() + (t.trials() == 1 ? " trial" : " trials")
                    + ")" + (t.unreadableProblem() != null ? ": " + t.unreadableProblem() : ".")
                    + " There is nothing to compare it with.";
        }
        List<String> parts = new ArrayList<>();
        add(
                parts,
                t.count(dev.mstpanel.core.results.model.TrialStatus.UNGRADED),
                dev.mstpanel.core.results.model.TrialStatus.UNGRADED.jsonName());
        add(parts, t.count(dev.mstpanel.core.results.model.TrialStatus.INFRA), "infra");
        add(parts, t.count(dev.mstpanel.core.results.model.TrialStatus.MISSING), "missing");
        add(parts, t.unreadable(), "unreadable");
        boolean ungraded = t.count(dev.mstpanel.core.results.model.TrialStatus.UNGRADED) > 0;
        List<String> others = run.variants().values().stream()
                .filter(x -> x.graded() > 0)
                .map(VariantTally::variant)
                .toList();
        return side + " has no graded trial: of its " + t.trials() + (t.trials() == 1 ? " trial, " : " trials, ")
                + String.join(", ", parts)
                + ". "
                + (ungraded
                        ? "Grade it first (Results → Grade…, or mst grade), then compare."
                        : "There is nothing to compare it with: re-run its cases once the infra problem is fixed.")
                + (others.isEmpty() ? "" : " Its variants with graded trials: " + String.join(", ", others) + ".");
    }

    private static void add(List<String> parts, int n, String what) {
        if (n > 0) {
            parts.add(n + " " + what);
        }
    }

    /**
     * The run of the two whose compared variant has trials not graded yet and none graded (a run collected with
     * {@code --no-grade}), so a screen can offer to grade it where {@link #emptySide} says so; null when neither.
     */
    public static RunTally ungradedSide(
            RunTally base, String baseVariant, RunTally candidate, String candidateVariant) {
        for (int i = 0; i < 2; i++) {
            RunTally run = i == 0 ? base : candidate;
            VariantTally t = run.variants().get(i == 0 ? baseVariant : candidateVariant);
            if (t != null && t.graded() == 0 && t.count(dev.mstpanel.core.results.model.TrialStatus.UNGRADED) > 0) {
                return run;
            }
        }
        return null;
    }

    /**
     * Where a run's eval name came from when its run.json could not be read (the eval folder's name, docs/dev/mst-format.md, Results), so a mismatch says why one side is of another eval; empty otherwise.
     */
    private static String fromFolder(dev.mstpanel.core.results.model.RunInfo run) {
        return run.runJsonUnread() == null
                ? ""
                : " (named by its folder, since its run.json could not be read: " + run.runJsonUnread() + ")";
    }

    /** Whether two paths are one folder reached two ways (a symbolic link), false when either cannot be resolved. */
    private static boolean sameFolder(Path a, Path b) {
        try {
            return a.toRealPath().equals(b.toRealPath());
        } catch (java.io.IOException | SecurityException e) {
            return false;
        }
    }

    private static void requireSides(RunTally base, String baseVariant, RunTally candidate, String candidateVariant)
            throws CompareException {
        String why = emptySide(base, baseVariant, candidate, candidateVariant);
        if (why != null) {
            // the hint only where another pair could be named: a run with one variant has none
            long gradedBase = base.variants().values().stream()
                    .filter(x -> x.graded() > 0)
                    .count();
            long gradedCandidate = candidate.variants().values().stream()
                    .filter(x -> x.graded() > 0)
                    .count();
            boolean another = candidate == base
                    ? gradedBase >= 2
                    : gradedBase >= 1
                            && gradedCandidate >= 1
                            && (base.variants().size() > 1
                                    || candidate.variants().size() > 1);
            throw new CompareException(why
                    + (another
                            ? " Name a pair of variants that have graded trials with --variants BASE,CANDIDATE."
                            : ""));
        }
    }

    /**
     * A run with no trial read has nothing to compare: its run.json's problem says why (a run folder that
     * cannot be read: permission denied), rather than a list of no variants.
     *
     * @throws CompareException when the run has no variant with a trial
     */
    private static void requireTrials(RunTally run) throws CompareException {
        if (run.variants().values().stream()
                .noneMatch(t -> t.trials() > 0)) { // run.json may name variants that have none
            String why = run.run().problem();
            if (run.run().folderUnreadable()) { // it names the folder and the fix already
                throw new CompareException(CompareException.Kind.FOLDER_UNREADABLE, why);
            }
            // the folder as given, not run.json's runId (a copied run.json names another run)
            throw new CompareException(
                    CompareException.Kind.NO_TRIALS,
                    "The run folder " + run.run().dir() + " has no trials to compare"
                            + (why != null
                                    ? ": " + why
                                    : " (" + ResultsReader.noTracesWhy(run.run().dir())
                                            + "): give a run that has trials."));
        }
    }

    /**
     * The other variants two runs share, for a screen that compares them on one variant (the
     * Compare screen opened on the baseline said nothing of a regression in another variant, which the compare
     * command lists). Each with its cases' changes, counted as {@link Comparison#countsByName()} counts them.
     *
     * @param shown the variant compared on the screen (left out)
     * @return shared variants in the base run's order, those without trials on both sides left out; empty for one run
     */
    public static List<VariantChanges> otherVariants(RunTally base, RunTally candidate, String shown) {
        List<VariantChanges> out = new ArrayList<>();
        if (base == candidate) {
            return out;
        }
        for (String v : base.variantNames()) {
            if (v.equals(shown)) {
                continue;
            }
            // one that cannot be compared is named with why, as the compare command's lines name it
            if (!candidate.variants().containsKey(v)) {
                out.add(VariantChanges.leftOut(v, "only in run " + base.run().runId()));
                continue;
            }
            if (emptySide(base, v, candidate, v) != null) {
                RunTally none = ungradedSide(base, v, candidate, v);
                out.add(VariantChanges.leftOut(
                        v,
                        none != null ? "nothing graded in run " + none.run().runId() : "no graded trials on a side"));
                continue;
            }
            Comparison c = Comparison.of(Comparison.Kind.RUNS, base, v, candidate, v);
            out.add(new VariantChanges(
                    v,
                    c.countsByName().getOrDefault(CaseChange.REGRESSED.jsonName(), 0),
                    c.countsByName().getOrDefault(CaseChange.IMPROVED.jsonName(), 0),
                    c.verdict(),
                    c.sharesNoCase(),
                    null));
        }
        for (String v : candidate.variantNames()) {
            if (!v.equals(shown) && !base.variants().containsKey(v)) {
                out.add(VariantChanges.leftOut(
                        v, "only in run " + candidate.run().runId()));
            }
        }
        return out;
    }

    /** A shared variant's regressed and improved cases between two runs, and its verdict ({@link #otherVariants}). */
    public record VariantChanges(
            String variant, int regressed, int improved, Verdict verdict, boolean sharesNoCase, String leftOutWhy) {
        /** A variant not compared, and why ({@code only in run R}, {@code nothing graded in run R}). */
        static VariantChanges leftOut(String variant, String why) {
            return new VariantChanges(variant, 0, 0, Verdict.UNCLEAR, false, why);
        }

        /** True when it was compared (a link to its comparison makes sense). */
        public boolean compared() {
            return leftOutWhy == null;
        }

        /**
         * {@code with-skill: 1 regressed, 2 improved}, {@code with-skill: no case regressed or improved}, {@code with-skill:
         * shares no case}, or {@code with-skill: not compared (only in run R)}.
         */
        public String summary() {
            if (leftOutWhy != null) {
                return variant + ": not compared (" + leftOutWhy + ")";
            }
            if (sharesNoCase) { // nothing was compared: not "no case changed"
                return variant + ": shares no case";
            }
            if (regressed == 0 && improved == 0) {
                return variant + ": no case regressed or improved";
            }
            StringBuilder b = new StringBuilder(variant).append(": ");
            if (regressed > 0) {
                b.append(regressed).append(" regressed");
            }
            if (improved > 0) {
                b.append(regressed > 0 ? ", " : "").append(improved).append(" improved");
            }
            return b.toString();
        }
    }

    /**
     * One variant (or each shared variant) in two runs of one eval, the first as base.
     *
     * @param base the earlier run, usually
     * @param candidate the other run
     * @param baseVariant the base run's variant, or null for every variant the runs share
     * @param candidateVariant the candidate run's variant, or null for the same name as baseVariant
     * @throws CompareException when the runs are of different evals, are the same run (one folder, or
     *         a copy: the same run id) or share no variant
     */
    public static List<Comparison> ofRuns(
            RunTally base, RunTally candidate, String baseVariant, String candidateVariant) throws CompareException {
        return ofRuns(base, candidate, baseVariant, candidateVariant, new ArrayList<>());
    }

    /**
     * {@link #ofRuns(RunTally, RunTally, String, String)}, saying in {@code notes} each variant left out when none is
     * named: one on one side only, or one with no (graded) trials on a side ({@code with-search: only in run R, not
     * compared.}). With no variant left to compare it throws as before.
     *
     * @param notes gets one line per variant left out
     */
    public static List<Comparison> ofRuns(
            RunTally base, RunTally candidate, String baseVariant, String candidateVariant, List<String> notes)
            throws CompareException {
        requireTrials(base);
        requireTrials(candidate);
        String be = base.run().evalName();
        String ce = candidate.run().evalName();
        if (!be.equals(ce)) {
            throw new CompareException(
                    "Run " + base.run().runId() + " is of the eval \"" + be + "\"" + fromFolder(base.run())
                            + " and run " + candidate.run().runId() + " of \"" + ce + "\"" + fromFolder(candidate.run())
                            + ": compare two runs of the same eval.");
        }
        Path bd = base.run().dir().toAbsolutePath().normalize();
        Path cd = candidate.run().dir().toAbsolutePath().normalize();
        String id = base.run().runId();
        // the same folder, or a copy of the run elsewhere (same run id, same eval): comparing a run with itself says
        // nothing
        boolean sameId =
                id != null && !id.isBlank() && id.equals(candidate.run().runId());
        if (sameId
                && !bd.equals(cd)
                && !sameFolder(bd, cd)
                && bd.getFileName() != null
                && cd.getFileName() != null
                && !bd.getFileName().equals(cd.getFileName())) {
            // two folders of other names whose run.json name one run: a run.json copied, not a copy of the run
            throw new CompareException("The run.json of both run folders names run " + id + ", but the folders are "
                    + bd.getFileName() + " and " + cd.getFileName()
                    + ": one run.json was copied from the other run. Put each run's own run.json back, then compare.");
        }
        if (bd.equals(cd) || sameId) {
            throw new CompareException("Both sides are run " + id
                    + (bd.equals(cd)
                            ? ""
                            : " of the eval \"" + be + "\" (" + cd + " is "
                                    + (sameFolder(bd, cd) ? "a link to it" : "a copy of it") + ")")
                    + ": give two different runs, or one run to compare its variants.");
        }
        List<Comparison> out = new ArrayList<>();
        if (baseVariant != null) {
            String cv = candidateVariant != null ? candidateVariant : baseVariant;
            if (!base.variants().containsKey(baseVariant)) {
                throw new CompareException("Run " + base.run().runId() + " has no variant \"" + baseVariant
                        + "\": its variants are " + String.join(", ", base.variantNames()) + ".");
            }
            if (!candidate.variants().containsKey(cv)) {
                throw new CompareException("Run " + candidate.run().runId() + " has no variant \"" + cv
                        + "\": its variants are " + String.join(", ", candidate.variantNames()) + ".");
            }
            requireSides(base, baseVariant, candidate, cv);
            out.add(Comparison.of(Comparison.Kind.RUNS, base, baseVariant, candidate, cv));
            return out;
        }
        // every shared variant that can be compared; one that cannot (no trials, none graded, on one side only) is left
        // out with a note, unless none is left (#8: one such variant ended the whole command)
        String firstWhy = null;
        List<String> left = new ArrayList<>();
        for (String v : base.variantNames()) {
            if (!candidate.variants().containsKey(v)) {
                left.add(v + ": only in run " + base.run().runId() + ", not compared.");
                continue;
            }
            String why = emptySide(base, v, candidate, v);
            if (why != null) {
                firstWhy = firstWhy != null ? firstWhy : why;
                left.add(v + ": not compared. " + why);
                continue;
            }
            out.add(Comparison.of(Comparison.Kind.RUNS, base, v, candidate, v));
        }
        for (String v : candidate.variantNames()) {
            if (!base.variants().containsKey(v)) {
                left.add(v + ": only in run " + candidate.run().runId() + ", not compared.");
            }
        }
        if (out.isEmpty() && firstWhy != null) {
            throw new CompareException(firstWhy);
        }
        if (out.isEmpty()) {
            throw new CompareException("Runs " + base.run().runId() + " (" + String.join(", ", base.variantNames())
                    + ") and " + candidate.run().runId() + " (" + String.join(", ", candidate.variantNames())
                    + ") share no variant: name the pair with --variants BASE,CANDIDATE.");
        }
        notes.addAll(left);
        return out;
    }
}
