import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * A packaging step (packaging/package.sh runs it on the app image's jars before jpackage):
 * re-encodes class files older than Java 6 (class file major version below 50) as Java 8 class
 * files (52) with the stack map frames those need, computed by ASM. The bytecode is not changed.
 *
 * <p>Why: JDK 17's class-data archive leaves such classes out (a dynamic archive skips every class
 * that needs the old, type-inferring verifier: "Failed over class verification while dynamic
 * dumping", and then the classes that extend them), so each start of a headless command loads and
 * verifies them from the jar. picocli ships Java 5 class files (it still supports Java 5): 173 of
 * its classes for {@code mst-panel trials}, about 100 ms of every start's wall time on a 2-core box
 * (scripts/bench/headless-start.sh, packaging/README.md).
 *
 * <p>Usage: {@code java -cp asm.jar packaging/tools/UpgradeOldClassFiles.java FOLDER} rewrites, in
 * place, each {@code FOLDER/*.jar} that holds such a class file; a jar without one is not touched.
 * Entries keep their order, names and times; {@code META-INF/} is copied as it is. A jar in which
 * any class cannot be re-encoded (ASM cannot compute its frames, or it uses the pre-Java-7
 * subroutine instructions jsr/ret) is left as it was, with a note on stderr: it then works as
 * before, only outside the archive. Prints one line per jar rewritten; exit 2 on a usage error,
 * 1 when a jar cannot be read or written.
 */
public final class UpgradeOldClassFiles {
    /** The class file major version of Java 6, the first that JDK 17's class-data archive keeps. */
    static final int JAVA_6 = 50;

    private UpgradeOldClassFiles() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1 || !Files.isDirectory(Path.of(args[0]))) {
            System.err.println("usage: java -cp asm.jar UpgradeOldClassFiles.java FOLDER (a folder of jars)");
            System.exit(2);
        }
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(Path.of(args[0]), "*.jar")) {
            s.forEach(jars::add);
        }
        jars.sort(null);
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = jars.get(i).toUri().toURL();
        }
        // the frames' common super classes are looked up among the folder's jars (and the JDK's)
        try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            for (Path jar : jars) {
                upgrade(jar, loader);
            }
        }
    }

    private static void upgrade(Path jar, ClassLoader loader) throws IOException {
        if (!holdsOldClass(jar)) {
            return;
        }
        Path out = jar.resolveSibling(jar.getFileName() + ".upgrading");
        int upgraded = 0;
        try (InputStream raw = Files.newInputStream(jar); ZipInputStream in = new ZipInputStream(raw);
             OutputStream rawOut = Files.newOutputStream(out); ZipOutputStream zip = new ZipOutputStream(rawOut)) {
            ZipEntry e;
            while ((e = in.getNextEntry()) != null) {
                byte[] b = in.readAllBytes();
                if (isOldClass(e.getName(), b)) {
                    try {
                        b = reencode(b, loader);
                    } catch (RuntimeException | LinkageError x) {
                        zip.close();
                        Files.deleteIfExists(out);
                        System.err.println("UpgradeOldClassFiles: " + jar.getFileName() + " left as it is: " + e.getName()
                                + " could not be re-encoded (" + x + ")");
                        return;
                    }
                    upgraded++;
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                zip.putNextEntry(copy);
                zip.write(b);
                zip.closeEntry();
            }
        }
        Files.move(out, jar, StandardCopyOption.REPLACE_EXISTING);
        System.out.println("UpgradeOldClassFiles: " + jar.getFileName() + ": " + upgraded
                + " class files older than Java 6 re-encoded as Java 8 class files");
    }

    private static boolean holdsOldClass(Path jar) throws IOException {
        try (InputStream raw = Files.newInputStream(jar); ZipInputStream in = new ZipInputStream(raw)) {
            ZipEntry e;
            while ((e = in.getNextEntry()) != null) {
                if (e.getName().endsWith(".class") && isOldClass(e.getName(), in.readNBytes(8))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A class file (not under META-INF/, where multi-release versions and module-info live) below major version 50. */
    private static boolean isOldClass(String name, byte[] b) {
        return name.endsWith(".class") && !name.startsWith("META-INF/") && b.length >= 8
                && (b[0] & 0xff) == 0xca && (b[1] & 0xff) == 0xfe && (b[2] & 0xff) == 0xba && (b[3] & 0xff) == 0xbe
                && (((b[6] & 0xff) << 8) | (b[7] & 0xff)) < JAVA_6;
    }

    private static byte[] reencode(byte[] b, ClassLoader loader) {
        ClassReader r = new ClassReader(b);
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected ClassLoader getClassLoader() {
                return loader;
            }
        };
        r.accept(new ClassVisitor(Opcodes.ASM9, w) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
            }
        }, 0);
        return w.toByteArray();
    }
}
