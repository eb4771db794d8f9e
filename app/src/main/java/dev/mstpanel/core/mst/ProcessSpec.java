package dev.mstpanel.core.mst;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link ProcessSupervisor} starts.
 *
 * @param argv program and arguments (argv[0] should be an absolute path or a name the
 *     environment's PATH resolves; nothing goes through a shell)
 * @param workingDir the working folder, or null for the JVM's
 * @param environment the complete environment of the process (not merged with the JVM's)
 * @param logFile the file the full output goes to (secrets masked), or null for none; its
 *     folder is created
 * @param redactor masks secrets in the log file, the shown command line and delivered lines
 * @param grace how long after the first cancel (SIGINT) the process may take to exit before its
 *     tree is ended: 0 to {@link #MAX_GRACE}; null for {@link #DEFAULT_GRACE}
 * @throws IllegalArgumentException when grace is negative or over {@link #MAX_GRACE}
 */
public record ProcessSpec(
        List<String> argv,
        Path workingDir,
        Map<String, String> environment,
        Path logFile,
        SecretRedactor redactor,
        Duration grace) {

    /** Default grace period after SIGINT: 20 s (MST stops its shards, then removes containers). */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(20);
    /** The longest grace period: 1 hour (3600 s). */
    public static final Duration MAX_GRACE = Duration.ofHours(1);

    public ProcessSpec {
        if (argv == null || argv.isEmpty()) {
            throw new IllegalArgumentException("argv must name a program");
        }
        argv = List.copyOf(argv);
        environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
        redactor = redactor == null ? SecretRedactor.forEnvironment(environment) : redactor;
        grace = grace == null ? DEFAULT_GRACE : grace;
        if (grace.isNegative() || grace.compareTo(MAX_GRACE) > 0) {
            throw new IllegalArgumentException(
                    "grace " + grace.toSeconds() + " s is outside 0.." + MAX_GRACE.toSeconds() + " s");
        }
    }

    /** A spec with the default grace period and a redactor built from the environment. */
    public static ProcessSpec of(List<String> argv, Path workingDir, Map<String, String> environment, Path logFile) {
        return new ProcessSpec(argv, workingDir, environment, logFile, null, null);
    }

    /** A copy with another redactor. */
    public ProcessSpec withRedactor(SecretRedactor r) {
        return new ProcessSpec(argv, workingDir, environment, logFile, r, grace);
    }

    /** A copy with another grace period. */
    public ProcessSpec withGrace(Duration g) {
        return new ProcessSpec(argv, workingDir, environment, logFile, redactor, g);
    }

    /** A copy with another log file. */
    public ProcessSpec withLogFile(Path f) {
        return new ProcessSpec(argv, workingDir, environment, f, redactor, grace);
    }
}
