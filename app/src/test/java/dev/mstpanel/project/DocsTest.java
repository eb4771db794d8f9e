package dev.mstpanel.project;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and docs/ as a newcomer reads them: a README of one page, every link and picture there,
 * and none of the words only the authors know (the trail of the work lives in commit messages).
 */
class DocsTest {

    private static final Path ROOT = TestEngines.projectRoot();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern INTERNAL = Pattern.compile(
            "(?i)\\bissue \\d+|\\bcheck\\d+|contract section|(?<!server[- ])\\btester\\b|\\bstop \\d+|\\b(last|this) stop\\b|hostile pass");

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CHANGELOG.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    @Test
    void theReadmeIsOnePageThatDefinesCowork() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        assertThat(lines.size()).as("README.md lines").isLessThanOrEqualTo(150);
        assertThat(String.join("\n", lines))
                .contains("## Glossary")
                .containsPattern("\\*\\*Cowork\\*\\* \\| Claude Desktop's agent mode");
    }

    @Test
    void everyLinkAndPictureInTheDocsIsThere() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            Matcher m = LINK.matcher(Files.readString(page));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-z]+:.*") || target.startsWith("#")) {
                    continue; // a web address or a place in the same page
                }
                Path file =
                        page.getParent().resolve(target.replaceAll("#.*", "")).normalize();
                if (!Files.exists(file)) {
                    broken.add(ROOT.relativize(page) + " -> " + target);
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void theDocsUseNoWordsOnlyTheAuthorsKnow() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = INTERNAL.matcher(lines.get(i));
                if (m.find()) {
                    found.add(ROOT.relativize(page) + ":" + (i + 1) + " \"" + m.group() + "\"");
                }
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void theDocsIndexLinksEveryPage() throws IOException {
        String index = Files.readString(ROOT.resolve("docs/README.md"));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".md") && !n.equals("README.md"))
                    .forEach(n ->
                            assertThat(index).as("docs/README.md links %s", n).contains("(" + n + ")"));
        }
    }
}
