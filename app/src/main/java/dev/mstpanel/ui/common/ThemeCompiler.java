package dev.mstpanel.ui.common;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import javafx.css.Stylesheet;

/**
 * Build step (exec-maven-plugin, phase {@code process-classes}): converts AtlantaFX's Primer
 * stylesheets to JavaFX's binary form ({@code .bss}) in the classes folder. Parsing the 170 KB
 * Primer CSS text takes about a second of CPU at start-up on a small machine; loading the binary
 * form takes a few tens of ms ({@code scripts/bench/first-frame.sh}). {@link ThemeSwitcher} uses
 * the binary form when it is there and the CSS otherwise. The panel's own stylesheets
 * ({@link #OWN}) get their binary form beside them the same way ({@link #stylesheet}).
 */
public final class ThemeCompiler {
    /** Where the binary stylesheets go, under the classes folder. */
    static final String FOLDER = "dev/mstpanel/ui/theme/";

    /**
     * Appended to both themes: Modena's looked-up colours that ControlsFX's stylesheets use
     * (e.g. its notifications' {@code -fx-outer-border}, {@code -fx-body-color}), defined with
     * Primer's colours. Without them a notification's background would be see-through.
     */
    static final String EXTRA = """

            /* mst-panel: Modena colours for ControlsFX, in Primer's terms */
            .root {
                -fx-outer-border: -color-border-default;
                -fx-inner-border: -color-bg-default;
                -fx-body-color: -color-bg-default;
            }
            """;

    /** The panel's own stylesheets (paths under the classes folder), each compiled to a {@code .bss} beside it. */
    static final java.util.List<String> OWN =
            java.util.List.of("dev/mstpanel/ui/app.css", "dev/mstpanel/ui/images/tools.css");

    private ThemeCompiler() {}

    /**
     * A stylesheet of the panel's as a scene or node wants it: the binary form made at build time
     * when it is there, else the CSS text (a run from a class folder that skipped the build step).
     *
     * @param cssPath its path on the class path, e.g. {@code /dev/mstpanel/ui/app.css}
     * @return its URL as a string
     * @throws NullPointerException when neither form is on the class path
     */
    public static String stylesheet(String cssPath) {
        java.net.URL bss =
                ThemeCompiler.class.getResource(cssPath.substring(0, cssPath.length() - ".css".length()) + ".bss");
        return (bss != null ? bss : java.util.Objects.requireNonNull(ThemeCompiler.class.getResource(cssPath), cssPath))
                .toExternalForm();
    }

    /**
     * @param args the classes folder (e.g. {@code app/target/classes})
     * @throws IOException when a stylesheet cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]).resolve(FOLDER);
        Files.createDirectories(out);
        Map<String, String> sheets = Map.of(
                "primer-light", new PrimerLight().getUserAgentStylesheet(),
                "primer-dark", new PrimerDark().getUserAgentStylesheet());
        for (Map.Entry<String, String> e : sheets.entrySet()) {
            Path css = Files.createTempFile(e.getKey(), ".css");
            try (InputStream in = ThemeCompiler.class.getResourceAsStream(e.getValue())) {
                if (in == null) {
                    throw new IOException("AtlantaFX stylesheet " + e.getValue() + " is not on the class path");
                }
                Files.copy(in, css, StandardCopyOption.REPLACE_EXISTING);
            }
            Files.writeString(css, EXTRA, java.nio.file.StandardOpenOption.APPEND);
            Stylesheet.convertToBinary(
                    css.toFile(), out.resolve(e.getKey() + ".bss").toFile());
            Files.delete(css);
        }
        for (String own : OWN) {
            Path css = Path.of(args[0]).resolve(own);
            Stylesheet.convertToBinary(
                    css.toFile(),
                    css.resolveSibling(css.getFileName().toString().replace(".css", ".bss"))
                            .toFile());
        }
    }
}
