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
 * the binary form when it is there and the CSS otherwise.
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

    private ThemeCompiler() {}

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
            Stylesheet.convertToBinary(css.toFile(), out.resolve(e.getKey() + ".bss").toFile());
            Files.delete(css);
        }
    }
}
