package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.model.RunInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Something that makes the two sides of a comparison unlike, said above the verdict: MST's
 * ChatGPT-in-Docker document asks to compare variants within one runner (the model's context,
 * tools and limits differ between a desktop and a container), and run.json records which runner
 * a run used ({@code environment.name}) and each variant's client ({@code variants[].client}).
 * See docs/eval-config-rules.md.
 *
 * @param kind what differs: what code and tests act on
 * @param message a sentence for people naming both sides' values
 */
public record CompareWarning(Kind kind, String message) {

    /** What differs between the two sides. */
    public enum Kind {
        /** The runs were made by different runners ({@code environment.name}). */
        DIFFERENT_RUNNERS,
        /** The two sides ran different clients. */
        DIFFERENT_CLIENTS;

        /** The name in {@code compare --json}: {@code different-runners}, {@code different-clients}. */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** A side's runner and client for people, e.g. {@code runner docker · client cowork}; unknown parts say so. */
    public static String sideText(RunInfo run, String variant) {
        String runner = run.runner() == null ? "runner not recorded" : "runner " + run.runner();
        String client = run.variantClients().get(variant);
        return runner + " · " + (client == null ? "client not recorded" : "client " + client);
    }

    /**
     * The warnings for a base and a candidate side; empty when they are alike or when run.json
     * does not record the value on one side (nothing is guessed).
     */
    public static List<CompareWarning> of(
            RunInfo base, String baseVariant, RunInfo candidate, String candidateVariant) {
        List<CompareWarning> out = new ArrayList<>();
        if (base.runner() != null
                && candidate.runner() != null
                && !base.runner().strip().equalsIgnoreCase(candidate.runner().strip())) {
            out.add(
                    new CompareWarning(
                            Kind.DIFFERENT_RUNNERS,
                            "The two sides ran on different runners (base: " + base.runner()
                                    + ", candidate: " + candidate.runner()
                                    + "): a desktop and a container give the model different context, tools "
                                    + "and limits, so the difference may be the runner's, not the change's. Compare variants within one runner."));
        }
        String bc = base.variantClients().get(baseVariant);
        String cc = candidate.variantClients().get(candidateVariant);
        if (bc != null && cc != null && !bc.strip().equalsIgnoreCase(cc.strip())) {
            out.add(new CompareWarning(
                    Kind.DIFFERENT_CLIENTS,
                    "The two sides ran different clients (base: " + bc + ", candidate: " + cc
                            + "): the difference may be the client's, not the change's."));
        }
        return List.copyOf(out);
    }
}
