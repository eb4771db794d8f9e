package dev.mstpanel.ui.contexts;

import dev.mstpanel.core.docker.Capacity;
import dev.mstpanel.core.docker.ContextCapacity;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.MemoryBar;
import dev.mstpanel.ui.common.Pill;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** One context's card: name, marks, endpoint, state, engine, memory bar and capacity lines. */
final class ContextCard extends VBox {
    private final DialogService dialogs;
    private final Label name = new Label();
    private final Label currentMark = new Label("current");
    private final Label state = new Label();
    private final Label endpoint = new Label();
    private final Label engine = new Label();
    private final MemoryBar bar = new MemoryBar();
    private final Label barLegend = new Label();
    private final GridPane capacity = new GridPane();
    private final Label reason = new Label();
    private final Button details = new Button("Details");
    private final Label hint = new Label();
    private final Button copyHint = new Button();
    private final Label footer = new Label();
    private final Label sameEngine = new Label();
    private ContextRow row;

    ContextCard(DialogService dialogs) {
        this.dialogs = dialogs;
        getStyleClass().add("context-card");
        setSpacing(8);
        setPrefWidth(440);
        setMinWidth(440);
        setMaxWidth(440);

        name.getStyleClass().add("card-title");
        Pill.mark(currentMark, "pill-accent");
        currentMark.setTooltip(new Tooltip("The context the docker CLI uses now"));
        Pill.mark(state);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox header = new HBox(8, name, currentMark, grow, state);
        header.setAlignment(Pos.CENTER_LEFT);

        endpoint.getStyleClass().addAll("text-small", "text-muted", "monospace");
        engine.getStyleClass().add("text-small");
        engine.setWrapText(true);
        javafx.scene.layout.ColumnConstraints kindColumn = new javafx.scene.layout.ColumnConstraints();
        kindColumn.setMinWidth(110);
        capacity.getColumnConstraints().add(kindColumn);
        barLegend.getStyleClass().addAll("text-small", "text-muted");
        capacity.getStyleClass().add("capacity-grid");
        capacity.setHgap(10);
        capacity.setVgap(4);

        reason.getStyleClass().add("failure-reason");
        reason.setWrapText(true);
        details.getStyleClass().addAll("flat", "small");
        details.setOnAction(e -> showDetails());
        HBox reasonBox = new HBox(6, reason, details);
        reasonBox.setAlignment(Pos.TOP_LEFT);
        HBox.setHgrow(reason, Priority.ALWAYS);

        hint.setWrapText(true);
        hint.getStyleClass().addAll("text-small", "monospace");
        copyHint.setGraphic(new FontIcon(Feather.COPY));
        copyHint.getStyleClass().addAll("flat", "small");
        copyHint.setTooltip(new Tooltip("Copy the command"));
        copyHint.setAccessibleText("Copy the command");
        copyHint.setOnAction(e -> copyCommand());
        HBox hintBox = new HBox(6, hint, copyHint);
        hintBox.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(hint, Priority.ALWAYS);

        footer.getStyleClass().addAll("text-small", "text-muted");

        sameEngine.getStyleClass().addAll("text-small", "same-engine");
        sameEngine.setWrapText(true);

        getChildren()
                .addAll(header, endpoint, engine, sameEngine, bar, barLegend, capacity, reasonBox, hintBox, footer);
        for (var n : getChildren()) {
            n.managedProperty().bind(n.visibleProperty());
        }
        reasonBox.visibleProperty().bind(reason.textProperty().isNotEmpty());
        hintBox.visibleProperty().bind(hint.textProperty().isNotEmpty());
    }

    ContextRow row() {
        return row;
    }

    void update(ContextRow r) {
        this.row = r;
        DockerContext c = r.context();
        name.setText(c.name());
        setAccessibleText("Context " + c.name());
        currentMark.setVisible(c.current());
        endpoint.setText(c.endpoint().isEmpty() ? "(no endpoint)" : c.endpoint());
        endpoint.setTooltip(new Tooltip(c.endpoint()));
        state.setText(r.refreshing() ? r.state().label() + " ↻" : r.state().label());
        state.getStyleClass().removeAll("pill-success", "pill-danger", "pill-muted");
        state.getStyleClass()
                .add(
                        switch (r.state()) {
                            case REACHABLE -> "pill-success";
                            case UNREACHABLE -> "pill-danger";
                            case PROBING -> "pill-muted";
                        });
        EngineInfo e = r.probe() == null ? null : r.probe().engine();
        engine.setVisible(e != null);
        sameEngine.setVisible(!r.sameEngineAs().isEmpty());
        sameEngine.setText(
                r.sameEngineAs().isEmpty()
                        ? ""
                        : r.countedUnder() != null
                                ? "Same engine as " + String.join(", ", r.sameEngineAs())
                                        + ": its containers and capacity are counted under " + r.countedUnder() + "."
                                : "Same engine as " + String.join(", ", r.sameEngineAs())
                                        + " (one engine ID): counted once, here.");
        boolean counted = r.countedUnder() == null;
        bar.setVisible(e != null && r.capacity() != null && counted);
        barLegend.setVisible(bar.isVisible());
        capacity.setVisible(e != null && r.capacity() != null && counted);
        if (e != null) {
            engine.setText("Engine " + e.serverVersion() + " · " + e.osType() + "/" + e.architecture() + " · "
                    + e.cpus() + (e.cpus() == 1 ? " CPU" : " CPUs") + " · " + ByteSize.gib(e.memoryBytes()) + " · "
                    + e.containersRunning() + " running");
        }
        if (r.capacity() != null) {
            fillCapacity(r.capacity());
        }
        reason.setText(
                r.probe() != null && r.probe().failure() != null
                        ? r.probe().failure().message()
                        : "");
        details.setVisible(r.probe() != null
                && r.probe().failure() != null
                && r.probe().failure().detail() != null);
        hint.setText(c.hint() == null ? "" : c.hint());
        footer.setText(
                sourceText(c) + (r.probe() != null ? " · probed in " + r.probe().probeMillis() + " ms" : ""));
    }

    private void fillCapacity(ContextCapacity cap) {
        long coworkShare = cap.cowork().containers() > 0 ? cap.cowork().memoryBytes() : 0;
        bar.setSegments(
                cap.memoryBytes(),
                new MemoryBar.Segment(
                        cap.reserveBytes(), "memory-reserve", "Kept for Docker: " + ByteSize.gib(cap.reserveBytes())),
                new MemoryBar.Segment(coworkShare, "memory-cowork", "Cowork container: " + ByteSize.gib(coworkShare)));
        barLegend.setText("Docker keeps " + ByteSize.gib(cap.reserveBytes()) + " · spare "
                + ByteSize.gib(cap.spareBytes()) + (coworkShare > 0 ? " · Cowork " + ByteSize.gib(coworkShare) : ""));
        capacity.getChildren().clear();
        addLine(
                0,
                "Cowork",
                cap.error() != null ? cap.error() : coworkText(cap.cowork()),
                cap.error() != null || cap.cowork().containers() == 0);
        addLine(
                1,
                "Grade / headless",
                sharedText(cap.grade(), cap),
                cap.error() != null || cap.grade().containers() == 0);
        addLine(
                2,
                "ChatGPT",
                sharedText(cap.chatgpt(), cap),
                cap.error() != null || cap.chatgpt().containers() == 0);
    }

    private void addLine(int rowIndex, String kind, String text, boolean bad) {
        Label k = new Label(kind);
        k.getStyleClass().addAll("text-small", "text-muted");
        Label v = new Label(text);
        v.setWrapText(true);
        v.getStyleClass().add("capacity-line");
        if (bad) {
            v.getStyleClass().add("capacity-bad");
        }
        capacity.addRow(rowIndex, k, v);
    }

    private static String coworkText(Capacity c) {
        return c.containers() == 0
                ? "does not fit: " + c.note()
                : "1 container at a time, " + ByteSize.gib(c.memoryBytes()) + " each";
    }

    private static String sharedText(Capacity c, ContextCapacity cap) {
        if (cap.error() != null) {
            return cap.error();
        }
        String s =
                (c.estimate() ? "about " : "") + c.containers() + (c.containers() == 1 ? " container" : " containers")
                        + " at once, " + ByteSize.gib(c.memoryBytes()) + " each";
        if (c.estimate()) {
            s += " (estimate)";
        } else if (c.containers() == 0 && c.note() != null) {
            s += ": " + c.note();
        }
        return s;
    }

    private static String sourceText(DockerContext c) {
        return switch (c.source()) {
            case CONTEXT_STORE -> "Docker context";
            case DOCKER_HOST -> "from DOCKER_HOST";
            case DEFAULT -> "the default socket";
            case COLIMA_PROFILE -> "Colima profile " + c.colimaProfile();
        };
    }

    private void showDetails() {
        if (row != null && row.probe() != null && row.probe().failure() != null) {
            dialogs.showError(
                    row.name() + " is unreachable",
                    row.probe().failure().message(),
                    row.probe().failure().detail());
        }
    }

    private void copyCommand() {
        String h = hint.getText();
        int i = h.indexOf("docker context create");
        ClipboardContent content = new ClipboardContent();
        content.putString(i >= 0 ? h.substring(i) : h);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
