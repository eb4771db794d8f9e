package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.text.ByteSize;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The split rules of MST's Cowork-in-Docker document, section "Memory and CPUs". */
class CapacityPlannerTest {
    private final CapacityPlanner planner = new CapacityPlanner();
    private static final long GIB = ByteSize.GIB;

    private static long gib(double g) {
        return (long) (g * GIB);
    }

    @Test
    void elevenPointSevenGibLeavesTenPointSevenForCowork() {
        ContextCapacity c = planner.plan(gib(11.7), 6, RunSizing.DEFAULTS);
        assertThat(ByteSize.gib(c.spareBytes())).isEqualTo("10.7 GiB");
        assertThat(c.cowork().containers()).isEqualTo(1);
        assertThat(c.coworkLine("colima-mst-kvm"))
                .isEqualTo("colima-mst-kvm has 11.7 GiB and 6 CPUs: 1 Cowork container at a time, 10.7 GiB each");
    }

    @Test
    void underTwoGibTheSpareMemoryIsHalf() {
        ContextCapacity c = planner.plan(gib(1.5), 2, RunSizing.DEFAULTS);
        assertThat(c.spareBytes()).isEqualTo(gib(0.75));
        assertThat(c.reserveBytes()).isEqualTo(gib(0.75));
        assertThat(c.cowork().memoryBytes()).isEqualTo(gib(0.75));
        assertThat(c.grade().containers()).isZero();
        assertThat(c.gradeLine()).contains("0 grade/headless containers", "does not fit");
    }

    @Test
    void gradeShardsFitInTwoGibEach() {
        ContextCapacity c = planner.plan(gib(11.7), 6, RunSizing.DEFAULTS);
        assertThat(c.grade().containers()).isEqualTo(5);
        assertThat(c.grade().memoryBytes()).isEqualTo(2 * GIB);
        assertThat(c.gradeLine()).isEqualTo("5 grade/headless containers at once, 2.0 GiB each");
    }

    @Test
    void chatgptIsAnEstimateLabelledSo() {
        ContextCapacity c = planner.plan(gib(11.7), 6, RunSizing.DEFAULTS);
        assertThat(c.chatgpt().estimate()).isTrue();
        assertThat(c.chatgpt().containers()).isEqualTo(5);
        assertThat(c.chatgptLine()).startsWith("about 5 ChatGPT containers").contains("estimate");
    }

    @Test
    void memoryOptionSizesEveryContainer() {
        ContextCapacity c = planner.plan(gib(11.7), 6, RunSizing.parse("3g", ""));
        assertThat(c.cowork().memoryBytes()).isEqualTo(3 * GIB);
        assertThat(c.grade().containers()).isEqualTo(3);
    }

    @Test
    void memoryLargerThanSpareDoesNotFitACoworkContainer() {
        ContextCapacity c = planner.plan(gib(11.7), 6, RunSizing.parse("12g", ""));
        assertThat(c.cowork().containers()).isZero();
        assertThat(c.cowork().note()).isEqualTo("memory=12.0 GiB does not fit in 10.7 GiB spare");
        assertThat(c.coworkLine("x")).contains("no Cowork container fits");
    }

    @Test
    void cpusLimitSharedContainers() {
        ContextCapacity c = planner.plan(gib(31.2), 4, new RunSizing(OptionalLong.empty(), OptionalDouble.of(1.5)));
        assertThat(c.error()).isNull();
        assertThat(c.grade().containers()).isEqualTo(2);
    }

    @Test
    void cpusAboveTheContextsAreAnErrorOnThatContext() {
        ContextCapacity c = planner.plan(gib(11.7), 6, RunSizing.parse("", "8"));
        assertThat(c.error()).isEqualTo("cpus=8 is more than its 6 CPUs");
        assertThat(c.cowork().containers()).isZero();
        assertThat(c.grade().containers()).isZero();
        assertThat(c.coworkLine("colima")).endsWith("cpus=8 is more than its 6 CPUs");
    }
}
