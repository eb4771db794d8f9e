package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TLS context's material against the real TLS engine: good material answers; every broken file
 * (special files, a folder, a huge file, garbage, an expired certificate, a missing key, another
 * key) is refused with its file and its kind, before any connection, and without opening what is
 * not a regular file.
 */
class TlsMaterialIT {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path home;

    DockerContext tlsEngine;
    Path certs;

    @BeforeEach
    void setUp() {
        tlsEngine = TestFleet.context(home, "tls-engine");
        certs = TestFleet.require().resolve("engine-tls").resolve("certs");
    }

    /** A copy of the engine's good client material in a fresh folder, for one test to break. */
    private Path goodMaterial(String name) throws Exception {
        Path dir = Files.createDirectories(home.resolve(name).resolve("docker"));
        Files.copy(certs.resolve("ca.pem"), dir.resolve("ca.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(certs.resolve("client-cert.pem"), dir.resolve("cert.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(certs.resolve("client-key.pem"), dir.resolve("key.pem"), StandardCopyOption.REPLACE_EXISTING);
        return dir;
    }

    private ProbeResult probe(String name, Path tlsDir) {
        DockerContext c = new DockerContext(
                name, "", tlsEngine.endpoint(), ContextSource.CONTEXT_STORE, false, tlsDir, false, null, null, null);
        try (EngineProber prober = new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()))) {
            return prober.probe(c, TIMEOUT);
        }
    }

    private void assertRefused(Path dir, String file, TlsMaterial.Problem problem) {
        assertThatThrownBy(() -> TlsMaterial.sslContext(dir)).isInstanceOfSatisfying(TlsMaterial.Refused.class, r -> {
            assertThat(r.problem()).isEqualTo(problem);
            assertThat(r.file()).isEqualTo(dir.resolve(file));
        });
        long start = System.nanoTime();
        ProbeResult result = probe("broken", dir);
        assertThat(result.reachable()).isFalse();
        assertThat(result.failure().kind()).isEqualTo(ProbeFailure.Kind.TLS);
        assertThat(result.failure().message())
                .contains(dir.resolve(file).toString())
                .contains("TLS material of the context broken");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                .as("refused before any connection")
                .isLessThan(3000);
    }

    @Test
    void goodMaterialReachesTheEngine() throws Exception {
        ProbeResult r = probe("good", goodMaterial("good"));
        assertThat(r.reachable()).as(String.valueOf(r.failure())).isTrue();
    }

    @Test
    void aCaLinkedToDevZeroIsNeverOpened() throws Exception {
        Path dir = goodMaterial("zero");
        Files.delete(dir.resolve("ca.pem"));
        Files.createSymbolicLink(dir.resolve("ca.pem"), Path.of("/dev/zero"));
        long before = usedHeap();
        for (int i = 0; i < 20; i++) {
            assertRefused(dir, "ca.pem", TlsMaterial.Problem.SPECIAL_FILE);
        }
        assertThat(usedHeap() - before).as("heap growth").isLessThan(64L * 1024 * 1024);
    }

    @Test
    void aFifoKeyLeaksNoThreadPerRefresh() throws Exception {
        Path dir = goodMaterial("fifo");
        Files.delete(dir.resolve("key.pem"));
        Process mk = new ProcessBuilder("mkfifo", dir.resolve("key.pem").toString()).start();
        assertThat(mk.waitFor()).isZero();
        int threads = Thread.activeCount();
        for (int i = 0; i < 10; i++) {
            assertRefused(dir, "key.pem", TlsMaterial.Problem.SPECIAL_FILE);
        }
        Thread.sleep(500);
        assertThat(Thread.activeCount()).as("threads after 10 refreshes").isLessThanOrEqualTo(threads + 2);
    }

    @Test
    void aHugeCaIsRefusedByItsSizeAndNotReadAgainUntilItChanges() throws Exception {
        Path dir = goodMaterial("huge");
        try (var out = Files.newOutputStream(dir.resolve("ca.pem"), java.nio.file.StandardOpenOption.APPEND)) {
            byte[] block = new byte[1024 * 1024];
            java.util.Arrays.fill(block, (byte) 'A');
            for (int i = 0; i < 50; i++) {
                out.write(block);
            }
        }
        assertRefused(dir, "ca.pem", TlsMaterial.Problem.TOO_LARGE);
        TlsMaterial.Refused first = refusal(dir);
        assertThat(refusal(dir))
                .as("the same verdict while the files are unchanged")
                .isSameAs(first);
        Files.copy(certs.resolve("ca.pem"), dir.resolve("ca.pem"), StandardCopyOption.REPLACE_EXISTING);
        assertThat(probe("fixed", dir).reachable())
                .as("read again once it changed")
                .isTrue();
    }

    @Test
    void aKeyThatIsAFolderIsNamed() throws Exception {
        Path dir = goodMaterial("keydir");
        Files.delete(dir.resolve("key.pem"));
        Files.createDirectory(dir.resolve("key.pem"));
        assertRefused(dir, "key.pem", TlsMaterial.Problem.FOLDER);
    }

    @Test
    void garbageInTheCaIsNamed() throws Exception {
        Path dir = goodMaterial("garbage");
        byte[] noise = new byte[3000];
        new java.util.Random(7).nextBytes(noise);
        Files.write(dir.resolve("ca.pem"), noise);
        assertRefused(dir, "ca.pem", TlsMaterial.Problem.NOT_PEM);
    }

    @Test
    void aMissingKeyIsNamedNotTriedAsPlainHttp() throws Exception {
        Path dir = goodMaterial("nokey");
        Files.delete(dir.resolve("key.pem"));
        assertRefused(dir, "key.pem", TlsMaterial.Problem.MISSING);
    }

    @Test
    void anExpiredClientCertificateIsNamed() throws Exception {
        Path dir = goodMaterial("expired");
        Path csr = home.resolve("exp.csr");
        run(
                "openssl",
                "req",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                dir.resolve("key.pem").toString(),
                "-subj",
                "/CN=expired",
                "-out",
                csr.toString());
        run(
                "openssl",
                "x509",
                "-req",
                "-in",
                csr.toString(),
                "-CA",
                certs.resolve("ca.pem").toString(),
                "-CAkey",
                certs.resolve("ca-key.pem").toString(),
                "-set_serial",
                "77",
                "-days",
                "-1",
                "-extfile",
                certs.resolve("client.ext").toString(),
                "-out",
                dir.resolve("cert.pem").toString());
        assertRefused(dir, "cert.pem", TlsMaterial.Problem.EXPIRED);
    }

    @Test
    void aCertificateOfAnotherKeyIsNamed() throws Exception {
        Path dir = goodMaterial("otherkey");
        Files.copy(certs.resolve("other-client-key.pem"), dir.resolve("key.pem"), StandardCopyOption.REPLACE_EXISTING);
        assertRefused(dir, "cert.pem", TlsMaterial.Problem.KEY_MISMATCH);
    }

    private static TlsMaterial.Refused refusal(Path dir) {
        try {
            TlsMaterial.sslContext(dir);
            throw new AssertionError("accepted " + dir);
        } catch (TlsMaterial.Refused r) {
            return r;
        }
    }

    private static long usedHeap() {
        System.gc();
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static void run(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
    }
}
