package dev.mstpanel.bench;

import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.mst.ProcessSpec;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.runs.HostName;
import dev.mstpanel.core.runs.RunContainerWatcher;
import dev.mstpanel.core.runs.RunModel;
import dev.mstpanel.core.runs.RunState;
import dev.mstpanel.core.runs.RunSupervisor;
import dev.mstpanel.core.shell.HostEnvironment;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Benchmarks of a run (not tests; run by scripts/bench/run-bench.sh):
 * {@code lines SECONDS RATE}, {@code stats SECONDS N}, {@code cancel STANDIN honour|ignore}.
 */
public final class RunBench {
    private RunBench() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "lines" -> lines(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            case "stats" -> stats(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            case "cancel" -> cancel(Path.of(args[1]), args[2].equals("ignore"));
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.exit(0);
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    private static double cpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime()
                / 1e9;
    }

    /** RATE lines a second for SECONDS through supervisor, parser and model (subscriber at 100 ms). */
    static void lines(int seconds, int rate) throws Exception {
        String gen = "import sys,time\n"
                + "rate=" + rate + "; secs=" + seconds + "; t0=time.time(); n=0\n"
                + "while time.time()-t0 < secs:\n"
                + "  for k in range(rate//20):\n"
                + "    n+=1; s=n%4+1\n"
                + "    if n%3==0: sys.stderr.write('[mst] shard %d/4: default case-%d #1 collected\\n'%(s,n))\n"
                + "    elif n%3==1: sys.stderr.write('[mst:cowork] worker chatter %d: MCP call tools/list ok ünïcode\\n'%n)\n"
                + "    else: sys.stdout.write('plain output line %d\\n'%n)\n"
                + "  sys.stdout.flush(); sys.stderr.flush()\n"
                + "  time.sleep(max(0, t0 + n/rate - time.time()))\n";
        Path log = Files.createTempDirectory("bench").resolve("run.log");
        RunModel model = new RunModel();
        AtomicLong updates = new AtomicLong();
        AtomicLong lines = new AtomicLong();
        AutoCloseable sub = model.subscribe(Duration.ofMillis(100), s -> updates.incrementAndGet());
        long heapBefore = heapAfterGc();
        double cpu0 = cpuSeconds();
        long t0 = System.nanoTime();
        var p = new ProcessSupervisor()
                .start(ProcessSpec.of(List.of("python3", "-c", gen), null, System.getenv(), log), (stream, line) -> {
                    lines.incrementAndGet();
                    model.acceptLine(stream, line);
                });
        long mid = 0;
        for (int i = 0; i < seconds && p.isAlive(); i++) {
            Thread.sleep(1000);
            if (i == seconds / 2) {
                mid = heapAfterGc();
            }
        }
        p.exitCode().get(seconds + 30L, TimeUnit.SECONDS);
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = cpuSeconds() - cpu0;
        sub.close();
        long heapAfter = heapAfterGc();
        RunState s = model.snapshot();
        System.out.printf(
                "lines: %d lines in %.1f s (%.0f/s); model trials %d; snapshot deliveries %d (%.1f/s)%n",
                lines.get(), wall, lines.get() / wall, s.collected(), updates.get(), updates.get() / wall);
        System.out.printf(
                "heap after GC: before %.1f MiB, mid-run %.1f MiB, after %.1f MiB; panel CPU %.1f %% of one core; log %d KiB%n",
                heapBefore / 1048576.0,
                mid / 1048576.0,
                heapAfter / 1048576.0,
                100 * cpu / wall,
                Files.size(log) / 1024);
    }

    /** Follows the stats of N labelled containers on engine-1 for SECONDS; reports this JVM's CPU. */
    static void stats(int seconds, int n) throws Exception {
        HostEnvironment env = HostEnvironment.fromSystem();
        DockerContext ctx = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> c.name().equals("engine-1"))
                        .findFirst()
                        .orElseThrow();
        long me = ProcessHandle.current().pid();
        List<String> names = new ArrayList<>();
        try {
            for (int i = 1; i <= n; i++) {
                String name = "mst-bench-" + me + "-" + i;
                names.add(name);
                run(
                        "docker",
                        "--context",
                        "engine-1",
                        "run",
                        "-d",
                        "--name",
                        name,
                        "--network",
                        "none",
                        "--memory",
                        "64m",
                        "--label",
                        "mst.owner.host=" + HostName.current(),
                        "--label",
                        "mst.owner.pid=" + me,
                        "mst-test/base:1",
                        "sh",
                        "-c",
                        "while true; do i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done; sleep 1; done");
            }
            RunModel model = new RunModel();
            RunContainerWatcher w = new RunContainerWatcher(
                    List.of(ctx),
                    DockerClientFactory.standard(HostEnvironment.fromSystem()),
                    HostName.current(),
                    () -> List.of(me),
                    model,
                    Duration.ofSeconds(1));
            w.start();
            Thread.sleep(5000); // warm-up: streams open
            double cpu0 = cpuSeconds();
            long t0 = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            double cpu = cpuSeconds() - cpu0;
            double wall = (System.nanoTime() - t0) / 1e9;
            RunState s = model.snapshot();
            long withMemory =
                    s.shards().stream().filter(sh -> sh.memoryBytes() >= 0).count();
            w.close();
            System.out.printf(
                    "stats: %d containers followed for %.0f s: panel CPU %.2f s = %.2f %% of one core; shards with memory: %d; samples in history of one: %d%n",
                    n,
                    wall,
                    cpu,
                    100 * cpu / wall,
                    withMemory,
                    s.shards().isEmpty() ? 0 : s.shards().get(0).memoryHistory().size());
        } finally {
            List<String> rm = new ArrayList<>(List.of("docker", "--context", "engine-1", "rm", "-f"));
            rm.addAll(names);
            run(rm.toArray(String[]::new));
        }
    }

    /** Starts the stand-in through RunSupervisor, cancels once containers run, times until none is left. */
    static void cancel(Path standin, boolean ignoreSigint) throws Exception {
        Path dir = Files.createTempDirectory("bench-cancel");
        Files.writeString(dir.resolve("eval.json"), "{\"name\": \"bench\"}");
        java.util.HashMap<String, String> vars = new java.util.HashMap<>(System.getenv());
        vars.put("MST_STANDIN_TRIAL_DELAY", "5");
        vars.put("MST_STANDIN_OOM_SHARD", "0");
        vars.put("MST_STANDIN_IGNORE_SIGINT", ignoreSigint ? "1" : "0");
        vars.put("MST_PANEL_HOME", dir.resolve("home").toString());
        HostEnvironment env = HostEnvironment.fromSystem().withVariables(vars);
        Duration grace = Duration.ofSeconds(10);
        RunSupervisor.ActiveRun run = new RunSupervisor(
                        new ProcessSupervisor(), DockerClientFactory.standard(HostEnvironment.fromSystem()))
                .start(new RunSupervisor.RunRequest(
                        List.of(standin.toString()),
                        List.of(
                                "--config",
                                dir.resolve("eval.json").toString(),
                                "--runner",
                                "docker",
                                "--runner-option",
                                "contexts=engine-1,engine-2",
                                "--runner-option",
                                "shards=2"),
                        env,
                        dir,
                        grace,
                        null));
        long pid = run.process().pid();
        for (int i = 0; i < 300 && count(pid) < 2; i++) {
            Thread.sleep(100);
        }
        int before = count(pid);
        long t0 = System.nanoTime();
        run.cancel();
        double gone = -1;
        while ((System.nanoTime() - t0) / 1e9 < 60) {
            if (count(pid) == 0) {
                gone = (System.nanoTime() - t0) / 1e9;
                break;
            }
            Thread.sleep(200);
        }
        int code = run.exitCode().get(60, TimeUnit.SECONDS);
        System.out.printf(
                "cancel (%s SIGINT, grace %d s): %d containers running at cancel; none left after %.1f s; MST exit code %d%n",
                ignoreSigint ? "ignoring" : "honouring", grace.toSeconds(), before, gone, code);
    }

    private static int count(long pid) throws Exception {
        int n = 0;
        for (String ctx : List.of("engine-1", "engine-2")) {
            String out = run("docker", "--context", ctx, "ps", "-aq", "--filter", "label=mst.owner.pid=" + pid);
            n += out.isBlank() ? 0 : out.strip().split("\\s+").length;
        }
        return n;
    }

    private static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    static Map<String, String> unused() {
        return Map.of();
    }
}
