package dev.mstpanel.logging;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LogbackServiceProvider;

/**
 * Logback as SLF4J's provider, set up by {@link LogConfigurator} directly. {@code Main} names it in
 * the system property {@code slf4j.provider} (SLF4J 2.0.9+), so that neither SLF4J nor logback looks
 * for providers and configurators with {@code ServiceLoader}: each such look-up reads the table of
 * contents of every jar on the class path (44 in the app image, JavaFX, Bouncy Castle and Guava
 * included), about 40 ms of a headless start on a 2-core box that a command listing trials never
 * otherwise opens ({@code scripts/bench/headless-start.sh}). Logback's version checks and its
 * search for {@code logback.xml} are skipped too (the panel ships none and reads none). Without the
 * property (tests, another entry point) logback finds {@link LogConfigurator} through its
 * {@code META-INF/services} entry as before: the same appenders either way.
 */
public final class PanelLogProvider extends LogbackServiceProvider {
    /** The value {@code Main} gives {@code slf4j.provider}: this class's name, a constant so that naming it loads nothing. */
    public static final String NAME = "dev.mstpanel.logging.PanelLogProvider";

    @Override
    public void initialize() {
        LoggerContext context = (LoggerContext) getLoggerFactory();
        context.setName("default"); // logback's own provider's name for it
        context.setMDCAdapter(getMDCAdapter());
        LogConfigurator configurator = new LogConfigurator();
        configurator.setContext(context);
        configurator.configure(context);
        context.start();
    }
}
