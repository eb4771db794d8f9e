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
        String hint = "Add it as a context: docker context create colima-work --docker host=unix:///Users/a/.colima/work/docker.sock";
        DockerContext profile = new DockerContext("colima-work", "Colima profile work (no Docker context yet)",
                "unix:///Users/a/.colima/work/docker.sock", ContextSource.COLIMA_PROFILE, false, null, false, null, hint, "work");
        ContextChoice choice = new ContextChoice("colima-work");
        choice.selectedProperty().set(true);
        new ContextSplits().update(List.of(new ContextRow(profile, ContextRow.State.REACHABLE, null, null, false)), List.of(choice), "", "", ClientKind.COWORK);
        assertThat(choice.availableProperty().get()).isFalse();
        assertThat(choice.selectedProperty().get()).isFalse();
        assertThat(choice.splitLineProperty().get()).isEqualTo("a Colima profile without a Docker context: MST cannot use it yet");
        assertThat(choice.reasonProperty().get()).isEqualTo(hint);
    }
}
