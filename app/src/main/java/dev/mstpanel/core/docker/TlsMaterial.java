package dev.mstpanel.core.docker;

import com.github.dockerjava.core.SSLConfig;
import com.github.dockerjava.core.util.CertificateUtils;
import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A context's TLS material ({@code ca.pem}, {@code cert.pem}, {@code key.pem}) read under the
 * same rules as its {@code meta.json}: each file must be a regular file of at most
 * {@link #MAX_BYTES}, checked before it is opened (a link to {@code /dev/zero} or a FIFO is never
 * opened, a 50 MB file never read), and read again only when it changes (path, size and
 * modification time). The panel builds the SSL context from the bytes read here; docker-java is
 * never handed the folder, because it would read whatever the files are at every connection.
 *
 * <p>A file that breaks a rule, or holds no usable certificate or key, is a {@link Refused} with
 * its {@link Problem} and the file, so a person is told which file and what is wrong with it
 * instead of a handshake error far from the cause (or, for a missing key, a silent plain-HTTP try).
 */
public final class TlsMaterial {
    /** The largest TLS file read: 64 KiB (a certificate chain is a few KiB). */
    public static final int MAX_BYTES = 64 * 1024;
    /** The files of a context's TLS folder, as the Docker CLI names them. */
    public static final String CA = "ca.pem";
    /** The client certificate. */
    public static final String CERT = "cert.pem";
    /** The client key. */
    public static final String KEY = "key.pem";

    /** What is wrong with one TLS file. */
    public enum Problem {
        /** The file is not there (a certificate without its key, or the reverse). */
        MISSING,
        /** The name is a folder. */
        FOLDER,
        /** A FIFO, a device or a socket: never opened. */
        SPECIAL_FILE,
        /** Larger than {@link #MAX_BYTES}. */
        TOO_LARGE,
        /** The file could not be read (permissions, I/O). */
        UNREADABLE,
        /** No PEM certificate or key could be read from it. */
        NOT_PEM,
        /** The certificate's validity ended. */
        EXPIRED,
        /** The certificate's validity has not begun. */
        NOT_YET_VALID,
        /** The client certificate is not the key's. */
        KEY_MISMATCH
    }

    /** TLS material the panel refuses; {@link #getMessage()} is for people and names the file. */
    public static final class Refused extends Exception {
        private final Problem problem;
        private final Path file;

        Refused(Problem problem, Path file, String message) {
            super(message);
            this.problem = problem;
            this.file = file;
        }

        /** What is wrong. */
        public Problem problem() {
            return problem;
        }

        /** The file it concerns. */
        public Path file() {
            return file;
        }
    }

    /** One file's identity for the cache: a change of any part means it is read again. */
    private record Stamp(Path file, long size, long modified, Object fileKey) {}

    private record Entry(List<Stamp> stamps, SSLContext context, Refused refused) {}

    private static final Map<Path, Entry> CACHE = new ConcurrentHashMap<>();

    static {
        // docker-java's PEM reader asks for the BouncyCastle provider by name, as its own folder
        // reader registers it before use
        if (java.security.Security.getProvider("BC") == null) {
            java.security.Security.addProvider(new org.bouncycastle.jce.provider.BouncyCastleProvider());
        }
    }

    private TlsMaterial() {}

    /**
     * The SSL context for a TLS folder, read once per change of its files.
     *
     * @param dir the folder holding {@code ca.pem}, {@code cert.pem} and {@code key.pem}
     * @return an initialised SSL context (the context's CA, else the system's, and its client key)
     * @throws Refused when a file breaks a rule or holds nothing usable
     */
    public static SSLContext sslContext(Path dir) throws Refused {
        List<Stamp> stamps = List.of(stamp(dir.resolve(CA)), stamp(dir.resolve(CERT)), stamp(dir.resolve(KEY)));
        Entry cached = CACHE.get(dir);
        if (cached != null && cached.stamps().equals(stamps)) {
            if (cached.refused() != null) {
                throw cached.refused();
            }
            return cached.context();
        }
        Entry fresh;
        try {
            fresh = new Entry(stamps, build(dir), null);
        } catch (Refused r) {
            fresh = new Entry(stamps, null, r);
        }
        CACHE.put(dir, fresh);
        if (fresh.refused() != null) {
            throw fresh.refused();
        }
        return fresh.context();
    }

    /** The material as docker-java's SSL configuration: the context built from the checked bytes. */
    public static SSLConfig sslConfig(Path dir) throws Refused {
        SSLContext context = sslContext(dir);
        return () -> context;
    }

    private static Stamp stamp(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(file, a.size(), a.lastModifiedTime().toMillis(), a.fileKey());
        } catch (IOException e) {
            return new Stamp(file, -1, -1, null);
        }
    }

    private static SSLContext build(Path dir) throws Refused {
        Path caFile = dir.resolve(CA);
        Path certFile = dir.resolve(CERT);
        Path keyFile = dir.resolve(KEY);
        String ca = exists(caFile) ? read(caFile) : null;
        String cert = exists(certFile) ? read(certFile) : null;
        String key = exists(keyFile) ? read(keyFile) : null;
        if (cert != null && key == null) {
            throw refused(
                    Problem.MISSING,
                    keyFile,
                    "is missing: the client certificate " + certFile + " has no key beside it");
        }
        if (key != null && cert == null) {
            throw refused(
                    Problem.MISSING,
                    certFile,
                    "is missing: the client key " + keyFile + " has no certificate beside it");
        }
        try {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            if (ca != null) {
                List<Certificate> cas = certificates(caFile, ca);
                KeyStore trust = CertificateUtils.createTrustStore(ca);
                for (Certificate c : cas) {
                    checkValidity(caFile, c);
                }
                tmf.init(trust);
            } else {
                tmf.init((KeyStore) null);
            }
            KeyManagerFactory kmf = null;
            if (cert != null) {
                List<Certificate> chain = certificates(certFile, cert);
                checkValidity(certFile, chain.get(0));
                PrivateKey privateKey = privateKey(keyFile, key);
                if (!matches(privateKey, chain.get(0).getPublicKey())) {
                    throw refused(Problem.KEY_MISMATCH, certFile, "is not the certificate of the key " + keyFile);
                }
                KeyStore keys = CertificateUtils.createKeyStore(key, cert);
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(keys, "docker".toCharArray());
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            return context;
        } catch (Refused r) {
            throw r;
        } catch (Exception e) {
            throw refused(Problem.NOT_PEM, caFile, "could not be used: " + DockerClients.plainMessage(e));
        }
    }

    private static List<Certificate> certificates(Path file, String pem) throws Refused {
        List<Certificate> certs;
        try {
            certs = CertificateUtils.loadCertificates(pem);
        } catch (Exception | LinkageError e) {
            certs = List.of();
        }
        if (certs == null || certs.isEmpty()) {
            throw refused(Problem.NOT_PEM, file, "holds no PEM certificate");
        }
        return certs;
    }

    private static PrivateKey privateKey(Path file, String pem) throws Refused {
        PrivateKey k;
        try {
            k = CertificateUtils.loadPrivateKey(pem);
        } catch (Exception | LinkageError e) {
            k = null;
        }
        if (k == null) {
            throw refused(Problem.NOT_PEM, file, "holds no PEM private key");
        }
        return k;
    }

    private static void checkValidity(Path file, Certificate c) throws Refused {
        if (c instanceof X509Certificate x) {
            try {
                x.checkValidity();
            } catch (CertificateExpiredException e) {
                throw refused(
                        Problem.EXPIRED, file, "expired on " + x.getNotAfter().toInstant());
            } catch (CertificateNotYetValidException e) {
                throw refused(
                        Problem.NOT_YET_VALID,
                        file,
                        "is not valid before " + x.getNotBefore().toInstant());
            }
        }
    }

    /** True when the key signs what the certificate's public key verifies. */
    private static boolean matches(PrivateKey key, PublicKey pub) {
        String alg = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        if (alg == null || !Objects.equals(key.getAlgorithm(), pub.getAlgorithm())) {
            return alg == null;
        }
        try {
            byte[] probe = "mst-panel".getBytes(StandardCharsets.US_ASCII);
            Signature s = Signature.getInstance(alg);
            s.initSign(key);
            s.update(probe);
            byte[] sig = s.sign();
            Signature v = Signature.getInstance(alg);
            v.initVerify(pub);
            v.update(probe);
            return v.verify(sig);
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean exists(Path file) {
        return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    /** Reads one file under the rules: checked before it is opened, never past the cap. */
    private static String read(Path file) throws Refused {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw refused(Problem.MISSING, file, "cannot be followed: " + DockerClients.plainMessage(e));
        }
        if (a.isDirectory()) {
            throw refused(Problem.FOLDER, file, "is a folder, not a file");
        }
        if (!a.isRegularFile()) {
            throw refused(
                    Problem.SPECIAL_FILE,
                    file,
                    "is not a regular file (a FIFO, device or socket): the panel does not open it");
        }
        if (a.size() > MAX_BYTES) {
            throw refused(
                    Problem.TOO_LARGE,
                    file,
                    "is " + ByteSize.human(a.size()) + ", more than the " + ByteSize.human(MAX_BYTES)
                            + " the panel reads for a certificate or key");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw refused(Problem.TOO_LARGE, file, "grew past " + ByteSize.human(MAX_BYTES) + " while it was read");
            }
            return new String(bytes, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw refused(Problem.UNREADABLE, file, "cannot be read: " + DockerClients.plainMessage(e));
        }
    }

    private static Refused refused(Problem problem, Path file, String what) {
        return new Refused(problem, file, file + " " + what + ".");
    }
}
