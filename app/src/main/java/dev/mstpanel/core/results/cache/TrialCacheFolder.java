package dev.mstpanel.core.results.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The folder of the cache of listed trials ({@code <cache>/trials/}, see {@link TrialCache}): the
 * file name of a run's cache, what build wrote it, and pruning of old cache files.
 */
final class TrialCacheFolder {
    private static final Logger LOG = LoggerFactory.getLogger(TrialCacheFolder.class);

    private TrialCacheFolder() {}

    /**
     * The cache file's name: a 64-bit FNV-1a hash of the run folder's absolute path (the path itself
     * is inside, checked on reading, so two folders with one hash only take turns). Not a
     * MessageDigest: its providers take longer to start than a listing from the cache.
     */
    static String fileName(Path runDir) {
        long h = 0xcbf29ce484222325L;
        for (byte b : runDir.toString().getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return String.format("%016x.bin", h);
    }

    /**
     * Keeps the most recently used cache files, at most {@link TrialCache#KEPT_RUNS} of them and
     * {@link TrialCache#KEPT_BYTES} in all, and removes temporary files over an hour old (left by a panel that
     * was killed while writing one).
     */
    static void prune(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> all = s.toList();
            long hourAgo = System.currentTimeMillis() - TimeUnit.HOURS.toMillis(1);
            for (Path p : all) {
                if (p.getFileName().toString().endsWith(".tmp") && modified(p) < hourAgo) {
                    Files.deleteIfExists(p);
                }
            }
            List<Path> newestFirst = new ArrayList<>(all.stream()
                    .filter(p -> p.getFileName().toString().endsWith(".bin"))
                    .toList());
            newestFirst.sort(
                    Comparator.comparingLong(TrialCacheFolder::modified).reversed());
            long bytes = 0;
            for (int i = 0; i < newestFirst.size(); i++) {
                Path p = newestFirst.get(i);
                bytes += Files.size(p);
                if (i >= TrialCache.KEPT_RUNS || bytes > TrialCache.KEPT_BYTES) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("pruning {} failed: {}", dir, e.toString());
        }
    }

    /** The package whose classes, with every package below it, read and keep trials. */
    private static final String RESULTS_PACKAGE = "dev.mstpanel.core.results";

    /**
     * What identifies the code that reads trials: the classes of the results package and the packages below it,
     * by the CRC of each in the jar (the same for the plain jar and the app image's copy of it), or by their sizes
     * and times in a class folder (a development build). Found from this class's own place, so it does not name
     * the listing's classes (which use the cache).
     */
    static String codeStamp() {
        String pkg = RESULTS_PACKAGE.replace('.', '/') + "/";
        try {
            java.net.URL url = TrialCacheFolder.class.getResource(TrialCacheFolder.class.getSimpleName() + ".class");
            String u = url == null ? "" : url.toString();
            java.util.zip.CRC32 sum = new java.util.zip.CRC32();
            if (u.startsWith("jar:file:")) {
                Path jar = Path.of(java.net.URI.create(u.substring(4, u.indexOf("!/"))));
                try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
                    var entries = zip.entries();
                    while (entries.hasMoreElements()) {
                        var en = entries.nextElement();
                        if (en.getName().startsWith(pkg) && en.getName().endsWith(".class")) {
                            sum.update(en.getName().getBytes(StandardCharsets.UTF_8));
                            sum.update(java.nio.ByteBuffer.allocate(8)
                                    .putLong(en.getCrc())
                                    .array());
                        }
                    }
                }
                return "classes " + Long.toHexString(sum.getValue());
            }
            if (u.startsWith("file:")) {
                Path root = Path.of(java.net.URI.create(u)).getParent();
                for (int i = TrialCacheFolder.class.getPackageName().split("\\.").length; i > 0; i--) {
                    root = root.getParent();
                }
                Path dir = root.resolve(pkg);
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".class"))
                            .sorted()
                            .toList()) {
                        BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                        sum.update((dir.relativize(f) + " " + a.size() + " "
                                        + a.lastModifiedTime().toMillis())
                                .getBytes(StandardCharsets.UTF_8));
                    }
                }
                return "folder " + Long.toHexString(sum.getValue());
            }
            return u;
        } catch (IOException | RuntimeException e) {
            return "unknown " + e.getClass().getSimpleName(); // then caches of this build still match each other
        }
    }

    /** Marks a cache file as just used (the last to be pruned). */
    static void touch(Path p) {
        try {
            Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
        } catch (IOException | RuntimeException e) {
            // a cache file that keeps its old time is only pruned sooner
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
