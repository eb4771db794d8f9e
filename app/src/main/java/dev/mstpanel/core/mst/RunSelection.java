package dev.mstpanel.core.mst;

import java.util.ArrayList;
import java.util.List;

/**
 * Which cases and variants a run runs: MST's {@code --case <ids…>} and {@code --variant <names…>}
 * (docs/dev/mst-format.md, Run flags: how to re-run failed or flaky cases in a new run). Empty lists mean all.
 *
 * @param cases case ids, in order; empty for every case
 * @param variants variant names, in order; empty for every variant
 */
public record RunSelection(List<String> cases, List<String> variants) {
    /** Every case of every variant. */
    public static final RunSelection ALL = new RunSelection(List.of(), List.of());

    public RunSelection {
        cases = cases == null ? List.of() : List.copyOf(cases);
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    /**
     * Whether {@code --case} can name this case: not an id starting with {@code -}, which MST's command
     * line would read as an option (and {@link #parse} as the next one). The re-runs of a comparison and
     * of a run's failed cases leave such cases out and say so.
     */
    public static boolean canName(String caseId) {
        return !caseId.startsWith("-");
    }

    /** True when nothing is restricted. */
    public boolean isAll() {
        return cases.isEmpty() && variants.isEmpty();
    }

    /** The {@code mst run} arguments: {@code --case a b --variant v}, or none. */
    public List<String> arguments() {
        List<String> a = new ArrayList<>();
        if (!cases.isEmpty()) {
            a.add("--case");
            a.addAll(cases);
        }
        if (!variants.isEmpty()) {
            a.add("--variant");
            a.addAll(variants);
        }
        return a;
    }

    /**
     * Reads {@code --case <ids…>} and {@code --variant <names…>} out of arguments (the values run to
     * the next word starting with {@code --}).
     *
     * @throws IllegalArgumentException for any other argument
     */
    public static RunSelection parse(List<String> args) {
        return read(args, true);
    }

    /**
     * The {@code --case} and {@code --variant} values among a whole {@code mst run} command line's arguments
     * (docs/dev/mst-format.md, Run flags): every other flag ends a list of values and is passed over.
     */
    public static RunSelection within(List<String> runArgs) {
        return read(runArgs, false);
    }

    /** The one reading of the two flags: {@code strict} refuses anything else, as the re-run's own arguments. */
    private static RunSelection read(List<String> args, boolean strict) {
        List<String> cases = new ArrayList<>();
        List<String> variants = new ArrayList<>();
        List<String> into = null;
        for (String a : args) {
            if (a.equals("--case")) {
                into = cases;
            } else if (a.equals("--variant")) {
                into = variants;
            } else if (!strict && a.startsWith("--case=")) {
                cases.add(a.substring("--case=".length()));
                into = null;
            } else if (!strict && a.startsWith("--variant=")) {
                variants.add(a.substring("--variant=".length()));
                into = null;
            } else if (a.startsWith(strict ? "--" : "-") || into == null) {
                if (strict) {
                    throw new IllegalArgumentException("Only --case and --variant can be given here, not " + a + ".");
                }
                into = null;
            } else {
                into.add(a);
            }
        }
        return new RunSelection(cases, variants);
    }

    /** For people: {@code 4 cases (lookup-invoice, refund-order, …) of the variant default}. */
    public String describe() {
        if (isAll()) {
            return "every case of every variant";
        }
        String c = cases.isEmpty()
                ? "every case"
                : cases.size()
                        + (cases.size() == 1 ? " case (" : " cases (")
                        + String.join(", ", cases.size() > 4 ? cases.subList(0, 4) : cases)
                        + (cases.size() > 4 ? ", …)" : ")");
        String v = variants.isEmpty()
                ? "of every variant"
                : (variants.size() == 1 ? "of the variant " : "of the variants ") + String.join(", ", variants);
        return c + " " + v;
    }
}
