package dev.mstpanel.logging;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.TestEngines;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The panel's log as a user finds it, now that the line layouts are built at the first line
 * logged: the log file is opened at start-up (a log path that cannot be written is still said at
 * once), its lines are logback's pattern layout's own, errors also go to stderr, and a headless
 * command's lines reach {@code mst-panel.log}.
 */
class HeadlessLoggingTest {
    private static final String FILE_PATTERN = "%d{ISO8601} %-5level [%thread] %logger{30} - %msg%n";

    @TempDir
    Path dir;

    /** A context set up by {@link LogConfigurator} with its log folder in {@code dir}. */
    private LoggerContext configured() {
        String before = System.getProperty("mstpanel.logDir");
        System.setProperty("mstpanel.logDir", dir.toString());
        try {
            LoggerContext context = new LoggerContext();
            context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter()); // as logback's provider does
            new LogConfigurator().configure(context);
            context.start();
            return context;
        } finally {
            if (before == null) {
                System.clearProperty("mstpanel.logDir");
            } else {
                System.setProperty("mstpanel.logDir", before);
            }
        }
    }

    private static List<DeferredPatternEncoder> encoders(LoggerContext context) {
        List<DeferredPatternEncoder> found = new ArrayList<>();
        for (var it = context.getLogger(Logger.ROOT_LOGGER_NAME).iteratorForAppenders(); it.hasNext(); ) {
            Appender<ILoggingEvent> a = it.next();
            if (a instanceof OutputStreamAppender<ILoggingEvent> o
                    && o.getEncoder() instanceof DeferredPatternEncoder d) {
                found.add(d);
            }
        }
        return found;
    }

    @Test
    void theLogFileIsOpenedAtStartButItsLayoutWaitsForTheFirstLine() {
        LoggerContext context = configured();
        try {
            assertThat(dir.resolve("mst-panel.log")).exists();
            assertThat(encoders(context)).hasSize(2).noneMatch(DeferredPatternEncoder::isBuilt);
            context.getLogger("dev.mstpanel.x").info("one line");
            assertThat(encoders(context))
                    .filteredOn(DeferredPatternEncoder::isBuilt)
                    .as("the file's, not stderr's (errors only)")
                    .hasSize(1);
            PrintStream stderr = System.err;
            System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            try {
                context.getLogger("dev.mstpanel.x").error("an error");
            } finally {
                System.setErr(stderr);
            }
            assertThat(encoders(context)).allMatch(DeferredPatternEncoder::isBuilt);
        } finally {
            context.stop();
        }
    }

    @Test
    void linesAreWhatLogbacksPatternLayoutWritesAndOnlyErrorsReachStderr() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LoggerContext context = configured();
        Logger logger = context.getLogger("dev.mstpanel.core.results.SomeLongClassName");
        IllegalStateException cause = new IllegalStateException("disk said no");
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(
                err, true, StandardCharsets.UTF_8)); // logback's System.err target writes to the current one
        try {
            logger.info("listed {} trials", 3);
            logger.warn("could not read {}", "/x/y.json", cause);
            logger.error("the run stopped");
            logger.debug("not at INFO");
        } finally {
            System.setErr(stderr);
        }
        context.stop();

        // the same events through a pattern encoder built at once, as before
        PatternLayoutEncoder reference = new PatternLayoutEncoder();
        reference.setContext(context);
        reference.setPattern(FILE_PATTERN);
        reference.start();
        String thread = Thread.currentThread().getName();
        String log = Files.readString(dir.resolve("mst-panel.log"));
        List<String> lines = log.lines()
                .filter(l -> l.matches("^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3} .*"))
                .toList();
        assertThat(lines).hasSize(3);
        List<LoggingEvent> events = List.of(
                event(logger, Level.INFO, "listed {} trials", new Object[] {3}, null),
                event(logger, Level.WARN, "could not read {}", new Object[] {"/x/y.json"}, cause),
                event(logger, Level.ERROR, "the run stopped", null, null));
        for (int i = 0; i < events.size(); i++) {
            LoggingEvent e = events.get(i);
            e.setThreadName(thread);
            e.setTimeStamp(0);
            String ref = new String(reference.encode(e), StandardCharsets.UTF_8);
            // same text after the time stamp (the reference's is 1970's)
            String refTail = ref.substring(ref.indexOf(' ', ref.indexOf(' ') + 1));
            assertThat(lines.get(i))
                    .isEqualTo(lines.get(i).substring(0, 23)
                            + refTail.lines().findFirst().orElseThrow());
        }
        assertThat(log)
                .contains(
                        "java.lang.IllegalStateException: disk said no",
                        "\tat dev.mstpanel.logging.HeadlessLoggingTest");
        assertThat(lines.get(0)).contains(" INFO  [" + thread + "] ").endsWith("SomeLongClassName - listed 3 trials");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("mst-panel: the run stopped\n");
    }

    private static LoggingEvent event(Logger logger, Level level, String message, Object[] args, Throwable t) {
        return new LoggingEvent(Logger.class.getName(), logger, level, message, t, args);
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aHeadlessCommandsLinesReachTheLogFile() throws Exception {
        Path hostile = TestEngines.projectRoot().resolve("app/src/test/resources/mst-hostile/mst");
        Path config = Files.writeString(dir.resolve("eval.json"), "{\"name\": \"logged\", \"client\": \"cowork\"}");
        PanelProcess.Result r = PanelProcess.run(
                dir,
                Map.of(
                        "MST_PANEL_HOME",
                        dir.resolve("panel-home").toString(),
                        "HOME",
                        Files.createDirectories(dir.resolve("home")).toString(),
                        "MST_HOSTILE_MODE",
                        "secrets",
                        "ANTHROPIC_API_KEY",
                        "sk-test-not-a-key"),
                120,
                "run",
                "--mst",
                hostile.toString(),
                "--",
                "--config",
                config.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        String log = Files.readString(dir.resolve("panel-home/logs/mst-panel.log"));
        assertThat(log)
                .containsPattern(
                        "(?m)^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3} INFO  \\[[^]]+\\] \\S*ProcessSupervisor - started pid \\d+: ");
    }

    @Test
    void theProviderMainNamesIsThisClassAndSetsUpTheSameAppenders() {
        assertThat(PanelLogProvider.NAME).isEqualTo(PanelLogProvider.class.getName());
        String before = System.getProperty("mstpanel.logDir");
        System.setProperty("mstpanel.logDir", dir.toString());
        PanelLogProvider provider = new PanelLogProvider();
        try {
            provider.initialize();
        } finally {
            if (before == null) {
                System.clearProperty("mstpanel.logDir");
            } else {
                System.setProperty("mstpanel.logDir", before);
            }
        }
        LoggerContext context = (LoggerContext) provider.getLoggerFactory();
        try {
            assertThat(context.isStarted()).isTrue();
            assertThat(context.getLogger(Logger.ROOT_LOGGER_NAME).getLevel()).isEqualTo(Level.INFO);
            assertThat(context.getLogger("com.github.dockerjava").getLevel()).isEqualTo(Level.WARN);
            assertThat(encoders(context)).hasSize(2);
            context.getLogger("dev.mstpanel.x").info("through the provider");
            assertThat(dir.resolve("mst-panel.log")).content().contains(" INFO  [", "x - through the provider");
        } finally {
            context.stop();
        }
    }

    @Test
    void javaUtilLoggingRecordsReachTheLogFileThroughTheBridgeAlone() throws Exception {
        List<String> cmd = List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Dmstpanel.logDir=" + dir,
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.HeadlessLoggingProbe");
        Process p = new ProcessBuilder(cmd).start();
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(out.lines().toList())
                .as("java.util.logging's root handlers")
                .containsExactly("org.slf4j.bridge.SLF4JBridgeHandler");
        assertThat(err).as("no console handler of java.util.logging's own").isEmpty();
        String log = Files.readString(dir.resolve("mst-panel.log"));
        assertThat(log)
                .containsPattern(" INFO  \\[main\\] \\S*probe\\.Jul - through java.util.logging")
                .containsPattern(" INFO  \\[main\\] \\S*probe\\.Slf4j - through slf4j")
                .doesNotContain("not at INFO");
    }
}
