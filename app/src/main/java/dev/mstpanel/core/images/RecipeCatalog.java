package dev.mstpanel.core.images;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the project's image recipes ({@code images/} at the repository root). In order: the
 * folder in {@code MST_PANEL_RECIPES}; {@code images/} beside the checkout the jar was built in;
 * else the copy packed into the jar ({@code images/index.txt} lists its files), unpacked into the
 * panel's data folder.
 */
public final class RecipeCatalog {
    private static final String BUNDLED = "/dev/mstpanel/recipes/";
    private final Path folder;

    /** @param folder a folder holding one sub-folder per recipe */
    public RecipeCatalog(Path folder) {
        this.folder = folder;
    }

    /**
     * The catalog this installation uses.
     *
     * @param override {@code MST_PANEL_RECIPES}, or null
     * @param dataDir the panel's data folder, where the packed recipes are unpacked
     * @throws IOException when the packed recipes cannot be unpacked
     */
    public static RecipeCatalog locate(String override, Path dataDir) throws IOException {
        if (override != null && !override.isBlank() && Files.isDirectory(Path.of(override))) {
            return new RecipeCatalog(Path.of(override));
        }
        try {
            Path jar = Path.of(RecipeCatalog.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path p = jar.getParent(); p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve("images/index.txt")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                    return new RecipeCatalog(p.resolve("images"));
                }
            }
        } catch (Exception ignored) {
            // no code source: use the packed copy
        }
        Path target = dataDir.resolve("recipes");
        try (InputStream index = RecipeCatalog.class.getResourceAsStream(BUNDLED + "index.txt")) {
            if (index == null) {
                return new RecipeCatalog(target);
            }
            for (String file : new String(index.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty())
                    .toList()) {
                try (InputStream in = RecipeCatalog.class.getResourceAsStream(BUNDLED + file)) {
                    if (in != null) {
                        Path out = target.resolve(file).normalize();
                        if (!out.startsWith(target)) {
                            continue;
                        }
                        Files.createDirectories(out.getParent());
                        Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        return new RecipeCatalog(target);
    }

    /** The folder recipes are read from. */
    public Path folder() {
        return folder;
    }

    /** Every recipe (a sub-folder with a Dockerfile), by name; unreadable ones are skipped. */
    public List<ImageRecipe> recipes() {
        List<ImageRecipe> out = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return out;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(folder)) {
            for (Path d : dirs) {
                if (Files.isRegularFile(d.resolve("Dockerfile"))) {
                    try {
                        out.add(ImageRecipe.read(d));
                    } catch (IOException ignored) {
                        // an unreadable recipe is left out
                    }
                }
            }
        } catch (IOException ignored) {
            // an unreadable folder has no recipes
        }
        out.sort(Comparator.comparing(ImageRecipe::name));
        return out;
    }
}
