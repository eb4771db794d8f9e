package dev.mstpanel.core.settings;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * Checks every value of a {@link Settings} read from {@code settings.json} (a file the panel does
 * not control) and brings each back into the range the Settings dialog allows
 * ({@link SettingsValidation}, the same checks), so no value can hang start-up, hide the window
 * or overflow a timeout, and a bad value is not saved back.
 *
 * <ul>
 *   <li>refresh interval {@value SettingsValidation#MIN_REFRESH_SECONDS}–{@value SettingsValidation#MAX_REFRESH_SECONDS} s,
 *       probe timeout 0.2–60 s: clamped (a value that is not a number gets the default);</li>
 *   <li>window size {@value #MIN_WINDOW_WIDTH}×{@value #MIN_WINDOW_HEIGHT} to {@value #MAX_WINDOW_SIDE} px a side: clamped;
 *       a position that is not a finite number within ±{@value #MAX_WINDOW_SIDE} px: forgotten (the window
 *       then opens centred; the window also checks it against the screens it finds);</li>
 *   <li>recent lists: blank, over-long and repeated entries dropped, at most {@value Settings#MAX_RECENT} kept;</li>
 *   <li>paths and names longer than {@value #MAX_TEXT} characters or holding a NUL: dropped.</li>
 * </ul>
 */
public final class SettingsLoad {
    /** The smallest window the panel lays out (its stage minimum). */
    public static final double MIN_WINDOW_WIDTH = 760;

    public static final double MIN_WINDOW_HEIGHT = 480;
    /** The largest window side and position accepted, in pixels (an 8K screen is 7680). */
    public static final double MAX_WINDOW_SIDE = 16384;
    /** The longest path or name accepted. */
    public static final int MAX_TEXT = 4096;

    private SettingsLoad() {}

    /**
     * Clamps the settings in place.
     *
     * @param s settings as read
     * @return one phrase per value changed, e.g. {@code window height 1000000000 px → 16384 px (480 to 16384 px)}; empty when all were fine
     */
    public static List<String> clamp(Settings s) {
        Settings d = new Settings();
        List<String> changed = new ArrayList<>();
        if (SettingsValidation.refreshSeconds(s.refreshIntervalSeconds).isPresent()) {
            int v = Math.max(
                    SettingsValidation.MIN_REFRESH_SECONDS,
                    Math.min(SettingsValidation.MAX_REFRESH_SECONDS, s.refreshIntervalSeconds));
            changed.add("refresh interval " + s.refreshIntervalSeconds + " s → " + v + " s ("
                    + SettingsValidation.MIN_REFRESH_SECONDS + " to " + SettingsValidation.MAX_REFRESH_SECONDS + " s)");
            s.refreshIntervalSeconds = v;
        }
        if (SettingsValidation.probeTimeoutSeconds(s.probeTimeoutSeconds).isPresent()) {
            double v = Double.isNaN(s.probeTimeoutSeconds)
                    ? d.probeTimeoutSeconds
                    : Math.max(
                            SettingsValidation.MIN_PROBE_TIMEOUT_SECONDS,
                            Math.min(SettingsValidation.MAX_PROBE_TIMEOUT_SECONDS, s.probeTimeoutSeconds));
            changed.add("probe timeout " + number(s.probeTimeoutSeconds) + " s → " + SettingsValidation.formatSeconds(v)
                    + " s (0.2 to 60 s)");
            s.probeTimeoutSeconds = v;
        }
        s.windowWidth = side("window width", s.windowWidth, MIN_WINDOW_WIDTH, d.windowWidth, changed);
        s.windowHeight = side("window height", s.windowHeight, MIN_WINDOW_HEIGHT, d.windowHeight, changed);
        s.windowX = position("window position x", s.windowX, changed);
        s.windowY = position("window position y", s.windowY, changed);
        s.recentEvalConfigs = recent("recent eval configs", s.recentEvalConfigs, changed);
        s.recentResultsFolders = recent("recent results folders", s.recentResultsFolders, changed);
        s.mstPath = text("MST path", s.mstPath, changed);
        s.terminalApp = text("terminal", s.terminalApp, changed);
        s.openResults = text("open results folder", s.openResults, changed);
        s.openResultsRun = text("open results run", s.openResultsRun, changed);
        String view = text("open view", s.openView, changed);
        s.openView = view == null ? d.openView : view;
        List<String> labels = dev.mstpanel.core.triage.TriageLabels.clean(s.triageLabels);
        if (s.triageLabels != null && !labels.equals(s.triageLabels)) {
            changed.add("triage labels: " + s.triageLabels.size() + " entries → " + labels.size()
                    + " (blank, repeated and over-long names dropped)");
        }
        s.triageLabels = new ArrayList<>(labels);
        if (s.theme == null) {
            s.theme = d.theme;
        }
        return changed;
    }

    private static double side(String name, double v, double min, double fallback, List<String> changed) {
        if (v >= min && v <= MAX_WINDOW_SIDE) {
            return v;
        }
        double to = Double.isNaN(v) ? fallback : Math.max(min, Math.min(MAX_WINDOW_SIDE, v));
        changed.add(name + " " + number(v) + " px → " + number(to) + " px (" + number(min) + " to "
                + number(MAX_WINDOW_SIDE) + " px)");
        return to;
    }

    private static double position(String name, double v, List<String> changed) {
        if (Double.isNaN(v) || Math.abs(v) <= MAX_WINDOW_SIDE) {
            return v;
        }
        changed.add(name + " " + number(v) + " forgotten (the window opens centred)");
        return Double.NaN;
    }

    private static List<String> recent(String name, List<String> list, List<String> changed) {
        if (list == null) {
            return new ArrayList<>();
        }
        LinkedHashSet<String> kept = new LinkedHashSet<>();
        for (String p : list) {
            if (kept.size() >= Settings.MAX_RECENT) {
                break;
            }
            if (p != null && !p.isBlank() && p.length() <= MAX_TEXT && p.indexOf('\0') < 0) {
                kept.add(p);
            }
        }
        if (kept.size() != list.size()) {
            changed.add(
                    name + ": " + list.size() + " entries → " + kept.size() + " (" + Settings.MAX_RECENT + " at most)");
        }
        return new ArrayList<>(kept);
    }

    private static String text(String name, String v, List<String> changed) {
        if (v == null || (v.length() <= MAX_TEXT && v.indexOf('\0') < 0)) {
            return v;
        }
        changed.add(name + " (" + v.length() + " characters) dropped");
        return null;
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
