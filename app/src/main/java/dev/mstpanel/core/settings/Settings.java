package dev.mstpanel.core.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.mstpanel.core.shell.AppPaths;
import java.util.ArrayList;
import java.util.List;

/**
 * The panel's settings, saved as JSON ({@code settings.json} in {@link AppPaths#configDir()}).
 * Mutable, for Jackson; the UI copies what it edits. Never holds secrets.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public class Settings {
    /** Theme choices. */
    public enum Theme {
        SYSTEM,
        LIGHT,
        DARK
    }

    /** Path of the {@code mst} executable, or null to find it (node_modules/.bin, PATH, npx). */
    public String mstPath;
    /** Terminal for "Open shell": null for the platform's default, else e.g. {@code Terminal}, {@code iTerm2}, {@code gnome-terminal}. */
    public String terminalApp;
    /** Background refresh of the Contexts view, in seconds (default 10). */
    public int refreshIntervalSeconds = 10;
    /** Per-context probe timeout, in seconds (default 3). */
    public double probeTimeoutSeconds = 3;
    /** Eval configs opened recently, newest first. */
    public List<String> recentEvalConfigs = new ArrayList<>();
    /** Results folders opened recently, newest first. */
    public List<String> recentResultsFolders = new ArrayList<>();
    /** Run recordings opened recently (File → Open recording), newest first. */
    public List<String> recentRecordings = new ArrayList<>();
    /** The theme. */
    public Theme theme = Theme.SYSTEM;
    /** Window geometry in screen pixels; NaN when never saved. */
    public double windowX = Double.NaN;

    public double windowY = Double.NaN;
    public double windowWidth = 1280;
    public double windowHeight = 820;
    public boolean windowMaximized;
    /** The view open when the panel closed (e.g. {@code contexts}). */
    public String openView = "contexts";
    /** The folder open in the Results view when the panel closed, and its selected run (null: none), to open again. */
    public String openResults;

    public String openResultsRun;

    /** The labels a failed trial can get, in keyboard order (digit 1 is the first); see {@link dev.mstpanel.core.triage.TriageLabels}. */
    public List<String> triageLabels = new ArrayList<>(dev.mstpanel.core.triage.TriageLabels.DEFAULTS);

    /** How many entries a recent list keeps: 10. */
    public static final int MAX_RECENT = 10;

    /** Adds a path to the front of a recent list, without duplicates, keeping at most {@value #MAX_RECENT}. */
    public static void remember(List<String> recent, String path) {
        recent.remove(path);
        recent.add(0, path);
        while (recent.size() > MAX_RECENT) {
            recent.remove(recent.size() - 1);
        }
    }
}
