package dev.mstpanel.core.results.listing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The datasets and tags of a run's cases, read from its results.json by the one walker of its cases. */
class CaseLabelsTest {
    @TempDir
    Path run;

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void tagsAreTheUnionOverACasesVariantsAndItsDatasetTheFirstNamed() throws Exception {
        Files.writeString(run.resolve("results.json"), """
                {"format": "mst.run/v1", "kind": "results", "cases": [
                  {"id": "a", "variant": "default", "datasetName": "billing", "pass": true,
                   "request": {"input": "x", "tags": ["refunds", "orders"], "trials": 2}},
                  {"id": "a", "variant": "with-search", "datasetName": "billing",
                   "request": {"tags": ["orders", "search"]}},
                  {"id": "b", "datasetName": "", "request": {"tags": "single"}},
                  {"id": "c", "request": {"tags": [7, {"name": "x"}, " ", "kept"]}},
                  {"id": "d", "datasetName": 12, "request": {"tags": null}}
                ]}
                """);

        CaseLabels l = CaseLabels.read(run, mapper);

        assertThat(l.problem()).isNull();
        assertThat(l.tags("a")).containsExactly("refunds", "orders", "search");
        assertThat(l.dataset("a")).isEqualTo("billing");
        assertThat(l.tags("b")).containsExactly("single");
        assertThat(l.dataset("b")).isNull();
        assertThat(l.tags("c")).containsExactly("kept");
        assertThat(l.tags("d")).isEmpty();
        assertThat(l.dataset("d")).isNull();
        assertThat(l.tags("unknown")).isEmpty();
    }

    @Test
    void aFileCutShortKeepsTheCasesReadBeforeAndSaysWhereItStopped() throws Exception {
        Files.writeString(run.resolve("results.json"), """
                {"cases": [{"id": "a", "request": {"tags": ["one"]}}, {"id": "b", "request": {"tags": [""");

        CaseLabels l = CaseLabels.read(run, mapper);

        assertThat(l.tags("a")).containsExactly("one");
        assertThat(l.problem()).startsWith("results.json is not valid JSON").endsWith("are not known.");
    }

    @Test
    void noResultsJsonIsSaidNotThrown() {
        CaseLabels l = CaseLabels.read(run, mapper);

        assertThat(l.tags()).isEmpty();
        assertThat(l.problem()).contains("has no results.json");
        assertThat(List.of(l.problem())).noneMatch(p -> p.contains("Exception"));
    }
}
