package dev.mstpanel.ui.runs;

import dev.mstpanel.core.runs.RunRecording;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.scene.layout.StackPane;

/**
 * The Runs view's place in the window: the Run view with its form, or a replay over it
 * ({@link ReplayPane}) until the replay is closed. A live run goes on under a replay.
 */
public final class RunsHost extends StackPane {
    private final RunView live;
    private final DialogService dialogs;
    private final Consumer<Path> openInResults;
    private final UiExecutor ui;
    private final Executor background;
    private ReplayPane replay;

    /**
     * @param live the Run view of live runs
     * @param dialogs shows notices
     * @param openInResults opens a run folder in Results (and shows that view)
     * @param ui the FX thread
     * @param background for the replay's start
     */
    public RunsHost(
            RunView live, DialogService dialogs, Consumer<Path> openInResults, UiExecutor ui, Executor background) {
        this.live = live;
        this.dialogs = dialogs;
        this.openInResults = openInResults;
        this.ui = ui;
        this.background = background;
        setId("runs-host");
        getChildren().add(live);
    }

    /** The Run view of live runs. */
    public RunView live() {
        return live;
    }

    /** The replay shown, or null. */
    public ReplayPane replay() {
        return replay;
    }

    /**
     * Plays a recording over the form (the previous replay, if any, stops).
     *
     * @param recording what to play
     * @param runDirOnDisk its run folder when still on disk, else null
     * @param title the banner's title
     * @param note a second line for the banner, or null
     * @return the replay
     */
    public ReplayPane play(RunRecording recording, Path runDirOnDisk, String title, String note) {
        closeReplay();
        replay = new ReplayPane(
                recording, runDirOnDisk, title, note, dialogs, openInResults, this::closeReplay, ui, background);
        live.setVisible(false);
        getChildren().add(replay);
        return replay;
    }

    /** Closes the replay and shows the form again. */
    public void closeReplay() {
        if (replay != null) {
            replay.stop();
            getChildren().remove(replay);
            replay = null;
        }
        live.setVisible(true);
    }
}
