package dev.mstpanel.core.colima;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.shell.StreamingProcess;
import dev.mstpanel.core.text.ControlCharacters;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The {@code colima} CLI, found on the login shell's PATH (as MST is): its profiles
 * ({@code colima list --json}) and starting and stopping them with their output streamed.
 * Arguments go as a list, never through a shell.
 */
public final class Colima {
    /**
     * What to say when Colima is not installed, for this machine's system: on macOS it is how Docker runs at all
     * (Homebrew); on Linux it is optional, any Docker engine will do, so the sentence says that first.
     */
    public static String installHint(HostEnvironment.OsFamily os) {
        return os == HostEnvironment.OsFamily.MAC
                ? "Colima is not installed: install it with brew install colima to run Docker VMs on this Mac."
                : "Colima is not installed. It is optional here (any Docker engine will do); to run Docker VMs with it, install it from its releases (github.com/abiosoft/colima).";
    }

    /** {@link #installHint(HostEnvironment.OsFamily)} for the system this runs on. */
    public String installHint() {
        return installHint(runner.environment().os());
    }

    private static final Pattern PROFILE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,62}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final CommandRunner runner;

    /** @param runner runs commands with the login shell's environment */
    public Colima(CommandRunner runner) {
        this.runner = runner;
    }

    /** True on macOS, where Colima is how Docker runs; elsewhere it is one engine among others. */
    public boolean onMac() {
        return runner.environment().os() == HostEnvironment.OsFamily.MAC;
    }

    /** The {@code colima} executable, if installed. */
    public Optional<Path> executable() {
        return runner.environment().findExecutable("colima");
    }

    /**
     * The profiles, as {@code colima list --json} prints them.
     *
     * @param timeout how long colima may take
     * @return the profiles in colima's order
     * @throws IOException when colima is missing or fails; the message says why
     */
    public List<ColimaProfile> list(Duration timeout) throws IOException {
        Path colima = executable().orElseThrow(() -> new IOException(installHint()));
        CommandResult r = runner.run(List.of(colima.toString(), "list", "--json"), null, timeout);
        if (!r.ok()) {
            throw new IOException("colima list failed: "
                    + (r.timedOut()
                            ? "no answer within " + timeout.toSeconds() + " s"
                            : r.stderr()
                                    .lines()
                                    .filter(l -> !l.isBlank())
                                    .findFirst()
                                    .orElse("exit code " + r.exitCode())));
        }
        return parseList(r.stdout());
    }

    /**
     * Parses {@code colima list --json}: one JSON object per line (Colima prints nothing else there).
     * A line that is not a JSON object means the list cannot be trusted; a profile whose values
     * have the wrong type or are out of {@link ColimaSizes}' ranges is kept with its problem.
     *
     * @throws IOException "could not read Colima's list: …" naming the first unreadable line
     */
    static List<ColimaProfile> parseList(String out) throws IOException {
        List<ColimaProfile> profiles = new ArrayList<>();
        int lineNo = 0;
        for (String line : out.lines().toList()) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode n;
            try {
                n = JSON.readTree(line);
            } catch (IOException e) {
                n = null;
            }
            if (n == null || !n.isObject()) {
                throw new IOException("could not read Colima's list: line " + lineNo + " is not a JSON object (\""
                        + ControlCharacters.escape(line.length() > 60 ? line.substring(0, 60) + "…" : line) + "\").");
            }
            List<String> problems = new ArrayList<>();
            String name = text(n, "name", problems);
            String status = text(n, "status", problems);
            long cpus = whole(n, "cpus", problems);
            long memory = whole(n, "memory", problems);
            long disk = whole(n, "disk", problems);
            if (cpus != Long.MIN_VALUE) {
                add(problems, ColimaSizes.CPUS.problemWithListed(cpus));
            }
            if (memory != Long.MIN_VALUE) {
                add(problems, ColimaSizes.MEMORY.problemWithListed(memory));
            }
            if (disk != Long.MIN_VALUE) {
                add(problems, ColimaSizes.DISK.problemWithListed(disk));
            }
            int shownCpus =
                    cpus == Long.MIN_VALUE || cpus > Integer.MAX_VALUE || cpus < Integer.MIN_VALUE ? 0 : (int) cpus;
            profiles.add(new ColimaProfile(
                    name,
                    status,
                    n.path("arch").asText(""),
                    shownCpus,
                    memory == Long.MIN_VALUE ? 0 : memory,
                    disk == Long.MIN_VALUE ? 0 : disk,
                    n.path("runtime").asText(""),
                    problems.isEmpty()
                            ? null
                            : "Colima's list cannot be trusted for this profile: " + String.join("; ", problems)
                                    + "."));
        }
        return profiles;
    }

    private static void add(List<String> problems, String problem) {
        if (problem != null) {
            problems.add(problem);
        }
    }

    private static String text(JsonNode n, String field, List<String> problems) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) {
            problems.add("its " + field + " is " + (v == null ? "missing" : "not text"));
            return v == null || v.isNull() ? "" : v.asText("");
        }
        return v.asText();
    }

    /** A whole number, or Long.MIN_VALUE (with a problem) when it is missing, not a number, or not whole. */
    private static long whole(JsonNode n, String field, List<String> problems) {
        JsonNode v = n.get(field);
        if (v == null || !v.isNumber()) {
            problems.add("its " + field + " is " + (v == null ? "missing" : "not a number"));
            return Long.MIN_VALUE;
        }
        if (!v.canConvertToLong() || (v.isFloatingPointNumber() && v.asDouble() != Math.rint(v.asDouble()))) {
            problems.add("its " + field + " (" + v.asText() + ") is not a whole number in range");
            return Long.MIN_VALUE;
        }
        return v.asLong();
    }

    /**
     * What a new or restarted VM gets. Sizes in GiB, as Colima's flags take them.
     *
     * @param cpus {@code --cpu}, 0 for Colima's default, else in {@link ColimaSizes#CPUS}' range
     * @param memoryGib {@code --memory}, 0 for Colima's default, else in {@link ColimaSizes#MEMORY}' range
     * @param diskGib {@code --disk}, 0 for Colima's default, else in {@link ColimaSizes#DISK}' range
     * @param vmType {@code --vm-type} ({@code vz}, {@code qemu}), or null
     * @param nested {@code --nested-virtualization}
     */
    public record StartOptions(int cpus, int memoryGib, int diskGib, String vmType, boolean nested) {
        /** The preset for Cowork (MST's Cowork-in-Docker document): vz, nested virtualization, 6 CPUs, 12 GiB, 40 GiB. */
        public static final StartOptions COWORK = new StartOptions(6, 12, 40, "vz", true);
        /** Colima's defaults (a plain restart). */
        public static final StartOptions NONE = new StartOptions(0, 0, 0, null, false);
    }

    /**
     * The command line of {@code colima start PROFILE [flags]}.
     *
     * @throws IllegalArgumentException when the profile name or a size is not valid
     */
    public List<String> startCommand(String profile, StartOptions o) {
        List<String> argv = new ArrayList<>(
                List.of(executable().map(Path::toString).orElse("colima"), "start", requireProfile(profile)));
        // 0 means "Colima's default" (the flag is left out); anything else must be in range
        if (o.cpus() != 0) {
            argv.addAll(List.of("--cpu", String.valueOf(ColimaSizes.CPUS.require(o.cpus()))));
        }
        if (o.memoryGib() != 0) {
            argv.addAll(List.of("--memory", String.valueOf(ColimaSizes.MEMORY.require(o.memoryGib()))));
        }
        if (o.diskGib() != 0) {
            argv.addAll(List.of("--disk", String.valueOf(ColimaSizes.DISK.require(o.diskGib()))));
        }
        if (o.vmType() != null && !o.vmType().isBlank()) {
            if (!o.vmType().matches("vz|qemu")) {
                throw new IllegalArgumentException("--vm-type is vz or qemu, not \"" + o.vmType() + "\".");
            }
            argv.addAll(List.of("--vm-type", o.vmType()));
        }
        if (o.nested()) {
            argv.add("--nested-virtualization");
        }
        return argv;
    }

    /**
     * Starts {@code colima start PROFILE [flags]}, streaming its output (stdout and stderr merged).
     *
     * @throws IOException when colima is missing or cannot start
     * @throws IllegalArgumentException when the profile or options are not valid
     */
    public StreamingProcess start(String profile, StartOptions options, Consumer<String> onLine) throws IOException {
        if (executable().isEmpty()) {
            throw new IOException(installHint());
        }
        return StreamingProcess.start(startCommand(profile, options), runner.environment(), Map.of(), null, onLine);
    }

    /**
     * Starts {@code colima stop PROFILE}, streaming its output.
     *
     * @throws IOException when colima is missing or cannot start
     */
    public StreamingProcess stop(String profile, Consumer<String> onLine) throws IOException {
        Path colima = executable().orElseThrow(() -> new IOException(installHint()));
        return StreamingProcess.start(
                List.of(colima.toString(), "stop", requireProfile(profile)),
                runner.environment(),
                Map.of(),
                null,
                onLine);
    }

    /**
     * True where Colima can give a VM nested virtualization: macOS 15 or later on Apple Silicon M3
     * or later, with the vz VM type (MST's Cowork-in-Docker document, Mac prerequisites).
     */
    public boolean nestedVirtualizationSupported() {
        HostEnvironment env = runner.environment();
        if (env.os() != HostEnvironment.OsFamily.MAC) {
            return false;
        }
        CommandResult brand =
                runner.run(List.of("/usr/sbin/sysctl", "-n", "machdep.cpu.brand_string"), null, Duration.ofSeconds(5));
        CommandResult version = runner.run(List.of("/usr/bin/sw_vers", "-productVersion"), null, Duration.ofSeconds(5));
        return nestedSupported(brand.stdout(), version.stdout());
    }

    /** The rule of {@link #nestedVirtualizationSupported()} over {@code machdep.cpu.brand_string} and {@code sw_vers -productVersion}. */
    static boolean nestedSupported(String cpuBrand, String macosVersion) {
        java.util.regex.Matcher m = Pattern.compile("Apple M(\\d+)").matcher(cpuBrand == null ? "" : cpuBrand);
        if (!m.find() || Integer.parseInt(m.group(1)) < 3) {
            return false;
        }
        try {
            return Integer.parseInt(macosVersion.strip().split("\\.")[0]) >= 15;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Checks a profile name against Colima's rule (letters, digits, {@code _ . -}). */
    public static String requireProfile(String profile) {
        if (profile == null || !PROFILE.matcher(profile).matches()) {
            throw new IllegalArgumentException(
                    "\"" + profile + "\" is not a Colima profile name: use letters, digits, _ . -, e.g. mst-kvm.");
        }
        return profile;
    }
}
