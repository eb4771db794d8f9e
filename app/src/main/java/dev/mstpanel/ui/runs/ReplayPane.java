package dev.mstpanel.ui.runs;

import dev.mstpanel.core.runs.RunRecording;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Runs view playing a recording ("Replay"): a banner that says it is a replay and
 * that nothing is running, the controls (pause, 1×/4×/16×, a slider to seek, close), and under
 * them the Run view's live part bound to a view model of its own, fed by a
 * {@link ReplayRunSession}. Cancel, Resume and Start are not there.
 */
public final class ReplayPane extends BorderPane {
    private final ReplayRunSession session;
    private final RunViewModel model;
    private final UiExecutor ui;
    private final RunSession.Launch launch;
    private final Slider slider = new Slider();
    private final Label position = new Label();
    private final Button pause = new Button();
    private boolean seeking;
    // FX thread: the pass playing (a seek starts another) and whether it has played to the end
    private int pass;
    private boolean ended;

    /**
     * @param recording what to play
     * @param runDirOnDisk its run folder when still on disk (offered as "Open in Results"), else null
     * @param title one line for the banner, e.g. "The built-in demo" or the recording's file name
     * @param note a second line, or null
     * @param dialogs shows notices
     * @param openInResults opens a run folder in Results (and shows that view)
     * @param onClose called when the person closes the replay
     * @param ui the FX thread
     * @param background for the session's start
     */
    public ReplayPane(
            RunRecording recording,
            Path runDirOnDisk,
            String title,
            String note,
            DialogService dialogs,
            Consumer<Path> openInResults,
            Runnable onClose,
            UiExecutor ui,
            Executor background) {
        this.ui = ui;
        this.session = new ReplayRunSession(recording, runDirOnDisk);
        this.model =
                new RunViewModel(session, FXCollections.observableArrayList(), new Settings(), s -> {}, ui, background);
        this.launch = new RunSession.Launch(
                List.of("mst"), List.of(), commandOf(recording), null, List.of(), expectedOf(recording));
        getStyleClass().add("replay-pane");
        setId("replay-pane");

        FontIcon icon = new FontIcon(Feather.FILM);
        icon.getStyleClass().add("replay-icon");
        Label what = new Label("Replay · " + title);
        what.setId("replay-title");
        what.getStyleClass().add("replay-title");
        String when = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm")
                .withZone(ZoneId.systemDefault())
                .format(recording.startedAt());
        String ending = recording.endingNote(); // a recording cut short says so before it plays
        Label sub = new Label("Recorded " + when + ". Nothing is running: no MST, no containers"
                + (note == null ? "." : ". " + note) + (ending == null ? "" : " " + ending));
        sub.setId("replay-note");
        sub.getStyleClass().addAll("text-muted", "text-small");
        sub.setWrapText(true);
        sub.setMinHeight(Region.USE_PREF_SIZE);
        VBox text = new VBox(2, what, sub);
        text.setMinWidth(0);
        text.setPrefWidth(0);
        HBox.setHgrow(text, Priority.ALWAYS);

        pause.setId("replay-pause");
        pause.setMinWidth(Region.USE_PREF_SIZE);
        pause.setOnAction(e -> {
            if (ended) {
                session.setPaused(false);
                seek(0); // play again from the start
            } else {
                session.setPaused(!session.paused());
                showControls();
            }
        });
        ToggleGroup speeds = new ToggleGroup();
        HBox speedBox = new HBox();
        speedBox.getStyleClass().add("segmented");
        for (int x : new int[] {1, 4, 16}) {
            ToggleButton b = new ToggleButton(x + "×");
            b.setId("replay-speed-" + x);
            b.setToggleGroup(speeds);
            b.setUserData(x);
            b.setSelected(x == 1);
            b.setTooltip(new Tooltip(x == 1 ? "As fast as the run went" : x + " times as fast as the run"));
            b.setMinWidth(Region.USE_PREF_SIZE);
            speedBox.getChildren().add(b);
        }
        speedBox.getChildren().get(0).getStyleClass().add("left-pill");
        speedBox.getChildren().get(1).getStyleClass().add("center-pill");
        speedBox.getChildren().get(2).getStyleClass().add("right-pill");
        speeds.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                speeds.selectToggle(a); // one speed is always chosen
            } else {
                session.setSpeed((Integer) b.getUserData());
            }
        });
        Button close = new Button("Close replay", new FontIcon(Feather.X));
        close.setId("replay-close");
        close.setMinWidth(Region.USE_PREF_SIZE);
        close.setOnAction(e -> {
            stop();
            onClose.run();
        });
        HBox top = new HBox(12, icon, text, pause, speedBox, close);
        top.setAlignment(Pos.CENTER_LEFT);

        slider.setId("replay-seek");
        slider.setMin(0);
        slider.setMax(Math.max(1, recording.durationMs()));
        slider.setAccessibleText("replay position");
        HBox.setHgrow(slider, Priority.ALWAYS);
        slider.valueChangingProperty().addListener((o, was, now) -> {
            if (!now) {
                seek((long) slider.getValue()); // the thumb let go
            }
        });
        slider.valueProperty().addListener((o, a, b) -> {
            if (!seeking && !slider.isValueChanging()) {
                seek(b.longValue()); // a click on the track, an arrow key
            }
        });
        position.setId("replay-position");
        position.getStyleClass().addAll("text-muted", "monospace");
        position.setMinWidth(Region.USE_PREF_SIZE);
        HBox seekRow = new HBox(10, slider, position);
        seekRow.setAlignment(Pos.CENTER_LEFT);
        VBox bar = new VBox(8, top, seekRow);
        bar.getStyleClass().add("replay-bar");
        bar.setPadding(new Insets(10, 14, 10, 14));

        setCenter(RunView.forReplay(model, dialogs, openInResults, bar));
        play(0);
    }

    /** The replay's view model (tests read the shard rows from it). */
    public RunViewModel model() {
        return model;
    }

    /** The session (tests set the speed). */
    public ReplayRunSession session() {
        return session;
    }

    /**
     * Plays from a position, milliseconds from the recording's start: paused when the replay was
     * paused, playing otherwise (also after it had ended). The shard rows, log and memory chart show
     * the run as it was at that moment.
     */
    public void seek(long ms) {
        if (seeking) {
            return;
        }
        play(ms);
    }

    /** True once the replay has played to its end (the button then offers to play it again). */
    public boolean ended() {
        return ended;
    }

    /** Stops the playback (closing the replay, or another one opened). */
    public void stop() {
        pass++;
        session.setOnPosition(null);
        session.setOnEnded(null);
        session.stop();
        model.dispose();
    }

    /** Starts a pass at a position; a previous pass's late position and end reports are not heard. */
    private void play(long ms) {
        int p = ++pass;
        ended = false;
        session.stop(); // the previous pass, before its model is reset
        session.setOnPosition(at -> ui.execute(() -> {
            if (p == pass) {
                showPosition(at);
            }
        }));
        session.setOnEnded(() -> ui.execute(() -> {
            if (p == pass) {
                ended = true;
                showControls();
                showPosition(session.recording().durationMs());
            }
        }));
        session.setStartAt(ms);
        model.watch(launch, session);
        showControls();
        showPosition(ms);
    }

    private void showControls() {
        Feather icon = ended ? Feather.ROTATE_CCW : session.paused() ? Feather.PLAY : Feather.PAUSE;
        pause.setText(ended ? "Play again" : session.paused() ? "Play" : "Pause");
        pause.setGraphic(new FontIcon(icon));
        pause.setTooltip(new Tooltip(
                ended
                        ? "Play the recording again from its start"
                        : session.paused() ? "Go on playing" : "Hold the replay here"));
    }

    private void showPosition(long ms) {
        if (!slider.isValueChanging()) {
            seeking = true;
            slider.setValue(ms);
            seeking = false;
        }
        String at = RunViewModel.clock(Duration.ofMillis(ms)) + " / "
                + RunViewModel.clock(Duration.ofMillis(session.recording().durationMs()));
        position.setText(ended ? "Ended · " + at : at);
    }

    /** The trials the live run expected (its counts' "of N trials" and its ETA), when it was recorded. */
    private static OptionalInt expectedOf(RunRecording rec) {
        return rec.expectedTrials() > 0 ? OptionalInt.of(rec.expectedTrials()) : OptionalInt.empty();
    }

    private static String commandOf(RunRecording rec) {
        return rec.command() != null ? rec.command() : "mst run";
    }
}
