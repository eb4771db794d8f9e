package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextSource;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.mst.ClientKind;
import dev.mstpanel.ui.contexts.ContextRow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Run form never offers MST a Colima profile that has no Docker context: MST takes a context's name. */
class ContextSplitsTest {
    @Test
    void aColimaProfileWithoutAContextCannotBeChosenAndSaysHowToAddOne() {
        String hint =
                "Add it as a context: docker context create colima-work --docker host=unix:///Users/a/.colima/work/docker.sock";
        DockerContext profile = new DockerContext(
                "colima-work",
                "Colima profile work (no Docker context yet)",
                "unix:///Users/a/.colima/work/docker.sock",
                ContextSource.COLIMA_PROFILE,
                false,
                null,
                false,
                null,
                hint,
                "work");
        ContextChoice choice = new ContextChoice("colima-work");
        choice.selectedProperty().set(true);
        new ContextSplits()
                .update(
                        List.of(new ContextRow(profile, ContextRow.State.REACHABLE, null, null, false)),
                        List.of(choice),
                        "",
                        "",
                        ClientKind.COWORK);
        assertThat(choice.availableProperty().get()).isFalse();
        assertThat(choice.selectedProperty().get()).isFalse();
        assertThat(choice.splitLineProperty().get())
                .isEqualTo("a Colima profile without a Docker context: MST cannot use it yet");
        assertThat(choice.reasonProperty().get()).isEqualTo(hint);
    }

    @Test
    void whileTheFormGradesARunEachContextsLineGivesTheGradeContainersThatFit() {
        DockerContext ctx = new DockerContext(
                "engine-1",
                "",
                "unix:///tmp/e1.sock",
                ContextSource.CONTEXT_STORE,
                false,
                null,
                false,
                null,
                null,
                null);
        dev.mstpanel.core.docker.EngineInfo engine = new dev.mstpanel.core.docker.EngineInfo(
                "27.0", "Debian", "linux", "x86_64", 4, 16L * 1024 * 1024 * 1024, 0, "/var/lib/docker", "id");
        ContextRow row = new ContextRow(
                ctx,
                ContextRow.State.REACHABLE,
                new dev.mstpanel.core.docker.ProbeResult(ctx, engine, null, 5),
                null,
                false);
        ContextChoice choice = new ContextChoice("engine-1");
        ContextSplits splits = new ContextSplits();
        splits.update(List.of(row), List.of(choice), "", "", ClientKind.COWORK, false);
        assertThat(choice.splitLineProperty().get()).startsWith("16.0 GiB, 4 CPUs: 1 Cowork container at a time");
        splits.update(List.of(row), List.of(choice), "", "", ClientKind.COWORK, true);
        String grading = choice.splitLineProperty().get();
        assertThat(grading)
                .startsWith("16.0 GiB, 4 CPUs: ")
                .contains("grade/headless containers at once, 2.0 GiB each")
                .doesNotContain("Cowork");
        // the same figure as the capacity line under Grading
        assertThat(ContextSplits.gradeLines(List.of(row), List.of("engine-1"), "", ""))
                .isEqualTo("engine-1: " + grading.substring("16.0 GiB, 4 CPUs: ".length()));
        splits.update(List.of(row), List.of(choice), "4g", "", ClientKind.COWORK, true);
        assertThat(choice.splitLineProperty().get()).contains("4.0 GiB each");
        assertThat(choice.splitBadProperty().get()).isFalse();
    }
}
