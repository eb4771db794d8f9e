package dev.mstpanel.cli.output;

import java.util.ListResourceBundle;

/**
 * What each command's {@code --json} prints, for its help line: the one {@code --json} option
 * ({@link OutputOptions}) is shared, its description is the command's own. Picocli reads an option's
 * description from the command's resource bundle under {@code <qualified command name>.<key>}.
 * Built in code, not loaded by name: looking a bundle up by name searches every jar for each locale's variant.
 */
public final class JsonShapes extends ListResourceBundle {
    @Override
    protected Object[][] getContents() {
        return new Object[][] {
            {"mst-panel.contexts.json", "Print a JSON array, one object per context."},
            {"mst-panel.containers.json", "Print a JSON array, one object per container."},
            {"mst-panel.doctor.json", "Print JSON: {host: [checks], contexts: [{context, checks}]}."},
            {"mst-panel.colima.json", "Print a JSON object: hostMemoryBytes, runningVmMemoryBytes, warning, profiles."},
            {"mst-panel.trials.json", "Print a JSON array, one object per trial."},
            {"mst-panel.transcript.json", "Print one JSON object with the trial and every event."},
            {"mst-panel.compare.json", "Print a JSON object with \"comparisons\"."},
            {
                "mst-panel.run.json",
                "With --estimate: print JSON {wallSeconds: {low, expected, high}, containerHours, costUsd, basedOnRuns, trials, reasons}."
            },
            {
                "mst-panel.reliability.json",
                "Print JSON: per variant its cases (caseId, trials, passed, passAtK, passHatK) and the means."
            },
            {
                "mst-panel.diff.json",
                "Print JSON: firstDivergence {a, b, reason}, pairs [{a, b, change}] and finalAnswerSame."
            },
        };
    }
}
