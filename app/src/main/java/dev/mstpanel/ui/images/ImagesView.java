package dev.mstpanel.ui.images;

import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.images.ContextImages;
import dev.mstpanel.core.images.FamilyState;
import dev.mstpanel.core.images.ImageRecipe;
import dev.mstpanel.core.images.MstImage;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.common.Pill;
import dev.mstpanel.ui.common.ViewHeader;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Images view: per context, MST's images and those built from them, whether each matches
 * the MST version found ("not built yet" / "rebuild after upgrading MST" with the action beside
 * it); the project's recipes; and the build in progress with its log, progress and cancel.
 */
public final class ImagesView extends BorderPane {
    private final ImagesViewModel model;
    private final VBox contextCards = new VBox(12);
    private final FlowPane buildContexts = new FlowPane(12, 6);
    private String shownContext;
    private ScrollPane scroll;

    public ImagesView(ImagesViewModel model) {
        this.model = model;
        getStyleClass().add("view");
        getStylesheets().add(dev.mstpanel.ui.common.ThemeCompiler.stylesheet("/dev/mstpanel/ui/images/tools.css"));

        Button refresh = new Button("Refresh", new FontIcon(Feather.REFRESH_CW));
        refresh.setId("refresh-images");
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        refresh.setOnAction(e -> model.refresh());
        ViewHeader header = new ViewHeader(
                        "Images",
                        "MST's images on each context (mst-cowork-linux, mst-chatgpt-linux) and images built from them. A run needs the image tagged with the MST version it runs.")
                .busyWhile(model.refreshingProperty())
                .withActions(refresh);
        Label mst = new Label();
        mst.setId("images-mst");
        mst.setWrapText(true);
        mst.textProperty().bind(model.mstLineProperty());
        mst.setGraphic(new FontIcon(Feather.PACKAGE));
        Label summary = new Label();
        summary.getStyleClass().add("text-muted");
        summary.textProperty().bind(model.summaryProperty());

        VBox content = new VBox(16, contextCards, mstBuildCard(), recipeCard());
        content.setPadding(new Insets(4, 12, 16, 0));
        scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");

        SplitPane split = new SplitPane(scroll, buildPanel());
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.68);
        setTop(new VBox(8, header, mst, summary));
        setCenter(split);
        BorderPane.setMargin(split, new Insets(12, 0, 0, 0));
        setPadding(new Insets(20, 24, 8, 24));

        model.contextImages().addListener((ListChangeListener<ContextImages>) c -> renderContexts());
        model.contexts().addListener((ListChangeListener<DockerContext>) c -> renderBuildContexts());
        model.refresh();
    }

    /**
     * Shows one context's card (the Navigator's "open Images on context C", e.g. to rebuild a stale
     * MST image): it is outlined, scrolled into view and its build box ticked alone.
     */
    /** As {@link #showContext(String)}, with the eval config whose plugins the build puts in the image ({@code --config}). */
    public void showContext(String context, java.nio.file.Path evalConfig) {
        if (evalConfig != null) {
            model.evalConfigProperty().set(evalConfig.toString());
        }
        showContext(context);
    }

    public void showContext(String context) {
        shownContext = context;
        renderContexts();
        renderBuildContexts();
    }

    private void renderContexts() {
        contextCards.getChildren().clear();
        Node shown = null;
        for (ContextImages ci : model.contextImages()) {
            Node card = contextCard(ci);
            if (ci.context().equals(shownContext)) {
                card.setStyle("-fx-border-color: -color-accent-emphasis; -fx-border-width: 2; -fx-border-radius: 8;");
                shown = card;
            }
            contextCards.getChildren().add(card);
        }
        if (shown != null && scroll != null) {
            Node target = shown;
            javafx.application.Platform.runLater(() -> {
                double h = scroll.getContent().getBoundsInLocal().getHeight()
                        - scroll.getViewportBounds().getHeight();
                if (h > 0) {
                    scroll.setVvalue(Math.min(1, target.getBoundsInParent().getMinY() / h));
                }
            });
        }
    }

    private Node contextCard(ContextImages ci) {
        Label name = new Label(ci.context());
        name.getStyleClass().add("section-title");
        VBox card = new VBox(8, name);
        card.getStyleClass().add("tool-card");
        card.setId("images-" + ci.context());
        if (ci.failure() != null) {
            Label f = new Label(ci.failure());
            f.getStyleClass().add("failure-reason");
            f.setWrapText(true);
            card.getChildren().add(f);
            return card;
        }
        GridPane states = new GridPane();
        states.setHgap(10);
        states.setVgap(6);
        int row = 0;
        for (FamilyState s : ci.states()) {
            FontIcon icon = new FontIcon(
                    switch (s.status()) {
                        case CURRENT -> Feather.CHECK_CIRCLE;
                        case STALE -> Feather.ALERT_TRIANGLE;
                        case MISSING -> Feather.X_CIRCLE;
                        case UNKNOWN -> Feather.HELP_CIRCLE;
                    });
            icon.getStyleClass()
                    .add(
                            switch (s.status()) {
                                case CURRENT -> "check-pass";
                                case STALE -> "check-warn";
                                case MISSING -> "check-fail";
                                case UNKNOWN -> "check-skipped";
                            });
            Label fam = new Label(s.family().repository());
            fam.getStyleClass().add("check-title");
            fam.setMinWidth(170);
            Label msg = new Label(s.message() + " · for " + s.family().usedFor());
            msg.setWrapText(true);
            msg.getStyleClass()
                    .add(
                            switch (s.status()) {
                                case CURRENT -> "state-current";
                                case STALE -> "state-stale";
                                case MISSING -> "state-missing";
                                case UNKNOWN -> "text-muted";
                            });
            GridPane.setHgrow(msg, Priority.ALWAYS);
            states.addRow(row, icon, fam, msg);
            if (s.action() != null) {
                Button act = new Button(s.action(), new FontIcon(Feather.TOOL));
                act.setId("build-" + s.family().repository() + "-" + ci.context());
                act.setMinWidth(Region.USE_PREF_SIZE);
                act.disableProperty()
                        .bind(model.buildingProperty()
                                .or(model.mstFoundProperty().not()));
                act.setOnAction(e -> model.buildMstImages(List.of(ci.context())));
                states.add(act, 3, row);
            }
            row++;
        }
        card.getChildren().add(states);
        if (ci.images().isEmpty()) {
            Label none = new Label("No MST image on this context.");
            none.getStyleClass().add("text-muted");
            card.getChildren().add(none);
        } else {
            GridPane images = new GridPane();
            images.setHgap(18);
            images.setVgap(4);
            images.addRow(0, head("Image"), head("What"), head("Size"), head("Age"), head("MST version"));
            int r = 1;
            for (MstImage m : ci.images()) {
                Label ref = new Label(String.join(", ", m.tags().isEmpty() ? List.of(m.reference()) : m.tags()));
                ref.getStyleClass().add("monospace");
                Label what = new Label(
                        m.derived()
                                ? "built from " + m.base()
                                : "MST's " + m.family().repository());
                Label size = new Label(ByteSize.human(m.sizeBytes()));
                Label age = new Label(age(m.createdEpochSeconds()));
                Label ver = new Label(m.version() == null ? "–" : m.version());
                Pill.mark(
                        ver,
                        m.matchesMst()
                                ? "pill-success"
                                : model.mstVersionProperty().get() == null ? "pill-muted" : "pill-danger");
                images.addRow(r++, ref, what, size, age, ver);
            }
            card.getChildren().add(images);
        }
        return card;
    }

    private static Label head(String t) {
        Label l = new Label(t);
        l.getStyleClass().addAll("text-muted", "text-small");
        return l;
    }

    static String age(long epochSeconds) {
        if (epochSeconds <= 0) {
            return "–";
        }
        long s = Math.max(
                0,
                Duration.between(Instant.ofEpochSecond(epochSeconds), Instant.now())
                        .getSeconds());
        return s < 3600 ? Math.max(1, s / 60) + " min" : s < 86400 ? s / 3600 + " h" : s / 86400 + " d";
    }

    private Node mstBuildCard() {
        Label t = new Label("Build MST's images");
        t.getStyleClass().add("section-title");
        Label what = new Label(
                "Runs mst runner setup docker on the contexts ticked: it builds mst-cowork-linux (or mst-chatgpt-linux for a ChatGPT eval) "
                        + "with the MST version found, and downloads Cowork's 1.2 GB VM bundle.");
        what.setWrapText(true);
        what.getStyleClass().add("text-muted");
        buildContexts.setId("build-contexts");
        TextField config = new TextField();
        config.setId("build-eval-config");
        config.setPromptText("eval.json (optional: installs its plugins, picks the client's image)");
        config.textProperty().bindBidirectional(model.evalConfigProperty());
        HBox.setHgrow(config, Priority.ALWAYS);
        TextField claude = new TextField();
        claude.setPromptText("newest");
        claude.setPrefColumnCount(10);
        claude.textProperty().bindBidirectional(model.claudeDesktopVersionProperty());
        TextField chatgpt = new TextField();
        chatgpt.setPromptText("newest");
        chatgpt.setPrefColumnCount(10);
        chatgpt.textProperty().bindBidirectional(model.chatgptVersionProperty());
        Button build = new Button("Build", new FontIcon(Feather.TOOL));
        build.setId("build-mst-images");
        build.setDefaultButton(false);
        build.disableProperty()
                .bind(model.buildingProperty().or(model.mstFoundProperty().not()));
        build.setOnAction(e -> {
            List<String> chosen = new ArrayList<>();
            buildContexts.getChildren().forEach(n -> {
                if (n instanceof CheckBox cb && cb.isSelected()) {
                    chosen.add(cb.getText());
                }
            });
            model.buildMstImages(chosen);
        });
        HBox row1 = new HBox(8, new Label("Eval config"), config);
        row1.setAlignment(Pos.CENTER_LEFT);
        HBox row2 = new HBox(
                8, new Label("claudeDesktopVersion"), claude, new Label("chatgptVersion"), chatgpt, spacer(), build);
        row2.setAlignment(Pos.CENTER_LEFT);
        VBox card = new VBox(8, t, what, new HBox(8, new Label("Contexts"), buildContexts), row1, row2);
        card.getStyleClass().add("tool-card");
        return card;
    }

    private void renderBuildContexts() {
        buildContexts.getChildren().clear();
        for (DockerContext c : model.contexts()) {
            CheckBox cb = new CheckBox(c.name());
            cb.setSelected(shownContext != null ? c.name().equals(shownContext) : c.current());
            buildContexts.getChildren().add(cb);
        }
        if (model.contexts().isEmpty()) {
            buildContexts.getChildren().add(new Label("no reachable context"));
        }
    }

    private Node recipeCard() {
        Label t = new Label("Build a recipe (images/)");
        t.getStyleClass().add("section-title");
        Label what = new Label(
                "The project's own images, built with the docker CLI on one context from the MST image tagged BASE_TAG. "
                        + "Pass the result to a run with image=<tag>.");
        what.setWrapText(true);
        what.getStyleClass().add("text-muted");
        ComboBox<ImageRecipe> recipe = new ComboBox<>(model.recipes());
        recipe.setId("recipe-choice");
        recipe.setCellFactory(lv -> recipeCell());
        recipe.setButtonCell(recipeCell());
        model.recipes().addListener((ListChangeListener<ImageRecipe>) c -> {
            if (recipe.getValue() == null && !model.recipes().isEmpty()) {
                recipe.setValue(model.recipes().get(0));
            }
        });
        ComboBox<DockerContext> context = new ComboBox<>(model.contexts());
        context.setId("recipe-context");
        context.setCellFactory(lv -> contextCell());
        context.setButtonCell(contextCell());
        model.contexts().addListener((ListChangeListener<DockerContext>) c -> {
            if (context.getValue() == null && !model.contexts().isEmpty()) {
                context.setValue(model.contexts().get(0));
            }
        });
        TextField baseTag = new TextField();
        baseTag.setId("recipe-base-tag");
        baseTag.setPromptText("MST version");
        baseTag.setPrefColumnCount(10);
        model.mstVersionProperty().addListener((o, a, v) -> {
            if (baseTag.getText().isBlank() && v != null) {
                baseTag.setText(v);
            }
        });
        TextField tag = new TextField();
        tag.setId("recipe-tag");
        tag.setPrefColumnCount(16);
        tag.promptTextProperty()
                .bind(Bindings.createStringBinding(
                        () -> recipe.getValue() == null
                                ? "image:tag"
                                : recipe.getValue()
                                        .defaultTag(
                                                baseTag.getText().isBlank()
                                                        ? "<BASE_TAG>"
                                                        : baseTag.getText().strip()),
                        recipe.valueProperty(),
                        baseTag.textProperty()));
        Button build = new Button("Build recipe", new FontIcon(Feather.TOOL));
        build.setId("build-recipe");
        build.disableProperty()
                .bind(model.buildingProperty()
                        .or(recipe.valueProperty().isNull())
                        .or(context.valueProperty().isNull()));
        build.setOnAction(
                e -> model.buildRecipe(recipe.getValue(), context.getValue(), baseTag.getText(), tag.getText()));
        Label summary = new Label();
        summary.setWrapText(true);
        summary.getStyleClass().addAll("text-muted", "text-small");
        summary.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> recipe.getValue() == null ? "" : recipe.getValue().summary(), recipe.valueProperty()));
        HBox row = new HBox(
                8,
                recipe,
                new Label("on"),
                context,
                new Label("BASE_TAG"),
                baseTag,
                new Label("tag"),
                tag,
                spacer(),
                build);
        row.setAlignment(Pos.CENTER_LEFT);
        VBox card = new VBox(8, t, what, row, summary);
        card.getStyleClass().add("tool-card");
        return card;
    }

    private static ListCell<ImageRecipe> recipeCell() {
        return new ListCell<>() {
            @Override
            protected void updateItem(ImageRecipe r, boolean empty) {
                super.updateItem(r, empty);
                setText(empty || r == null ? null : r.name());
            }
        };
    }

    private static ListCell<DockerContext> contextCell() {
        return new ListCell<>() {
            @Override
            protected void updateItem(DockerContext c, boolean empty) {
                super.updateItem(c, empty);
                setText(empty || c == null ? null : c.name());
            }
        };
    }

    private Node buildPanel() {
        Label title = new Label();
        title.getStyleClass().add("section-title");
        title.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> model.buildTitleProperty().get().isEmpty()
                                ? "Build output"
                                : model.buildTitleProperty().get(),
                        model.buildTitleProperty()));
        ProgressBar bar = new ProgressBar();
        bar.setId("build-progress");
        bar.setPrefWidth(220);
        bar.progressProperty().bind(model.progressProperty());
        bar.visibleProperty().bind(model.buildingProperty());
        Button cancel = new Button("Cancel", new FontIcon(Feather.X_SQUARE));
        cancel.setId("cancel-build");
        cancel.disableProperty().bind(model.buildingProperty().not());
        cancel.setOnAction(e -> model.cancelBuild());
        Label status = new Label();
        status.setId("build-status");
        status.setWrapText(true);
        status.textProperty().bind(model.buildStatusProperty());
        model.buildFailedProperty()
                .addListener((o, a, f) -> status.getStyleClass().setAll("label", f ? "failure-reason" : "text-muted"));
        TextArea log = new TextArea();
        log.setId("build-log");
        log.setEditable(false);
        log.getStyleClass().add("build-log");
        log.textProperty().bind(model.buildLogProperty());
        log.textProperty().addListener((o, a, b) -> log.setScrollTop(Double.MAX_VALUE));
        VBox.setVgrow(log, Priority.ALWAYS);
        HBox head = new HBox(12, title, spacer(), bar, cancel);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(6, head, status, log);
        box.setPadding(new Insets(8, 0, 0, 0));
        return box;
    }

    private static Region spacer() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        return r;
    }
}
