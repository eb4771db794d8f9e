package dev.mstpanel.core.images;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of the project's image recipes: a folder with a {@code Dockerfile} and a {@code README.md}.
 *
 * @param name the folder's name, e.g. {@code grading}
 * @param folder the folder (the build context)
 * @param summary the README's first paragraph after its title, or empty
 * @param from the Dockerfile's first {@code FROM} image, e.g. {@code mst-cowork-linux:${BASE_TAG}}
 * @param args the {@code ARG} names the Dockerfile declares, in order, without duplicates
 */
public record ImageRecipe(String name, Path folder, String summary, String from, List<String> args) {
    private static final Pattern FROM = Pattern.compile("(?im)^\\s*FROM\\s+(\\S+)");
    private static final Pattern ARG = Pattern.compile("(?im)^\\s*ARG\\s+([A-Za-z_][A-Za-z0-9_]*)");

    public ImageRecipe {
        args = List.copyOf(args);
    }

    /**
     * Reads a recipe folder.
     *
     * @throws IOException when it has no readable {@code Dockerfile}
     */
    public static ImageRecipe read(Path folder) throws IOException {
        String dockerfile = Files.readString(folder.resolve("Dockerfile"), StandardCharsets.UTF_8);
        Matcher f = FROM.matcher(dockerfile);
        List<String> args = new ArrayList<>();
        Matcher a = ARG.matcher(dockerfile);
        while (a.find()) {
            if (!args.contains(a.group(1))) {
                args.add(a.group(1));
            }
        }
        String summary = "";
        Path readme = folder.resolve("README.md");
        if (Files.isReadable(readme)) {
            String text = Files.readString(readme, StandardCharsets.UTF_8);
            StringBuilder para = new StringBuilder();
            for (String line : text.lines().toList()) {
                if (line.startsWith("#")) {
                    continue;
                }
                if (line.isBlank()) {
                    if (para.length() > 0) {
                        break;
                    }
                    continue;
                }
                para.append(para.length() > 0 ? " " : "").append(line.strip());
            }
            summary = para.toString();
        }
        return new ImageRecipe(folder.getFileName().toString(), folder, summary, f.find() ? f.group(1) : "", args);
    }

    /** True when the recipe builds on MST's Cowork image and takes its tag as {@code BASE_TAG}. */
    public boolean basedOnMstImage() {
        return args.contains("BASE_TAG") && ImageFamily.ofTag(from.replace("${BASE_TAG}", "x")) != null;
    }

    /** The base image for a tag: {@code from} with {@code ${BASE_TAG}} filled in. */
    public String baseImage(String baseTag) {
        return from.replace("${BASE_TAG}", baseTag).replace("$BASE_TAG", baseTag);
    }

    /** The image the panel tags a build with: {@code mst-<name>:<baseTag>}, e.g. {@code mst-grading:2.0.0}. */
    public String defaultTag(String baseTag) {
        return "mst-" + name + ":" + baseTag;
    }
}
