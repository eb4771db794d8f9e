package dev.mstpanel.ui;

import dev.mstpanel.ui.common.AppView;
import dev.mstpanel.ui.contexts.ContextsView;
import dev.mstpanel.ui.runs.RunView;
import java.util.List;
import org.kordamp.ikonli.feather.Feather;

/** The sidebar's views, in order. Only views that exist are listed. */
final class Views {
    private Views() {}

    static List<AppView> all(AppContext app) {
        return List.of(
                new AppView("contexts", "Contexts", Feather.SERVER, () -> new ContextsView(app.contexts(), app.dialogs())),
                new AppView("runs", "Runs", Feather.PLAY_CIRCLE, () -> new RunView(app.runs(), app.dialogs())));
    }
}
