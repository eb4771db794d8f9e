package dev.mstpanel.core.mst;

/**
 * Where {@code mst run} grades its trials (docs/dev/mst-format.md, Commands and Run flags; seed "Cowork in Docker":
 * grade shards run in the eval client's image, without a desktop, several per context).
 */
public enum Grading {
    /** MST's default: it grades on this machine after collecting; no flag. */
    HERE(null),
    /** {@code --grade-runner docker}: grade shards in containers on the run's contexts, 2 GiB each unless {@code memory} is set. */
    IN_CONTAINERS("--grade-runner"),
    /** {@code --no-grade}: collect only; grade later with {@code mst grade <run>} (Results → Grade…). */
    NONE("--no-grade");

    private final String flag;

    Grading(String flag) {
        this.flag = flag;
    }

    /** The {@code mst run} arguments for this choice: none, {@code [--grade-runner, docker]} or {@code [--no-grade]}. */
    public java.util.List<String> arguments() {
        return switch (this) {
            case HERE -> java.util.List.of();
            case IN_CONTAINERS -> java.util.List.of(flag, RunCommandLine.RUNNER);
            case NONE -> java.util.List.of(flag);
        };
    }
}
