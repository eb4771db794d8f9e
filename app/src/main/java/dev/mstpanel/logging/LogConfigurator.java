package dev.mstpanel.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.util.FileSize;

/**
 * The panel's logging, set up in code (no XML parsing at start-up, which keeps the first frame and
 * headless commands fast): by {@link PanelLogProvider} when {@code Main} starts the panel, else
 * through logback's {@link Configurator} service. The lines' layouts are built at the first line
 * logged ({@link DeferredPatternEncoder}); the log file is opened at once.
 *
 * <ul>
 *   <li>{@code mst-panel.log} in the platform's log folder (system property {@code mstpanel.logDir},
 *       set by {@code Main}), rotated at 5 MB, five old files kept;</li>
 *   <li>errors also on stderr, prefixed {@code mst-panel:}.</li>
 * </ul>
 * A log file that cannot be written (the path is a folder, the file is another user's) is said
 * once, in one line on stderr ({@link LoggingProblems}); the panel then logs errors to stderr
 * only. stdout carries only the command's output.
 * Secrets never reach the log: command lines and environments are redacted before logging.
 */
public final class LogConfigurator extends ContextAwareBase implements Configurator {

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        String dir = System.getProperty("mstpanel.logDir", System.getProperty("java.io.tmpdir"));
        // With a status listener present, logback prints none of its status messages on stdout
        // (where they would break every --json output); this one reports a problem once, on stderr.
        LoggingProblems problems = new LoggingProblems(dir + "/mst-panel.log", System.err);
        problems.setContext(context);
        context.getStatusManager().add(problems);

        // built at the first line logged: a command that logs nothing does not pay for the pattern layout
        DeferredPatternEncoder fileEncoder =
                new DeferredPatternEncoder("%d{ISO8601} %-5level [%thread] %logger{30} - %msg%n");
        fileEncoder.setContext(context);
        fileEncoder.start();

        RollingFileAppender<ILoggingEvent> file = new RollingFileAppender<>();
        file.setContext(context);
        file.setName("FILE");
        file.setFile(dir + "/mst-panel.log");
        FixedWindowRollingPolicy rolling = new FixedWindowRollingPolicy();
        rolling.setContext(context);
        rolling.setParent(file);
        rolling.setFileNamePattern(dir + "/mst-panel.%i.log");
        rolling.setMinIndex(1);
        rolling.setMaxIndex(5);
        rolling.start();
        SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
        trigger.setContext(context);
        trigger.setMaxFileSize(FileSize.valueOf("5MB"));
        trigger.start();
        file.setRollingPolicy(rolling);
        file.setTriggeringPolicy(trigger);
        file.setEncoder(fileEncoder);
        file.start();
        boolean toFile = file.isStarted();

        DeferredPatternEncoder errEncoder = new DeferredPatternEncoder("mst-panel: %msg%n");
        errEncoder.setContext(context);
        errEncoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        ThresholdFilter errorsOnly = new ThresholdFilter();
        errorsOnly.setLevel("ERROR");
        errorsOnly.start();
        stderr.addFilter(errorsOnly);
        stderr.setEncoder(errEncoder);
        stderr.start();

        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        if (toFile) {
            root.addAppender(file);
        }
        root.addAppender(stderr);
        context.getLogger("com.github.dockerjava").setLevel(Level.WARN);
        context.getLogger("io.methvin").setLevel(Level.WARN);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
