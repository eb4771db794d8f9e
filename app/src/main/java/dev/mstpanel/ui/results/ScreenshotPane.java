package dev.mstpanel.ui.results;

import java.nio.file.Path;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A failure diagnosis's {@code screen.png}: fit to the pane (default), 100 %, zoom with the wheel,
 * a pinch or the keys {@code +}/{@code -} ({@code 0} fits, {@code 1} is 100 %), pan by dragging,
 * copy to the clipboard, open in the system viewer. An image that cannot be decoded shows why.
 */
final class ScreenshotPane extends BorderPane {
    private final ImageView view = new ImageView();
    private final Pane canvas = new Pane(view);
    private final Label zoomLabel = new Label();
    private final Label problem = new Label();
    private final Runnable openExternally;
    private Image image;
    private boolean fit = true;
    private double scale = 1;
    private double dragX;
    private double dragY;

    /**
     * @param openExternally opens the file in the system viewer
     */
    ScreenshotPane(Runnable openExternally) {
        this.openExternally = openExternally;
        getStyleClass().add("screenshot-pane");
        view.setId("screenshot-image");
        view.setPreserveRatio(true);
        view.setSmooth(true);
        canvas.getStyleClass().add("screenshot-canvas");
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(canvas.widthProperty());
        clip.heightProperty().bind(canvas.heightProperty());
        canvas.setClip(clip);
        canvas.setFocusTraversable(true);
        canvas.widthProperty().addListener((o, a, b) -> layoutImage());
        canvas.heightProperty().addListener((o, a, b) -> layoutImage());
        canvas.setOnScroll(e -> {
            if (image != null && e.getDeltaY() != 0) {
                zoomAt(e.getDeltaY() > 0 ? 1.15 : 1 / 1.15, e.getX(), e.getY());
                e.consume();
            }
        });
        canvas.setOnZoom(e -> zoomAt(e.getZoomFactor(), e.getX(), e.getY()));
        canvas.setOnMousePressed(e -> {
            canvas.requestFocus();
            dragX = e.getX() - view.getLayoutX();
            dragY = e.getY() - view.getLayoutY();
        });
        canvas.setOnMouseDragged(e -> {
            fit = false;
            view.setLayoutX(e.getX() - dragX);
            view.setLayoutY(e.getY() - dragY);
        });
        canvas.setOnKeyPressed(e -> {
            KeyCode k = e.getCode();
            if (k == KeyCode.PLUS || k == KeyCode.EQUALS || k == KeyCode.ADD) {
                zoomAt(1.25, canvas.getWidth() / 2, canvas.getHeight() / 2);
            } else if (k == KeyCode.MINUS || k == KeyCode.SUBTRACT) {
                zoomAt(1 / 1.25, canvas.getWidth() / 2, canvas.getHeight() / 2);
            } else if (k == KeyCode.DIGIT0 || k == KeyCode.NUMPAD0) {
                fit();
            } else if (k == KeyCode.DIGIT1 || k == KeyCode.NUMPAD1) {
                actualSize();
            } else {
                return;
            }
            e.consume();
        });

        Button fitButton = button("Fit", Feather.MAXIMIZE, "Fit the screenshot to the pane (0)", this::fit);
        fitButton.setId("screenshot-fit");
        Button actual = button("100 %", Feather.SQUARE, "Show at 100 % (1)", this::actualSize);
        actual.setId("screenshot-100");
        Button in = button(
                null,
                Feather.ZOOM_IN,
                "Zoom in (+)",
                () -> zoomAt(1.25, canvas.getWidth() / 2, canvas.getHeight() / 2));
        Button out = button(
                null,
                Feather.ZOOM_OUT,
                "Zoom out (−)",
                () -> zoomAt(1 / 1.25, canvas.getWidth() / 2, canvas.getHeight() / 2));
        Button copy = button("Copy", Feather.COPY, "Copy the screenshot to the clipboard", this::copy);
        Button open = button("Open", Feather.EXTERNAL_LINK, "Open screen.png in the system viewer", openExternally);
        zoomLabel.getStyleClass().add("text-muted");
        zoomLabel.setId("screenshot-zoom");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar = new HBox(6, fitButton, actual, in, out, zoomLabel, grow, copy, open);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 8, 6, 8));
        setTop(bar);
        problem.setWrapText(true);
        problem.getStyleClass().add("inspector-notice");
        problem.setId("screenshot-problem");
        setCenter(canvas);
    }

    private static Button button(String text, Feather icon, String tip, Runnable action) {
        Button b = new Button(text, new FontIcon(icon));
        b.getStyleClass().add("small");
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    /**
     * Shows a decoded image, or a problem sentence when {@code image} is null.
     *
     * @param file the file shown (for messages)
     */
    void show(Path file, Image image, String problemText) {
        show(file, image, problemText, null);
    }

    /**
     * As {@link #show(Path, Image, String)}, with a note under the image (one shown smaller than it is), or null.
     */
    void show(Path file, Image image, String problemText, String note) {
        this.image = image;
        if (note != null && image != null) {
            Label n = new Label(note);
            n.setWrapText(true);
            n.getStyleClass().addAll("text-muted", "text-small");
            n.setId("screenshot-note");
            n.setPadding(new Insets(4, 8, 4, 8));
            setBottom(n);
        } else {
            setBottom(null);
        }
        if (image == null) {
            view.setImage(null);
            problem.setText(problemText);
            setCenter(problem);
            zoomLabel.setText("");
            return;
        }
        view.setImage(image);
        setCenter(canvas);
        fit();
    }

    /** The image shown, or null. */
    Image image() {
        return image;
    }

    /** The current scale (1 = 100 %). */
    double scale() {
        return scale;
    }

    void fit() {
        fit = true;
        layoutImage();
    }

    void actualSize() {
        fit = false;
        scale = 1;
        applyScale();
        view.setLayoutX(Math.min(0, (canvas.getWidth() - view.getFitWidth()) / 2));
        view.setLayoutY(Math.min(0, (canvas.getHeight() - view.getFitHeight()) / 2));
        if (canvas.getWidth() > view.getFitWidth()) {
            view.setLayoutX((canvas.getWidth() - view.getFitWidth()) / 2);
        }
        if (canvas.getHeight() > view.getFitHeight()) {
            view.setLayoutY((canvas.getHeight() - view.getFitHeight()) / 2);
        }
    }

    private void layoutImage() {
        if (image == null || !fit) {
            return;
        }
        double w = Math.max(1, canvas.getWidth());
        double h = Math.max(1, canvas.getHeight());
        scale = Math.min(w / image.getWidth(), h / image.getHeight());
        applyScale();
        view.setLayoutX((w - view.getFitWidth()) / 2);
        view.setLayoutY((h - view.getFitHeight()) / 2);
    }

    private void zoomAt(double factor, double x, double y) {
        if (image == null) {
            return;
        }
        fit = false;
        double old = scale;
        scale = Math.max(0.05, Math.min(16, scale * factor));
        double f = scale / old;
        view.setLayoutX(x - (x - view.getLayoutX()) * f);
        view.setLayoutY(y - (y - view.getLayoutY()) * f);
        applyScale();
    }

    private void applyScale() {
        view.setFitWidth(image.getWidth() * scale);
        view.setFitHeight(image.getHeight() * scale);
        zoomLabel.setText(Math.round(scale * 100) + " %" + (fit ? " (fit)" : ""));
    }

    private void copy() {
        if (image != null) {
            ClipboardContent c = new ClipboardContent();
            c.putImage(image);
            Clipboard.getSystemClipboard().setContent(c);
        }
    }
}
