package dev.mstpanel.core.doctor;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Image;
import com.github.dockerjava.api.model.Volume;
import dev.mstpanel.core.docker.CapacityPlanner;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerClients;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.EngineUnreachableException;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.text.ByteSize;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Host readiness ({@code doctor}): whether each context can run a Cowork container, and whether
 * this machine has the docker CLI, Node and MST.
 *
 * <p>Per context (all in parallel): the engine answers; its architecture; memory enough for a
 * Cowork container (Claude Desktop gives Cowork's VM 4 GB, 3.7 GiB: the context's spare memory must
 * hold it); free disk in the engine's data root against the ~10 GB (9.3 GiB) a Cowork container unpacks; and
 * {@code /dev/kvm}, {@code /dev/vhost-vsock}, {@code /dev/vhost-net}, {@code /dev/net/tun} in the
 * engine's VM. Sources: MST's Cowork-in-Docker document, "What you need" and "Memory and CPUs".
 *
 * <p>The device and disk check starts one short container ({@code --network none}, read-only
 * binds of the VM's {@code /dev} and data root, label {@code dev.mstpanel.probe=doctor}, removed
 * afterwards, on an interrupt too, and by the next doctor when its doctor was killed: {@link ProbeContainers}) of a local image: an MST image when one is there, else {@code mst-test/base:1}, else
 * a small common image (busybox, alpine, debian, ubuntu); no image is ever pulled.
 */
public final class Doctor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Doctor.class);
    /** Memory Claude Desktop gives Cowork's VM: 4 GB. */
    public static final long COWORK_VM_BYTES = 4_000_000_000L;
    /** Disk a Cowork container unpacks: about 10 GB. */
    public static final long COWORK_DISK_BYTES = 10_000_000_000L;
    /** The devices a Cowork container needs, in the order shown. */
    public static final List<String> DEVICES =
            List.of("/dev/kvm", "/dev/vhost-vsock", "/dev/vhost-net", "/dev/net/tun");
    /** The label on the check container. */
    public static final String PROBE_LABEL = "dev.mstpanel.probe";
    /** Tag prefixes of MST's own images (MST's Cowork-in-Docker document). */
    public static final List<String> MST_IMAGE_PREFIXES = List.of("mst-cowork-linux:", "mst-chatgpt-linux:");
    /** How Claude Desktop's VM size is quoted: its own figure in GB, then GiB as everywhere else. */
    static final String COWORK_VM_QUOTED = "4 GB (" + ByteSize.gib(COWORK_VM_BYTES) + ")";

    private static final List<String> FALLBACK_IMAGES =
            List.of("mst-test/base:1", "busybox", "alpine", "debian", "ubuntu");
    private static final String SCRIPT =
            "for d in kvm vhost-vsock vhost-net net/tun; do if [ -e /host-dev/$d ]; then echo \"dev /dev/$d present\"; "
                    + "else echo \"dev /dev/$d missing\"; fi; done; echo \"df $(df -Pk /host-data-root | tail -n 1)\"";

    private final EngineProber prober;
    private final DockerCli dockerCli;
    private final CommandRunner runner;
    private final MstFinder mstFinder;
    private final ExecutorService executor;

    /**
     * @param prober probes each context's engine
     * @param dockerCli the docker CLI, for its version and BuildKit
     * @param runner runs {@code node --version}
     * @param mstFinder finds MST and its version
     */
    public Doctor(EngineProber prober, DockerCli dockerCli, CommandRunner runner, MstFinder mstFinder) {
        this.prober = prober;
        this.dockerCli = dockerCli;
        this.runner = runner;
        this.mstFinder = mstFinder;
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "doctor-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs every check: the host's and each context's, in parallel.
     *
     * @param contexts the contexts to check
     * @param probeTimeout the engine probe's bound; the device check container gets 8 s more
     * @return the checklist; never throws
     */
    public DoctorReport run(List<DockerContext> contexts, Duration probeTimeout) {
        long start = System.nanoTime();
        CompletableFuture<List<DoctorCheck>> host = CompletableFuture.supplyAsync(this::hostChecks, executor);
        List<CompletableFuture<ContextReadiness>> per = new ArrayList<>();
        for (DockerContext c : contexts) {
            per.add(CompletableFuture.supplyAsync(() -> checkContext(c, probeTimeout), executor));
        }
        List<ContextReadiness> out = per.stream().map(CompletableFuture::join).toList();
        return new DoctorReport(host.join(), out, (System.nanoTime() - start) / 1_000_000);
    }

    /** The host's checks: docker CLI, BuildKit (buildx), Node, MST. */
    public List<DoctorCheck> hostChecks() {
        List<DoctorCheck> checks = new ArrayList<>();
        Optional<java.nio.file.Path> docker = dockerCli.executable();
        if (docker.isEmpty()) {
            checks.add(new DoctorCheck(
                    "docker-cli",
                    "docker CLI",
                    CheckStatus.FAIL,
                    "No `docker` on PATH.",
                    "Install the Docker CLI (Docker Desktop, Colima's `brew install docker`, or your distribution's docker package).",
                    null));
        } else {
            CommandResult v = runner.run(List.of(docker.get().toString(), "--version"), null, Duration.ofSeconds(10));
            checks.add(DoctorCheck.pass("docker-cli", "docker CLI", firstLine(v.stdout()) + " at " + docker.get()));
            CommandResult bx =
                    runner.run(List.of(docker.get().toString(), "buildx", "version"), null, Duration.ofSeconds(10));
            if (bx.ok()) {
                checks.add(DoctorCheck.pass("buildx", "BuildKit (docker buildx)", firstLine(bx.stdout())));
            } else {
                EngineAdvice.Fix fix = EngineAdvice.buildx(runner.environment(), docker.get());
                checks.add(new DoctorCheck(
                        "buildx",
                        "BuildKit (docker buildx)",
                        CheckStatus.WARN,
                        "The buildx plugin is missing: the panel builds its image recipes with the legacy builder (DOCKER_BUILDKIT=0).",
                        fix.text(),
                        fix.command()));
            }
        }
        Optional<java.nio.file.Path> node = runner.environment().findExecutable("node");
        if (node.isEmpty()) {
            checks.add(new DoctorCheck(
                    "node",
                    "Node.js",
                    CheckStatus.FAIL,
                    "No `node` on PATH.",
                    "Install Node.js (https://nodejs.org, or `brew install node`): MST runs on it.",
                    null));
        } else {
            CommandResult v = runner.run(List.of(node.get().toString(), "--version"), null, Duration.ofSeconds(10));
            checks.add(DoctorCheck.pass("node", "Node.js", firstLine(v.stdout()) + " at " + node.get()));
        }
        MstFinder.Result mst = mstFinder.find();
        if (mst.installation() == null) {
            checks.add(new DoctorCheck(
                    "mst",
                    "MST (mcp-server-tester)",
                    CheckStatus.FAIL,
                    mst.problem(),
                    "Install MST in your eval's folder (or globally), or set its path in settings.",
                    MstLocator.INSTALL_COMMAND));
        } else {
            MstInstallation m = mst.installation();
            checks.add(
                    m.version() == null
                            ? new DoctorCheck(
                                    "mst",
                                    "MST (mcp-server-tester)",
                                    CheckStatus.WARN,
                                    m.describe() + " printed no version.",
                                    "Run `mst --version` yourself to see why.",
                                    null)
                            : DoctorCheck.pass("mst", "MST (mcp-server-tester)", m.describe()));
        }
        return checks;
    }

    /**
     * Checks one context.
     *
     * @param context the context
     * @param probeTimeout the engine probe's bound
     * @return its checklist; an engine that does not answer gives one warning line (an unused context
     *     may well be stopped) and skipped ones
     */
    public ContextReadiness checkContext(DockerContext context, Duration probeTimeout) {
        long start = System.nanoTime();
        List<DoctorCheck> checks = new ArrayList<>();
        ProbeResult probe = prober.probe(context, probeTimeout);
        if (!probe.reachable()) {
            EngineAdvice.Fix fix = EngineAdvice.notReachable(context, EngineAdvice.kind(context, null));
            checks.add(new DoctorCheck(
                    "engine",
                    "Engine answers",
                    CheckStatus.WARN,
                    "Not reachable: " + probe.failure().message(),
                    fix.text(),
                    fix.command()));
            checks.add(new DoctorCheck(
                    "cowork",
                    "Architecture, memory, disk, devices",
                    CheckStatus.SKIPPED,
                    "Not checked: the engine did not answer.",
                    null,
                    null));
            return new ContextReadiness(context.name(), checks, null, ms(start));
        }
        EngineInfo e = probe.engine();
        checks.add(DoctorCheck.pass(
                "engine", "Engine answers", "Docker " + e.serverVersion() + " on " + e.operatingSystem()));
        checks.add(architecture(e));
        checks.add(memory(context, e));
        DeviceProbe dp = runDeviceProbe(context, e, probeTimeout.plusSeconds(8));
        checks.add(disk(context, e, dp));
        for (String d : DEVICES) {
            checks.add(device(context, e, d, dp));
        }
        if (!dp.leftovers.isEmpty()) {
            checks.add(DoctorCheck.pass(
                    "leftovers",
                    "Check containers left behind",
                    "Removed " + dp.leftovers.size() + " check container" + (dp.leftovers.size() == 1 ? "" : "s")
                            + " an interrupted doctor left on this context: " + String.join(", ", dp.leftovers)));
        }
        return new ContextReadiness(context.name(), checks, dp.image, ms(start));
    }

    static DoctorCheck architecture(EngineInfo e) {
        String arch = e.architecture();
        boolean ok = arch.equals("x86_64") || arch.equals("amd64") || arch.equals("aarch64") || arch.equals("arm64");
        return ok
                ? DoctorCheck.pass("arch", "Architecture", arch + " (Claude Desktop for Linux and ChatGPT run on it)")
                : new DoctorCheck(
                        "arch",
                        "Architecture",
                        CheckStatus.FAIL,
                        arch + ": MST's images are built for x86_64 and arm64.",
                        "Use a context whose engine runs on x86_64 or arm64.",
                        null);
    }

    static DoctorCheck memory(DockerContext c, EngineInfo e) {
        long spare = CapacityPlanner.spareBytes(e.memoryBytes());
        String detail = ByteSize.gib(spare) + " spare of " + ByteSize.gib(e.memoryBytes()) + "; Cowork's VM alone gets "
                + COWORK_VM_QUOTED;
        if (spare >= COWORK_VM_BYTES) {
            return DoctorCheck.pass("memory", "Memory for a Cowork container", detail);
        }
        EngineAdvice.Fix fix = EngineAdvice.memory(c, EngineAdvice.kind(c, e));
        return new DoctorCheck(
                "memory", "Memory for a Cowork container", CheckStatus.FAIL, detail, fix.text(), fix.command());
    }

    private static DoctorCheck disk(DockerContext c, EngineInfo e, DeviceProbe dp) {
        String title = "Free disk in the engine's data root";
        if (dp.freeBytes < 0) {
            return new DoctorCheck(
                    "disk", title, CheckStatus.SKIPPED, "Not checked: " + dp.problem, dp.problemFix, null);
        }
        String detail = ByteSize.gib(dp.freeBytes) + " free in " + e.dockerRootDir()
                + " (a Cowork container unpacks about " + ByteSize.gib(COWORK_DISK_BYTES) + ")";
        if (dp.freeBytes >= COWORK_DISK_BYTES) {
            return DoctorCheck.pass("disk", title, detail);
        }
        String cmd = c.colimaProfile() != null
                ? "colima stop " + c.colimaProfile() + " && colima start " + c.colimaProfile() + " --disk 40"
                : null;
        return new DoctorCheck(
                "disk",
                title,
                CheckStatus.FAIL,
                detail,
                "Free space: remove kept and orphaned containers (Containers view), unused images (docker image prune)"
                        + (cmd != null
                                ? ", or grow the Colima disk (it only grows)."
                                : ", or give the engine a bigger disk."),
                cmd);
    }

    private static DoctorCheck device(DockerContext c, EngineInfo e, String dev, DeviceProbe dp) {
        String id = "device:" + dev;
        String title = dev + " in the engine's VM";
        Boolean present = dp.devices.get(dev);
        if (present == null) {
            return new DoctorCheck(id, title, CheckStatus.SKIPPED, "Not checked: " + dp.problem, dp.problemFix, null);
        }
        if (present) {
            return DoctorCheck.pass(id, title, "present");
        }
        String detail = "missing: Cowork needs it (ChatGPT and headless clients do not)";
        EngineAdvice.Fix fix = EngineAdvice.missingDevice(c, EngineAdvice.kind(c, e), dev);
        return new DoctorCheck(id, title, CheckStatus.FAIL, detail, fix.text(), fix.command());
    }

    /** True for a tag of MST's own images ({@code mst-cowork-linux:…}, {@code mst-chatgpt-linux:…}). */
    public static boolean isMstImage(String tag) {
        return tag != null && MST_IMAGE_PREFIXES.stream().anyMatch(tag::startsWith);
    }

    /**
     * The sentence telling which image the device and disk check ran in, naming it exactly, e.g.
     * {@code Devices and disk checked in a short container of mst-test/base:1 (no MST image on this context yet).}
     *
     * @param image the image's tag, as {@link ContextReadiness#checkImage()} gives it; null gives null
     */
    public static String checkImageNote(String image) {
        if (image == null) {
            return null;
        }
        return "Devices and disk checked in a short container of " + image
                + (isMstImage(image)
                        ? ", MST's image on this context."
                        : " (no MST image on this context yet, so a local image instead).");
    }

    /** The Colima command that starts a profile able to run Cowork (MST's Cowork-in-Docker document, "What you need"). */
    public static String colimaCommand(String profile) {
        return "colima start " + profile + " --vm-type vz --nested-virtualization --cpu 6 --memory 12 --disk 40";
    }

    /** What the check container found. */
    static final class DeviceProbe {
        final Map<String, Boolean> devices = new LinkedHashMap<>();
        long freeBytes = -1;
        String image;
        String problem = "the check container did not run.";
        String problemFix;
        List<String> leftovers = List.of();
    }

    /** Picks the image for the check container: an MST image, else a small local one; never pulls. */
    static Optional<String> chooseImage(List<Image> images) {
        List<String> tags = new ArrayList<>();
        images.stream()
                .sorted(Comparator.comparing((Image i) -> i.getCreated() == null ? 0L : i.getCreated())
                        .reversed())
                .forEach(i -> tags.addAll(i.getRepoTags() == null ? List.of() : Arrays.asList(i.getRepoTags())));
        for (String prefix : MST_IMAGE_PREFIXES) {
            Optional<String> mst =
                    tags.stream().filter(t -> t.startsWith(prefix)).findFirst();
            if (mst.isPresent()) {
                return mst;
            }
        }
        for (String f : FALLBACK_IMAGES) {
            Optional<String> hit = tags.stream()
                    .filter(t ->
                            t.equals(f) || t.startsWith(f + ":") || t.endsWith("/" + f) || t.contains("/" + f + ":"))
                    .findFirst();
            if (hit.isPresent()) {
                return hit;
            }
        }
        return Optional.empty();
    }

    private DeviceProbe runDeviceProbe(DockerContext context, EngineInfo e, Duration timeout) {
        DeviceProbe dp = new DeviceProbe();
        DockerClient client;
        try {
            client = prober.clients().open(context, timeout);
        } catch (EngineUnreachableException ex) {
            dp.problem = ex.failure().message();
            return dp;
        }
        String id = null;
        try {
            dp.leftovers = ProbeContainers.removeLeftovers(client, context.name());
            Optional<String> image = chooseImage(client.listImagesCmd().exec());
            if (image.isEmpty()) {
                dp.problem = "no local image to check with (the panel never pulls one).";
                dp.problemFix = "Build MST's image on this context first (Images view), then run the checks again.";
                return dp;
            }
            dp.image = image.get();
            HostConfig hc = HostConfig.newHostConfig()
                    .withNetworkMode("none")
                    .withAutoRemove(false)
                    .withBinds(
                            new Bind("/dev", new Volume("/host-dev"), AccessMode.ro),
                            new Bind(
                                    e.dockerRootDir().isEmpty() ? "/var/lib/docker" : e.dockerRootDir(),
                                    new Volume("/host-data-root"),
                                    AccessMode.ro));
            id = client.createContainerCmd(dp.image)
                    .withEntrypoint("sh", "-c", SCRIPT)
                    .withCmd(List.of())
                    .withUser("0")
                    .withLabels(ProbeContainers.labels())
                    .withHostConfig(hc)
                    .exec()
                    .getId();
            ProbeContainers.created(context, prober.clients(), id);
            client.startContainerCmd(id).exec();
            Integer code =
                    client.waitContainerCmd(id).start().awaitStatusCode(timeout.toMillis(), TimeUnit.MILLISECONDS);
            StringBuilder out = new StringBuilder();
            client.logContainerCmd(id)
                    .withStdOut(true)
                    .withStdErr(true)
                    .exec(new ResultCallback.Adapter<Frame>() {
                        @Override
                        public void onNext(Frame f) {
                            out.append(new String(f.getPayload(), StandardCharsets.UTF_8));
                        }
                    })
                    .awaitCompletion(timeout.toMillis(), TimeUnit.MILLISECONDS);
            parse(out.toString(), dp);
            if (dp.devices.isEmpty()) {
                dp.problem = "the check container in " + dp.image + " printed nothing usable (exit " + code + ").";
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException ex) {
            LOG.debug("device check on {} failed", context.name(), ex);
            dp.problem = "the check container failed: " + DockerClients.plainMessage(ex);
        } finally {
            if (id != null) {
                try {
                    client.removeContainerCmd(id).withForce(true).exec();
                    ProbeContainers.removed(id);
                } catch (RuntimeException ex) {
                    LOG.warn("could not remove the doctor's check container {} on {}", id, context.name());
                }
            }
            try {
                client.close();
            } catch (java.io.IOException ignored) {
                // closing after the check
            }
        }
        return dp;
    }

    /** Reads the check script's output: {@code dev /dev/kvm present|missing} lines and one {@code df} line (KiB). */
    static void parse(String out, DeviceProbe dp) {
        for (String line : out.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f.length == 3 && f[0].equals("dev")) {
                dp.devices.put(f[1], f[2].equals("present"));
            } else if (f.length >= 5 && f[0].equals("df")) {
                try {
                    dp.freeBytes = Long.parseLong(f[4]) * 1024;
                } catch (NumberFormatException ignored) {
                    dp.problem = "the disk figure could not be read.";
                }
            }
        }
    }

    private static String firstLine(String s) {
        return s == null
                ? ""
                : s.lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .findFirst()
                        .orElse("");
    }

    private static long ms(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
