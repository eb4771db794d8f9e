package dev.mstpanel.core.results.cache;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One look at a file or folder for the cache of listed trials ({@link TrialCache}): its size,
 * modification time, status-change time and identity, in one {@code stat}.
 */
final class FileStamp {
    /** The size stamped for a file that is not there (or not a regular file). */
    static final long ABSENT = -1;

    private FileStamp() {}

    /**
     * Writes four numbers for {@code p} into {@code v} from {@code at}: size in bytes
     * ({@link #ABSENT} when there is no regular file), modification and status-change time (ns since
     * the epoch), identity (the inode; 0 where the file system has none). Never throws.
     */
    static void stamp(Path p, long[] v, int at) {
        try {
            FileFacts f = facts(p);
            if (f.regularFile) {
                v[at] = f.size;
                v[at + 1] = f.modified;
                v[at + 2] = f.changed;
                v[at + 3] = f.identity;
                return;
            }
        } catch (IOException | RuntimeException e) {
            // no file (or none that can be read): stamped absent
        }
        v[at] = ABSENT;
        v[at + 1] = 0;
        v[at + 2] = 0;
        v[at + 3] = 0;
    }

    /** Whether the file system gives status-change times and inodes (the "unix" view: Linux, macOS); not on Windows. */
    private static final boolean UNIX_VIEW =
            java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("unix");

    private static final String UNIX_FACTS = "unix:isRegularFile,isDirectory,size,lastModifiedTime,ctime,ino";

    /**
     * The JDK's own {@code stat} result on Linux and macOS ({@code sun.nio.fs.UnixFileAttributes}, what
     * {@code Files.readAttributes(p, PosixFileAttributes.class)} returns) read directly: its status-change
     * time and inode, with no attribute names parsed and no map built per file. That takes half the CPU
     * of the "unix:" view in a fresh JVM (10,000 files: 85 ms against 170 ms), and the listing of a
     * 10,000-trial run looks at 40,000 files and folders. It needs {@code --add-opens
     * java.base/sun.nio.fs=ALL-UNNAMED}, which the app image's launcher, the jar's manifest and the
     * tests give; without it (another JDK, another launcher) the "unix:" view is used, with the same
     * numbers.
     */
    private static final class JdkStat {
        static final Class<?> TYPE;
        static final MethodHandle CTIME;
        static final MethodHandle INO;

        static {
            Class<?> type = null;
            MethodHandle ctime = null;
            MethodHandle ino = null;
            if (UNIX_VIEW) {
                try {
                    Class<?> c = Class.forName("sun.nio.fs.UnixFileAttributes");
                    MethodHandles.Lookup l = MethodHandles.privateLookupIn(c, MethodHandles.lookup());
                    ctime = l.findVirtual(c, "ctime", MethodType.methodType(FileTime.class))
                            .asType(MethodType.methodType(FileTime.class, Object.class));
                    ino = l.findVirtual(c, "ino", MethodType.methodType(long.class))
                            .asType(MethodType.methodType(long.class, Object.class));
                    type = c;
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // not opened to the panel, or another JDK: the "unix:" view
                    ctime = null;
                    ino = null;
                }
            }
            TYPE = type;
            CTIME = ctime;
            INO = ino;
        }
    }

    /**
     * What one look at a file gives ({@code st_ctime}, its status-change time, is set by the system at
     * every change of its content, name, links or mode, and no tool can set it; 0 where the file
     * system has none, as the identity).
     */
    private record FileFacts(
            boolean regularFile, boolean directory, long size, long modified, long changed, long identity) {}

    /** Whether {@link #facts} reads the JDK's {@code stat} result directly (for tests). */
    static boolean direct() {
        return JdkStat.TYPE != null;
    }

    /** One look at a file: a single {@code stat}, read directly ({@link JdkStat}), else through the "unix" view, else the basic one. */
    private static FileFacts facts(Path p) throws IOException {
        if (JdkStat.TYPE != null) {
            PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class);
            if (JdkStat.TYPE.isInstance(a)) {
                try {
                    FileTime ctime = (FileTime) JdkStat.CTIME.invokeExact((Object) a);
                    long ino = (long) JdkStat.INO.invokeExact((Object) a);
                    return new FileFacts(
                            a.isRegularFile(),
                            a.isDirectory(),
                            a.size(),
                            a.lastModifiedTime().to(TimeUnit.NANOSECONDS),
                            ctime.to(TimeUnit.NANOSECONDS),
                            ino);
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return viewFacts(p);
    }

    /** One look at a file through the "unix" view (one {@code stat}), else the basic one. */
    private static FileFacts viewFacts(Path p) throws IOException {
        if (UNIX_VIEW) {
            Map<String, Object> a = Files.readAttributes(p, UNIX_FACTS);
            return new FileFacts(
                    Boolean.TRUE.equals(a.get("isRegularFile")),
                    Boolean.TRUE.equals(a.get("isDirectory")),
                    ((Number) a.get("size")).longValue(),
                    nanos(a.get("lastModifiedTime")),
                    nanos(a.get("ctime")),
                    a.get("ino") instanceof Number n ? n.longValue() : 0);
        }
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        return new FileFacts(
                a.isRegularFile(),
                a.isDirectory(),
                a.size(),
                a.lastModifiedTime().to(TimeUnit.NANOSECONDS),
                0,
                a.fileKey() == null ? 0 : a.fileKey().hashCode());
    }

    /** The four numbers of {@link #stamp} read through the "unix" view, never directly (for tests: both ways give the same). */
    static long[] viewStamp(Path p) throws IOException {
        FileFacts f = viewFacts(p);
        return new long[] {f.size, f.modified, f.changed, f.identity};
    }

    private static long nanos(Object time) {
        return time instanceof java.nio.file.attribute.FileTime t ? t.to(TimeUnit.NANOSECONDS) : 0;
    }

    /**
     * A folder's modification and status-change times in ns (an entry added, removed or renamed
     * changes both; {@code touch -d} can set the first back, not the second); {@link #ABSENT} first
     * when it is not a folder that can be looked at.
     */
    static long[] folderTimes(Path dir) {
        try {
            FileFacts f = facts(dir);
            return f.directory ? new long[] {f.modified, f.changed} : new long[] {ABSENT, 0};
        } catch (IOException | RuntimeException e) {
            return new long[] {ABSENT, 0};
        }
    }
}
