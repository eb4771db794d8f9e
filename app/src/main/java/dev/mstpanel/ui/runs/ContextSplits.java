package dev.mstpanel.ui.runs;

import dev.mstpanel.core.docker.CapacityPlanner;
import dev.mstpanel.core.docker.ContextCapacity;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.RunSizing;
import dev.mstpanel.core.mst.ClientKind;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.contexts.ContextRow;
import java.util.List;

/**
 * The line under each context's checkbox in the Run form: how many containers of the eval's
 * client fit on it at the form's memory and CPUs ({@link CapacityPlanner}), or why none can run.
 */
final class ContextSplits {
    private final CapacityPlanner planner = new CapacityPlanner();

    /**
     * Updates every choice from its context's row (FX thread).
     *
     * @param memory the form's {@code memory} as typed; unparsable means MST's default
     * @param cpus the form's {@code cpus} as typed
     * @param kind the eval's client
     */
    void update(List<ContextRow> rows, List<ContextChoice> choices, String memory, String cpus, ClientKind kind) {
        update(rows, choices, memory, cpus, kind, false);
    }

    /**
     * As {@link #update(List, List, String, String, ClientKind)}; while the form grades a run
     * ({@code mst grade}) the line gives the grade containers that fit instead of the client's
     * ({@code 23.6 GiB, 2 CPUs: 11 grade/headless containers at once, 2.0 GiB each}): grade shards
     * run in the eval client's image without a desktop, several per context, 2 GiB each unless
     * {@code memory} is set (seed "Cowork in Docker"; docs/dev/mst-format.md, Capacity).
     *
     * @param grading true while the form grades a run
     */
    void update(
            List<ContextRow> rows,
            List<ContextChoice> choices,
            String memory,
            String cpus,
            ClientKind kind,
            boolean grading) {
        RunSizing sizing;
        try {
            sizing = RunSizing.parse(memory, cpus);
        } catch (IllegalArgumentException e) {
            sizing = RunSizing.DEFAULTS;
        }
        for (ContextRow row : rows) {
            ContextChoice choice = choices.stream()
                    .filter(c -> c.name().equals(row.name()))
                    .findFirst()
                    .orElse(null);
            if (choice == null) {
                continue;
            }
            EngineInfo e = row.probe() == null ? null : row.probe().engine();
            if (row.context().source() == dev.mstpanel.core.docker.ContextSource.COLIMA_PROFILE) {
                // MST takes a Docker context's name (--context): a Colima profile without one cannot be chosen
                choice.update(false, "a Colima profile without a Docker context: MST cannot use it yet", false);
                choice.setReason(row.context().hint());
            } else if (row.state() == ContextRow.State.PROBING) {
                choice.update(false, "probing…", false);
            } else if (row.state() == ContextRow.State.UNREACHABLE || e == null) {
                String why = row.probe() != null && row.probe().failure() != null
                        ? row.probe().failure().message()
                        : null;
                choice.update(false, "unreachable (see the Contexts view)", false);
                choice.setReason(why);
            } else if (e.memoryBytes() <= 0 || e.cpus() <= 0) {
                choice.update(true, "memory and CPUs unknown", false);
            } else {
                ContextCapacity cap = planner.plan(e.memoryBytes(), e.cpus(), sizing);
                String head =
                        ByteSize.gib(e.memoryBytes()) + ", " + e.cpus() + (e.cpus() == 1 ? " CPU" : " CPUs") + ": ";
                ClientKind runs = grading
                        ? ClientKind.HEADLESS
                        : kind; // what runs on the context: grade containers while grading
                String line = switch (runs) {
                    case COWORK ->
                        cap.error() != null
                                ? cap.error()
                                : cap.cowork().containers() == 0
                                        ? "no Cowork container fits ("
                                                + cap.cowork().note() + ")"
                                        : "1 Cowork container at a time, "
                                                + (cap.cowork().memoryBytes() < ByteSize.GIB
                                                        ? ByteSize.human(
                                                                cap.cowork().memoryBytes())
                                                        : ByteSize.gib(
                                                                cap.cowork().memoryBytes()))
                                                + " each";
                    case CHATGPT -> cap.chatgptLine();
                    case HEADLESS, OTHER -> cap.gradeLine();
                };
                boolean bad = cap.error() != null
                        || (runs == ClientKind.COWORK
                                ? cap.cowork().containers() == 0
                                : cap.grade().containers() == 0);
                choice.update(true, head + line, bad);
            }
        }
    }

    /**
     * How many grade containers fit on each chosen context at the form's memory and CPUs, one line
     * each ({@code engine-1: 11 grade/headless containers at once, 2.0 GiB each}); grade containers
     * share a context, 2 GiB each unless {@code memory} is set, and {@code cpus} each when set
     * (docs/dev/mst-format.md, Capacity; seed "Cowork in Docker"). Blank when no context is chosen.
     */
    static String gradeLines(List<ContextRow> rows, List<String> chosen, String memory, String cpus) {
        RunSizing sizing;
        try {
            sizing = RunSizing.parse(memory, cpus);
        } catch (IllegalArgumentException e) {
            sizing = RunSizing.DEFAULTS;
        }
        CapacityPlanner planner = new CapacityPlanner();
        List<String> lines = new java.util.ArrayList<>();
        for (String name : chosen) {
            ContextRow row =
                    rows.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
            EngineInfo e =
                    row == null || row.probe() == null ? null : row.probe().engine();
            if (e == null || e.memoryBytes() <= 0 || e.cpus() <= 0) {
                lines.add(name + ": memory and CPUs unknown");
            } else {
                lines.add(name + ": "
                        + planner.plan(e.memoryBytes(), e.cpus(), sizing).gradeLine());
            }
        }
        return String.join("\n", lines);
    }
}
