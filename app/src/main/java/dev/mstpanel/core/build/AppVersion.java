package dev.mstpanel.core.build;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The panel's own version, from the build. */
public final class AppVersion {
    private AppVersion() {}

    /** e.g. {@code 0.1.0}; {@code dev} when the build did not stamp one. */
    public static String get() {
        try (InputStream in = AppVersion.class.getResourceAsStream("/dev/mstpanel/version.properties")) {
            if (in == null) {
                return "dev";
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "dev");
            return v.startsWith("${") ? "dev" : v;
        } catch (IOException e) {
            return "dev";
        }
    }
}
