package dev.mstpanel.core.export;

import java.nio.file.Path;
import java.util.Locale;

/**
 * What is exported: a trial (its trace file), a run (its folder) or a comparison (a base run and
 * variant, a candidate run and variant). The window makes one of what it shows; the command line of
 * what it is given.
 *
 * @param kind what it is
 * @param path the trace file, the run folder, or the base run folder
 * @param candidateRun the candidate's run folder for a comparison of two runs, else null
 * @param baseVariant the base variant of a comparison, or null for the default pairs
 * @param candidateVariant the candidate variant of a comparison, or null
 * @param name a short name for the file offered ({@code gift-card-1}, the run id), without extension
 */
public record ExportSubject(
        Kind kind, Path path, Path candidateRun, String baseVariant, String candidateVariant, String name) {
    /** What an export holds. */
    public enum Kind {
        TRIAL,
        RUN,
        COMPARISON
    }

    /** A trial, by its trace file. */
    public static ExportSubject trial(Path traceFile, String name) {
        return new ExportSubject(Kind.TRIAL, traceFile, null, null, null, name);
    }

    /** A run, by its folder. */
    public static ExportSubject run(Path runDir, String name) {
        return new ExportSubject(Kind.RUN, runDir, null, null, null, name);
    }

    /**
     * A comparison: two variants of one run when the folders are the same, else the two runs.
     *
     * @param baseRun the base's run folder
     * @param baseVariant the base variant
     * @param candidateRun the candidate's run folder
     * @param candidateVariant the candidate variant
     */
    public static ExportSubject comparison(
            Path baseRun, String baseVariant, Path candidateRun, String candidateVariant) {
        boolean oneRun = baseRun.toAbsolutePath()
                .normalize()
                .equals(candidateRun.toAbsolutePath().normalize());
        return new ExportSubject(
                Kind.COMPARISON,
                baseRun,
                oneRun ? null : candidateRun,
                baseVariant,
                candidateVariant,
                "compare-" + candidateVariant + "-vs-" + baseVariant);
    }

    /** The file name offered: the name with characters a file name should not hold replaced, and {@code .html}. */
    public String fileName() {
        String n = name == null || name.isBlank() ? kind.name().toLowerCase(Locale.ROOT) : name;
        return n.replaceAll("[^\\p{L}\\p{N}._-]+", "-") + ".html";
    }
}
