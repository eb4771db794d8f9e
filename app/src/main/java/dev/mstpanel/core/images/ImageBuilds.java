package dev.mstpanel.core.images;

import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.DockerNames;
import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.OutputListener;
import dev.mstpanel.core.mst.ProcessSpec;
import dev.mstpanel.core.mst.ProcessStartException;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Image builds, all started through the run supervisor (streamed output, log file, cancel):
 * <ul>
 *   <li>MST's images: {@code mst runner setup docker [--config eval.json] --runner-option contexts=a,b
 *       [--runner-option claudeDesktopVersion=V] [--runner-option chatgptVersion=V]} (docs/dev/mst-format.md, Commands);</li>
 *   <li>the project's recipes: {@code docker --context CTX build --build-arg BASE_TAG=… -t TAG FOLDER}.
 *       BuildKit when the buildx plugin is there; without it the Docker CLI refuses to build
 *       ("BuildKit is enabled but the buildx component is missing"), so the panel sets
 *       {@code DOCKER_BUILDKIT=0} (the legacy builder) and says so.</li>
 * </ul>
 * Names, tags and versions are checked before any command line is built.
 */
public final class ImageBuilds {
    /** Docker's image reference: lower-case repository path, optional tag. */
    static final Pattern REFERENCE = Pattern.compile(
            "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?");
    /** A tag or version: {@code 2.0.0-rc.1}, {@code 1.21459.0}. */
    static final Pattern TAG = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final ProcessSupervisor supervisor;
    private final CommandRunner runner;
    private final DockerCli dockerCli;
    private final Path logDir;

    /**
     * @param supervisor starts and supervises the builds
     * @param runner the panel's environment (PATH), for short probes
     * @param dockerCli reads the base image's user
     * @param logDir where build logs go (one file per build)
     */
    public ImageBuilds(ProcessSupervisor supervisor, CommandRunner runner, DockerCli dockerCli, Path logDir) {
        this.supervisor = supervisor;
        this.runner = runner;
        this.dockerCli = dockerCli;
        this.logDir = logDir;
    }

    /** True when {@code docker buildx version} works (BuildKit builds possible). */
    public boolean buildKitAvailable() {
        return dockerCli
                .executable()
                .map(d -> runner.run(List.of(d.toString(), "buildx", "version"), null, Duration.ofSeconds(10))
                        .ok())
                .orElse(false);
    }

    /**
     * Plans a recipe build.
     *
     * @param context where to build (checked against Docker's name rule)
     * @param recipe the recipe
     * @param baseTag the MST image's tag ({@code BASE_TAG}), e.g. MST's version
     * @param tag the image to produce, e.g. {@code mst-grading:2.0.0}
     * @param network the build's network ({@code none} on engines without a bridge), or null for Docker's default
     * @return the plan
     * @throws IllegalArgumentException when a name, tag or version is not valid, or the base image is not on the context
     */
    public BuildPlan recipePlan(DockerContext context, ImageRecipe recipe, String baseTag, String tag, String network) {
        String ctx = DockerNames.requireContext(context.name());
        if (baseTag == null || !TAG.matcher(baseTag).matches()) {
            throw new IllegalArgumentException(
                    "\"" + baseTag + "\" is not an image tag (letters, digits, _ . -), e.g. 2.0.0.");
        }
        if (tag == null || !REFERENCE.matcher(tag).matches()) {
            throw new IllegalArgumentException(
                    "\"" + tag + "\" is not an image name Docker accepts, e.g. mst-grading:2.0.0 (lower case).");
        }
        if (network != null && !DockerNames.valid(network)) {
            throw new IllegalArgumentException("\"" + network + "\" is not a Docker network name.");
        }
        String base = recipe.baseImage(baseTag);
        CommandResult user =
                dockerCli.run(ctx, Duration.ofSeconds(15), "image", "inspect", "--format", "{{.Config.User}}", base);
        if (!user.ok()) {
            throw new IllegalArgumentException(
                    base + " is not on " + ctx + ": build MST's image there first (Images view, Build).");
        }
        String baseUser = user.stdout().strip();
        String docker = dockerCli.executable().map(Path::toString).orElse("docker");
        List<String> argv =
                new ArrayList<>(List.of(docker, "--context", ctx, "build", "--build-arg", "BASE_TAG=" + baseTag));
        if (recipe.args().contains("BASE_USER")) {
            argv.addAll(List.of("--build-arg", "BASE_USER=" + (baseUser.isEmpty() ? "root" : baseUser)));
        }
        argv.addAll(List.of(
                "--label", MstImages.RECIPE_LABEL + "=" + recipe.name(), "--label", MstImages.BASE_LABEL + "=" + base));
        if (network != null) {
            argv.addAll(List.of("--network", network));
        }
        argv.addAll(List.of("--tag", tag, recipe.folder().toAbsolutePath().toString()));
        Map<String, String> env = new HashMap<>();
        String note = null;
        if (!buildKitAvailable()) {
            env.put("DOCKER_BUILDKIT", "0");
            note =
                    "The docker buildx plugin is missing, so this build uses Docker's legacy builder (DOCKER_BUILDKIT=0)."
                            + " Install docker-buildx to build with BuildKit.";
        }
        return new BuildPlan(
                recipe.name() + " on " + ctx + " → " + tag,
                argv,
                env,
                recipe.folder(),
                logFile("recipe-" + recipe.name() + "-" + ctx),
                note);
    }

    /**
     * Plans MST's own image build ({@code mst runner setup docker}).
     *
     * @param mst the MST found (its flag vocabulary translates {@code --runner-option})
     * @param contexts where to build (each checked against Docker's name rule), at least one
     * @param evalConfig an eval config whose plugins and client pick the image, or null
     * @param claudeDesktopVersion a Claude Desktop version to pin, or blank
     * @param chatgptVersion a ChatGPT version to pin, or blank
     * @return the plan; it runs in the eval config's folder (where {@code npx mst} runs)
     * @throws IllegalArgumentException when a context name or version is not valid, or when the eval
     *     config (after its {@code extends}) names a plugin by a file path, which MST's setup cannot
     *     install ({@link dev.mstpanel.core.mst.EvalPlugins#refusal}); reads the config, so call it off the FX thread
     */
    public BuildPlan mstSetupPlan(
            MstInstallation mst,
            List<String> contexts,
            Path evalConfig,
            String claudeDesktopVersion,
            String chatgptVersion) {
        if (contexts.isEmpty()) {
            throw new IllegalArgumentException("Choose at least one context to build on.");
        }
        contexts.forEach(DockerNames::requireContext);
        if (evalConfig != null) {
            String refused;
            try {
                refused = dev.mstpanel.core.mst.EvalPlugins.refusal(dev.mstpanel.core.mst.EvalConfig.read(evalConfig));
            } catch (dev.mstpanel.core.mst.EvalConfigException unreadable) {
                refused = null; // a config the panel cannot read is MST's to judge: its setup says what is wrong
            }
            if (refused != null) {
                throw new IllegalArgumentException(refused);
            }
        }
        List<String> args = new ArrayList<>(List.of("runner", "setup", "docker"));
        if (evalConfig != null) {
            args.addAll(List.of("--config", evalConfig.toAbsolutePath().toString()));
        }
        args.addAll(List.of("--runner-option", "contexts=" + String.join(",", contexts)));
        if (claudeDesktopVersion != null && !claudeDesktopVersion.isBlank()) {
            args.addAll(List.of(
                    "--runner-option",
                    "claudeDesktopVersion=" + version("claudeDesktopVersion", claudeDesktopVersion)));
        }
        if (chatgptVersion != null && !chatgptVersion.isBlank()) {
            args.addAll(List.of("--runner-option", "chatgptVersion=" + version("chatgptVersion", chatgptVersion)));
        }
        return new BuildPlan(
                "MST images on " + String.join(", ", contexts),
                mst.argv(args),
                Map.of(),
                evalConfig == null ? null : evalConfig.toAbsolutePath().getParent(),
                logFile("mst-setup"),
                null);
    }

    private static String version(String what, String v) {
        String s = v.strip();
        if (!TAG.matcher(s).matches()) {
            throw new IllegalArgumentException(what + " \"" + s + "\" is not a version (letters, digits, _ . -).");
        }
        return s;
    }

    /**
     * Starts a build under the supervisor.
     *
     * @param plan the plan
     * @param listener gets each line (secrets masked) and the exit
     * @return the running build; {@code cancel()} once sends SIGINT, twice ends its process tree
     * @throws ProcessStartException when the program cannot start
     */
    public ProcessSupervisor.SupervisedProcess start(BuildPlan plan, OutputListener listener)
            throws ProcessStartException {
        Map<String, String> env = new HashMap<>(runner.environment().variables());
        env.putAll(plan.extraEnvironment());
        return supervisor.start(
                ProcessSpec.of(plan.argv(), plan.workingDir(), env, plan.logFile())
                        .withGrace(Duration.ofSeconds(10)),
                listener);
    }

    private Path logFile(String what) {
        return logDir.resolve(
                LocalDateTime.now().format(STAMP) + "-" + what.replaceAll("[^A-Za-z0-9_.-]", "_") + ".log");
    }
}
