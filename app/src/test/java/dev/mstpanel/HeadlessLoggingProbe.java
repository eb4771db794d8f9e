package dev.mstpanel;

/**
 * Run in a JVM of its own by {@code HeadlessLoggingTest}: sets logging up as {@code Main} does for a
 * headless command, logs through java.util.logging, and prints the root logger's handlers.
 */
public final class HeadlessLoggingProbe {
    private HeadlessLoggingProbe() {}

    public static void main(String[] args) {
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        System.setProperty("slf4j.provider", dev.mstpanel.logging.PanelLogProvider.NAME);
        Main.headlessLogging();
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger("dev.mstpanel.probe.Jul");
        jul.info("through java.util.logging");
        jul.fine("not at INFO");
        org.slf4j.LoggerFactory.getLogger("dev.mstpanel.probe.Slf4j").info("through slf4j");
        for (java.util.logging.Handler h :
                java.util.logging.Logger.getLogger("").getHandlers()) {
            System.out.println(h.getClass().getName());
        }
        System.exit(0);
    }
}
