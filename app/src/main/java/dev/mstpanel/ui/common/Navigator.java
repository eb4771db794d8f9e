package dev.mstpanel.ui.common;

import java.nio.file.Path;
import java.util.List;

/**
 * Moves between the main window's views: the one seam a view uses to open another (the shell,
 * {@code ui/MainWindow}, implements it and hands it to every view). A view never looks for the
 * window itself. Call on the FX thread.
 */
public interface Navigator {
    /**
     * Shows the Results view with a run folder open (watched, so traces appear as MST writes them).
     *
     * @param runDir a folder {@code .mcp-test-results/<eval>/runs/<runId>}
     */
    void openResults(Path runDir);

    /**
     * Shows the Results view comparing two sides: two variants of one run when the run
     * folders are the same, else one variant in two runs of one eval.
     *
     * @param baseRunDir the base run
     * @param baseVariant its variant, or null for the run's baseline
     * @param candidateRunDir the candidate run (the same folder for two variants)
     * @param candidateVariant its variant, or null for the first other variant (or the same name in another run)
     */
    void openComparison(Path baseRunDir, String baseVariant, Path candidateRunDir, String candidateVariant);

    /**
     * Shows the Runs view's form filled in for a new run of the eval these results came from,
     * restricted by {@code mstArgs} (MST's {@code --case <ids…> --variant <names…>}; docs/dev/mst-format.md, Run flags), for the person to check and start. Nothing starts by itself.
     *
     * @param runDir the run whose eval config is used (its project folder's config), for the form's config field
     * @param mstArgs extra {@code mst run} arguments
     */
    void openRunsForm(Path runDir, List<String> mstArgs);

    /**
     * Shows the Runs view's form filled in to grade a run again in containers: {@code mst grade <run id>
     * --config <eval> --runner docker} with the form's runner options (docs/dev/mst-format.md, Commands), for the
     * person to check and start; it is then supervised and shown as a run is. Nothing starts by itself.
     *
     * @param runDir the run to grade (its project folder's eval config is used for {@code --config})
     */
    void openGradeForm(Path runDir);

    /**
     * Shows the Images view on one Docker context (e.g. to rebuild a stale MST image).
     *
     * @param context the Docker context's name
     */
    void openImages(String context);

    /**
     * Shows the Images view on a context with an eval config set for the build's {@code --config}
     * (its plugins go into the image).
     *
     * @param evalConfig the eval config, or null for none
     */
    default void openImages(String context, Path evalConfig) {
        openImages(context);
    }
}
