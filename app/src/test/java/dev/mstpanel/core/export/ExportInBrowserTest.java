package dev.mstpanel.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.mstpanel.core.mst.SecretRedactor;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.testsupport.ExportFixture;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported trial and comparison opened in a real browser (headless Chromium, Debian's
 * {@code chromium}): what a reader sees is the failing call, the verdict and the label, and opening a
 * page makes no request, even when a run's text holds markup that would load an image from a server.
 * Screenshots of both pages are written to {@code target/export-screenshots} to be looked at.
 */
class ExportInBrowserTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();
    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void listen() throws IOException {
        // a server on this machine that counts every request: a page that loads anything from it is seen
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void close() {
        server.stop(0);
        reader.close();
    }

    private String serverUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    private HtmlExporter exporter() {
        ExportLabels labels = t -> t.caseId().equals("gift-card") && t.trial() == 0
                ? Optional.of(new dev.mstpanel.core.triage.TriageLabel(
                        "tool or server bug", "The shop wants the number without GC-."))
                : Optional.empty();
        return new HtmlExporter(reader, new ComparisonService(reader, Runnable::run), labels);
    }

    private static SecretRedactor mask() {
        return SecretRedactor.forEnvironment(java.util.Map.of("OPENAI_API_KEY", ExportFixture.ENV_KEY));
    }

    /** Chromium as a reader's browser, with a profile of its own and nothing running in the background. */
    private List<String> chromium(String... more) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(root, "profile-")));
        cmd.addAll(List.of(more));
        return cmd;
    }

    private static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium ended").isTrue();
        assertThat(p.exitValue()).as("chromium's exit code").isZero();
        return out;
    }

    /** The text a reader sees: the rendered page's DOM with its tags taken out. */
    private String seen(Path page) throws Exception {
        String dom = run(chromium("--dump-dom", page.toUri().toString()));
        return dom.replaceAll("(?s)<style>.*?</style>", "")
                .replaceAll("<[^>]+>", " ")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
                .replaceAll("\\s+", " ");
    }

    private Path screenshot(Path page, String name) throws Exception {
        Path dir = Files.createDirectories(Path.of("target/export-screenshots"));
        Path png = dir.resolve(name).toAbsolutePath();
        run(chromium(
                "--window-size=1280,1600", "--screenshot=" + png, page.toUri().toString()));
        assertThat(Files.size(png)).isGreaterThan(10_000);
        return png;
    }

    @Test
    void aReaderOfTheExportedTrialSeesTheFailingCallAndTheLabelAndNothingIsRequested() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Path trace = ExportFixture.failedTrace(run);
        // markup that would load from the server if it were written as markup
        Files.writeString(
                trace,
                Files.readString(trace)
                        .replace(
                                "I could not read the balance",
                                "<img src=\\\"" + serverUrl() + "leak.png\\\"> I could not read the balance"));
        Path page = root.resolve("trial.html");
        ExportFiles.write(page, exporter().trial(trace, mask()), false);
        String seen = seen(page);
        assertThat(seen)
                .containsPattern("The failing call #\\d+ shop · giftcards\\.balance · \\d+\\.\\d s · failed")
                .contains("error: no gift card ***: give the card number without its GC- prefix")
                .contains("<img src=\"" + serverUrl() + "leak.png\"> I could not read the balance")
                .contains("Label: tool or server bug The shop wants the number without GC-.")
                .contains("Screenshot");
        screenshot(page, "export-trial.png");
        assertThat(requests.get()).as("requests the page made").isZero();
    }

    @Test
    void aReaderOfTheExportedComparisonSeesTheVerdictAndTheChangedCasesSideBySide() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Path page = root.resolve("compare.html");
        ExportFiles.write(page, exporter().comparison(run, null, "baseline", "with-skill", mask()), false);
        String seen = seen(page);
        assertThat(seen)
                .contains(
                        "Verdict: unclear (p = 0.5, sign test over 2 cases whose pass fraction changed: 2 up, 0 down)")
                .contains("gift-card fail 0/2 pass 2/2 improved")
                .contains("Base · baseline #1 failed tool error: shop · giftcards.balance");
        screenshot(page, "export-compare.png");
        assertThat(requests.get()).as("requests the page made").isZero();
    }

    @Test
    void aPageThatLoadsFromTheServerIsSeenSoTheCountCanFail() throws Exception {
        Path page = Files.writeString(
                root.resolve("control.html"),
                "<!DOCTYPE html><html><body><img src=\"" + serverUrl() + "x.png\"></body></html>");
        run(chromium("--dump-dom", page.toUri().toString()));
        assertThat(requests.get()).isPositive();
    }
}
