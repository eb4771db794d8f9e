package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.TrendPoint;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Polyline;
import javafx.scene.text.Text;

/**
 * Each variant's trial pass rate per run over time: a line through the rates, the 95% intervals
 * as a band around it, a dot per run folder that opens the run when clicked. The x axis is the runs'
 * start times ({@link dev.mstpanel.core.results.model.RunInfo#startedAt()}; spread evenly when their times
 * coincide); the y axis 0–100 %. Each run is named by its folder.
 */
public final class TrendChart extends Pane {
    /** Colours per variant, in order (readable on the light and the dark theme). */
    static final List<Color> COLOURS = List.of(
            Color.web("#2f81f7"),
            Color.web("#d4732a"),
            Color.web("#2da44e"),
            Color.web("#8250df"),
            Color.web("#cf222e"),
            Color.web("#0e8a9e"));

    private static final double LEFT = 48;
    private static final double RIGHT = 24;
    private static final double TOP = 16;
    private static final double BOTTOM = 44;
    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("MM-dd HH:mm").withZone(ZoneOffset.UTC);
    private List<TrendPoint> points = List.of();
    private final Consumer<Path> openRun;
    /** What the children were drawn for (points, width, height): a layout pass with the same draws nothing anew. */
    private List<TrendPoint> drawnPoints;

    private double drawnWidth = -1;
    private double drawnHeight = -1;

    /** @param openRun called with a run folder when its dot is clicked */
    public TrendChart(Consumer<Path> openRun) {
        this.openRun = openRun;
        getStyleClass().add("trend-chart");
        setMinSize(300, 200);
        setPrefSize(900, 460);
    }

    /** Shows these points (oldest run first). */
    public void setPoints(List<TrendPoint> points) {
        this.points = List.copyOf(points);
        requestLayout();
    }

    /** The variants in the order of their first point, with their colours. */
    public Map<String, Color> colours() {
        Map<String, Color> out = new LinkedHashMap<>();
        for (TrendPoint p : points) {
            out.computeIfAbsent(p.variant(), v -> COLOURS.get(out.size() % COLOURS.size()));
        }
        return out;
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double h = getHeight();
        if (points == drawnPoints && w == drawnWidth && h == drawnHeight) {
            return; // the dots stay the same nodes (a click or a hover on one is not lost to a layout pass)
        }
        drawnPoints = points;
        drawnWidth = w;
        drawnHeight = h;
        getChildren().clear();
        double pw = w - LEFT - RIGHT;
        double ph = h - TOP - BOTTOM;
        if (pw <= 10 || ph <= 10) {
            return;
        }
        // y grid 0, 25, 50, 75, 100 %
        for (int pct = 0; pct <= 100; pct += 25) {
            double y = TOP + ph * (1 - pct / 100.0);
            Line grid = new Line(LEFT, y, LEFT + pw, y);
            grid.setStroke(Color.gray(0.5, pct == 0 ? 0.6 : 0.25));
            Text l = text(pct + " %");
            l.setX(LEFT - 8 - l.getLayoutBounds().getWidth());
            l.setY(y + 4);
            getChildren().addAll(grid, l);
        }
        // each run folder is a run of the chart, even two holding the same run.json
        List<Path> runs = new ArrayList<>();
        Map<Path, TrendPoint> firstOfRun = new LinkedHashMap<>();
        for (TrendPoint p : points) {
            if (firstOfRun.putIfAbsent(p.runDir(), p) == null) {
                runs.add(p.runDir());
            }
        }
        if (runs.isEmpty()) {
            return;
        }
        Map<Path, Double> xs = xPositions(runs, firstOfRun, pw);
        // x labels: every run when they fit, else every k-th
        int step = Math.max(1, (int) Math.ceil(runs.size() * 96 / pw));
        for (int i = 0; i < runs.size(); i += step) {
            TrendPoint p = firstOfRun.get(runs.get(i));
            double x = LEFT + xs.get(runs.get(i));
            Text l = text((p.startedAt() == null ? "" : DAY.format(p.startedAt()) + "\n") + shortName(p.runName()));
            l.setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
            l.setX(x - l.getLayoutBounds().getWidth() / 2);
            l.setY(TOP + ph + 16);
            Line tick = new Line(x, TOP + ph, x, TOP + ph + 3);
            tick.setStroke(Color.gray(0.5, 0.6));
            getChildren().addAll(tick, l);
        }
        Map<String, Color> colours = colours();
        int vi = 0;
        for (var e : colours.entrySet()) {
            List<TrendPoint> vp = points.stream()
                    .filter(p -> p.variant().equals(e.getKey()) && p.rate() != null)
                    .toList();
            Color c = e.getValue();
            // one run: no band can be drawn, so each variant's interval is a whisker, the variants side by side
            double dx = runs.size() == 1 ? (vi++ - (colours.size() - 1) / 2.0) * 18 : 0;
            Polygon band = new Polygon();
            Polyline line = new Polyline();
            for (TrendPoint p : vp) {
                band.getPoints()
                        .addAll(
                                LEFT + xs.get(p.runDir()),
                                TOP + ph * (1 - p.interval().high()));
            }
            for (int i = vp.size() - 1; i >= 0; i--) {
                TrendPoint p = vp.get(i);
                band.getPoints()
                        .addAll(
                                LEFT + xs.get(p.runDir()),
                                TOP + ph * (1 - p.interval().low()));
            }
            band.setFill(Color.color(c.getRed(), c.getGreen(), c.getBlue(), 0.16));
            band.setStroke(null);
            band.setMouseTransparent(true);
            for (TrendPoint p : vp) {
                line.getPoints().addAll(LEFT + xs.get(p.runDir()), TOP + ph * (1 - p.rate()));
            }
            line.setStroke(c);
            line.setStrokeWidth(2);
            line.setMouseTransparent(true);
            getChildren().addAll(band, line);
            if (runs.size() == 1) {
                for (TrendPoint p : vp) {
                    double x = LEFT + xs.get(p.runDir()) + dx;
                    double hi = TOP + ph * (1 - p.interval().high());
                    double lo = TOP + ph * (1 - p.interval().low());
                    Color whisker = Color.color(c.getRed(), c.getGreen(), c.getBlue(), 0.6);
                    for (Line l : List.of(
                            new Line(x, hi, x, lo), new Line(x - 4, hi, x + 4, hi), new Line(x - 4, lo, x + 4, lo))) {
                        l.setStroke(whisker);
                        l.setStrokeWidth(2);
                        l.setMouseTransparent(true);
                        l.getStyleClass().add("trend-whisker");
                        getChildren().add(l);
                    }
                }
            }
            for (TrendPoint p : vp) {
                Circle dot = new Circle(LEFT + xs.get(p.runDir()) + dx, TOP + ph * (1 - p.rate()), 5, c);
                dot.setStroke(Color.WHITE);
                dot.setStrokeWidth(1.5);
                dot.setCursor(javafx.scene.Cursor.HAND);
                dot.getStyleClass().add("trend-dot");
                dot.setId("trend-dot-" + p.variant() + "-" + p.runName());
                Tooltip.install(
                        dot,
                        new Tooltip(p.variant() + " · run " + p.runName()
                                + (p.runName().equals(p.runId()) ? "" : " (its run.json: run " + p.runId() + ")")
                                + "\ntrial pass rate " + Math.round(p.rate() * 100) + " % ("
                                + Math.round(p.interval().low() * 100) + "–"
                                + Math.round(p.interval().high() * 100) + " %), " + p.passed() + " of "
                                + p.graded() + " graded trials\nClick to open the run"));
                dot.setOnMouseClicked(ev -> openRun.accept(p.runDir()));
                getChildren().add(dot);
            }
        }
    }

    /** Axis text: plain Text nodes (drawn in this layout pass, unlike controls created during layout). */
    private static Text text(String s) {
        Text t = new Text(s);
        t.setFill(Color.gray(0.5));
        t.setFont(javafx.scene.text.Font.font(11.5));
        return t;
    }

    /**
     * A run's name under its tick, short enough for its slot (about 96 px, the day above it): a run id's short id
     * ({@code 7f3c2a}, {@code 7f3c2a.g1}), the part after {@code Z-} of a folder named as a run id is
     * ({@code 20260111T101500Z-noscore} → {@code noscore}), else the folder's name; cut to 12 characters (whole ids ran into each other).
     */
    static String shortName(String folder) {
        java.util.regex.Matcher m = dev.mstpanel.core.results.layout.RunLocator.STAMPED.matcher(folder);
        String s = m.matches() ? m.group(1) : folder;
        return dev.mstpanel.core.text.Texts.cut(s, 12);
    }

    /**
     * Runs placed by start time ({@link TrendPoint#startedAt()}: run.json's createdAt, else the run id's time); when
     * a time is missing or two runs share one, evenly in the points' order.
     */
    private static Map<Path, Double> xPositions(List<Path> runs, Map<Path, TrendPoint> first, double pw) {
        Map<Path, Double> xs = new LinkedHashMap<>();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        boolean timed = true;
        java.util.Set<java.time.Instant> times = new java.util.HashSet<>();
        for (Path r : runs) {
            var at = first.get(r).startedAt();
            if (at == null
                    || !times.add(
                            at)) { // two runs at one time (a copied run folder) would hide one dot under the other
                timed = false;
                break;
            }
            min = Math.min(min, at.toEpochMilli());
            max = Math.max(max, at.toEpochMilli());
        }
        double pad = Math.min(40, pw / 10);
        if (runs.size() == 1) {
            xs.put(runs.get(0), pw / 2);
            return xs;
        }
        for (int i = 0; i < runs.size(); i++) {
            double f = timed && max > min
                    ? (first.get(runs.get(i)).startedAt().toEpochMilli() - min) / (double) (max - min)
                    : i / (double) (runs.size() - 1);
            xs.put(runs.get(i), pad + f * (pw - 2 * pad));
        }
        return xs;
    }
}
