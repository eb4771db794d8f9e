package dev.mstpanel.bench;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;

/**
 * Lists a run in-process several times and prints the time to the first batch (what the window
 * can show first), the time to list all trials, and the peak heap. Run by
 * {@code scripts/bench/results-listing.sh}; not a test.
 */
public final class ResultsListingBench {
    private ResultsListingBench() {}

    public static void main(String[] args) {
        Path run = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        // -Dbench.cacheDir=DIR lists through the cache of listed trials kept in DIR (as the panel and the CLI do)
        String cacheDir = System.getProperty("bench.cacheDir");
        try (ResultsReader reader = cacheDir == null ? new ResultsReader() : new ResultsReader(Path.of(cacheDir))) {
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            double[] walls = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                long c0 = os.getProcessCpuTime();
                long t0 = System.nanoTime();
                long[] first = {-1};
                int[] n = {0};
                RunInfo info = reader.readRun(run);
                reader.readTrials(info, batch -> {
                    if (first[0] < 0) {
                        first[0] = System.nanoTime() - t0;
                    }
                    n[0] += batch.size();
                });
                long all = System.nanoTime() - t0;
                walls[r] = all / 1e6;
                System.out.printf(
                        "round %d: %d trials, first batch %.1f ms, all %.1f ms, process CPU %.0f ms%n",
                        r + 1, n[0], first[0] / 1e6, all / 1e6, (os.getProcessCpuTime() - c0) / 1e6);
            }
            double[] warm = java.util.Arrays.copyOfRange(walls, Math.min(1, rounds - 1), rounds);
            java.util.Arrays.sort(warm);
            System.out.printf("median of rounds 2-%d: %.1f ms%n", rounds, warm[warm.length / 2]);
        }
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        System.out.printf(
                "peak heap used %.1f MiB (max %.0f MiB)%n",
                peak / 1048576.0, Runtime.getRuntime().maxMemory() / 1048576.0);
    }
}
