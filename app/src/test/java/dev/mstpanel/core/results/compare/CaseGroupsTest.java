package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.listing.CaseLabels;
import dev.mstpanel.testsupport.GroupsFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cases grouped by dataset or tag: a case in each of its tags' groups, the cases without one in a group of their
 * own, each side grouped by its own run's labels, each group with its sides' trials, interval and change.
 */
class CaseGroupsTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();

    @AfterEach
    void close() {
        reader.close();
    }

    private static CaseTally tally(String id, int graded, int passed, String dataset) {
        return new CaseTally(id, graded, graded, passed, 0, 0, 0, List.of(), dataset);
    }

    private static CaseComparison row(CaseTally base, CaseTally candidate) {
        String id = base != null ? base.caseId() : candidate.caseId();
        return new CaseComparison(
                id,
                base,
                candidate,
                CaseChange.of(base == null ? null : base.outcome(), candidate == null ? null : candidate.outcome()));
    }

    private static CaseLabels tags(Map<String, List<String>> tags) {
        return new CaseLabels(Map.of(), tags, null);
    }

    @Test
    void casesWithoutTagsAreAllInTheNoTagGroup() {
        List<CaseGroup> groups = CaseGroups.of(
                GroupBy.TAG,
                List.of(row(tally("a", 3, 3, null), tally("a", 3, 1, null)), row(tally("b", 2, 0, null), null)),
                CaseLabels.NONE,
                CaseLabels.NONE);

        assertThat(groups).hasSize(1);
        CaseGroup g = groups.get(0);
        assertThat(g.name()).isEqualTo("(no tag)");
        assertThat(g.none()).isTrue();
        assertThat(g.base()).isEqualTo(new CaseGroup.Side(2, 3, 5, WilsonInterval.of(3, 5)));
        assertThat(g.candidate()).isEqualTo(new CaseGroup.Side(1, 1, 3, WilsonInterval.of(1, 3)));
        assertThat(g.change()).isCloseTo(1.0 / 3 - 3.0 / 5, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void aCaseWithSeveralTagsCountsInEachOfTheirGroupsOnce() {
        CaseLabels labels = tags(Map.of("a", List.of("refunds", "orders"), "b", List.of("orders")));
        List<CaseGroup> groups = CaseGroups.of(
                GroupBy.TAG, List.of(tally("a", 4, 4, null), tally("b", 2, 0, null), tally("c", 1, 1, null)), labels);

        assertThat(groups).extracting(CaseGroup::name).containsExactly("orders", "refunds", "(no tag)");
        assertThat(groups.get(0).base()).isEqualTo(new CaseGroup.Side(2, 4, 6, WilsonInterval.of(4, 6)));
        assertThat(groups.get(1).base()).isEqualTo(new CaseGroup.Side(1, 4, 4, WilsonInterval.of(4, 4)));
        assertThat(groups.get(2).base()).isEqualTo(new CaseGroup.Side(1, 1, 1, WilsonInterval.of(1, 1)));
        assertThat(groups).allSatisfy(g -> assertThat(g.candidate()).isNull());
    }

    @Test
    void aGroupOnOneSideOnlyHasNoOtherSideAndNoChange() {
        // the candidate run tags case a "new" and no longer "old": each side is grouped by its own run's tags
        List<CaseGroup> groups = CaseGroups.of(
                GroupBy.TAG,
                List.of(row(tally("a", 2, 1, null), tally("a", 2, 2, null))),
                tags(Map.of("a", List.of("old"))),
                tags(Map.of("a", List.of("new"))));

        assertThat(groups).extracting(CaseGroup::name).containsExactly("new", "old");
        assertThat(groups.get(0).base()).isNull();
        assertThat(groups.get(0).candidate().passed()).isEqualTo(2);
        assertThat(groups.get(0).change()).isNull();
        assertThat(groups.get(1).candidate()).isNull();
        assertThat(groups.get(1).change()).isNull();
    }

    @Test
    void aCasesDatasetIsItsTrialsElseResultsJsonsElseNone() {
        CaseLabels labels = new CaseLabels(Map.of("b", "from-results", "a", "ignored"), Map.of(), null);
        List<CaseGroup> groups = CaseGroups.of(
                GroupBy.DATASET,
                List.of(tally("a", 1, 1, "from-trials"), tally("b", 1, 0, null), tally("c", 1, 1, null)),
                labels);

        assertThat(groups).extracting(CaseGroup::name).containsExactly("from-results", "from-trials", "(no dataset)");
        assertThat(groups.get(2).none()).isTrue();
    }

    @Test
    void aGroupWhoseTrialsWereNotGradedHasNoRateNoIntervalAndNoChange() {
        CaseTally infraOnly = new CaseTally("a", 3, 0, 0, 3, 0, 0, List.of(), "d");
        List<CaseGroup> groups = CaseGroups.of(
                GroupBy.DATASET, List.of(row(tally("a", 2, 2, "d"), infraOnly)), CaseLabels.NONE, CaseLabels.NONE);

        CaseGroup g = groups.get(0);
        assertThat(g.candidate()).isEqualTo(new CaseGroup.Side(1, 0, 0, null));
        assertThat(g.candidate().rate()).isNull();
        assertThat(g.change()).isNull();
    }

    @Test
    void twoRunsAreGroupedByTheDatasetTheirTrialsNameAndTheTagsOfTheirResultsJson() throws Exception {
        Path eval = GroupsFixture.write(root);
        ComparisonService service = new ComparisonService(reader, Runnable::run);
        Comparison c = service.compare(
                        eval.resolve("runs").resolve(GroupsFixture.RUN_A),
                        eval.resolve("runs").resolve(GroupsFixture.RUN_B),
                        null,
                        null,
                        new java.util.ArrayList<>())
                .get(0);

        ComparisonService.Grouped byDataset = service.groups(c, GroupBy.DATASET);
        assertThat(byDataset.notes()).isEmpty();
        assertThat(byDataset.groups())
                .extracting(g -> g.name() + " " + side(g.base()) + " → " + side(g.candidate()))
                .containsExactly(
                        "accounts 1/6 → 5/6", "billing 5/6 → 4/6", "exports — → 2/2", "(no dataset) 3/3 → 3/3");

        ComparisonService.Grouped byTag = service.groups(c, GroupBy.TAG);
        assertThat(byTag.groups())
                .extracting(g -> g.name() + " " + side(g.base()) + " → " + side(g.candidate()))
                .containsExactly(
                        "exports — → 2/2",
                        "invoices 3/3 → 1/3",
                        "orders 2/3 → 3/3",
                        "plans 0/3 → 3/3",
                        "refunds 2/6 → 6/6",
                        "(no tag) 4/6 → 5/6");
    }

    @Test
    void aRunWithoutResultsJsonGroupsEveryCaseAsUntaggedAndSaysWhy() throws Exception {
        Path eval = GroupsFixture.write(root);
        Path runB = eval.resolve("runs").resolve(GroupsFixture.RUN_B);
        Files.delete(runB.resolve("results.json"));
        ComparisonService service = new ComparisonService(reader, Runnable::run);
        RunTally tally = RunTally.read(reader, runB, false);

        ComparisonService.Grouped g =
                service.groups(runB, tally.variants().get("default").cases().values(), GroupBy.TAG);

        assertThat(g.groups()).extracting(CaseGroup::name).containsExactly("(no tag)");
        assertThat(g.groups().get(0).base().cases()).isEqualTo(6);
        assertThat(g.notes())
                .containsExactly(
                        "The run has no results.json (it is written when the run ends), so the cases' tags are not known.");
    }

    private static String side(CaseGroup.Side s) {
        return s == null ? "—" : s.passed() + "/" + s.graded();
    }
}
