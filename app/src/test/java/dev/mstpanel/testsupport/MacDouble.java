package dev.mstpanel.testsupport;

import java.nio.file.Path;

/** The folder of the macOS program stand-ins (app/src/test/resources/macos-double; its README says how they behave). */
public final class MacDouble {
    private MacDouble() {}

    public static Path bin() {
        return TestEngines.projectRoot().resolve("app/src/test/resources/macos-double");
    }
}
