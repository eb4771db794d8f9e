package dev.mstpanel.ui;

import dev.mstpanel.ui.common.AppView;
import dev.mstpanel.ui.containers.ContainersView;
import dev.mstpanel.ui.containers.ContainersViewModel;
import dev.mstpanel.ui.contexts.ContextsView;
import dev.mstpanel.ui.contexts.FleetPane;
import dev.mstpanel.ui.doctor.DoctorView;
import dev.mstpanel.ui.doctor.DoctorViewModel;
import dev.mstpanel.ui.images.ImagesView;
import dev.mstpanel.ui.images.ImagesViewModel;
import dev.mstpanel.ui.results.ResultsView;
import dev.mstpanel.ui.runs.RunView;
import java.util.List;
import org.kordamp.ikonli.feather.Feather;

/** The sidebar's views, in order. Only views that exist are listed. */
final class Views {
    private Views() {}

    /**
     * @param app the services
     * @param navigator the shell's way between views, handed to every view that opens another
     */
    static List<AppView> all(AppContext app, dev.mstpanel.ui.common.Navigator navigator) {
        return List.of(
                new AppView(
                        "contexts",
                        "Contexts",
                        Feather.SERVER,
                        () -> new ContextsView(
                                app.contexts(), app.dialogs(), new FleetPane(app.fleet(), app.dialogs()))),
                new AppView(
                        "runs",
                        "Runs",
                        Feather.PLAY_CIRCLE,
                        () -> new dev.mstpanel.ui.runs.RunsHost(
                                new RunView(app.runs(), app.dialogs(), navigator::openResults, navigator::openImages)
                                        .onRebuildWithPlugins(navigator::openImages),
                                app.dialogs(),
                                navigator::openResults,
                                app.ui(),
                                app.background())),
                new AppView("results", "Results", Feather.CHECK_SQUARE, () -> {
                    ResultsView v = ResultsView.openDefault(
                            app.results(),
                            app.trialInspector(),
                            app.dialogs(),
                            app.background(),
                            app.compare(),
                            navigator,
                            app.trend());
                    v.enableExport(app.resultsExport());
                    v.withTriage(app.triage());
                    return v;
                }),
                new AppView(
                        "containers",
                        "Containers",
                        Feather.BOX,
                        () -> new ContainersView(
                                new ContainersViewModel(app.containerServices(), app.ui(), app.background()),
                                app.dialogs())),
                new AppView("images", "Images", Feather.LAYERS, () -> {
                    ImagesViewModel images = new ImagesViewModel(app.containerServices(), app.ui(), app.background());
                    dev.mstpanel.ui.images.ImageBuildNotifications.attach(images, app.notifier(), null);
                    return new ImagesView(images);
                }),
                new AppView(
                        "doctor",
                        "Doctor",
                        Feather.ACTIVITY,
                        () -> new DoctorView(
                                new DoctorViewModel(app.containerServices(), app.ui(), app.background()))));
    }
}
