package dev.mstpanel.core.doctor;

import java.nio.file.Path;

/**
 * An MST found on this machine.
 *
 * @param executable the {@code mst} program
 * @param version its version as {@code mst --version} prints it (e.g. {@code 2.0.0-rc.3}), or null when it did not say
 * @param foundBy how it was found: {@code settings}, {@code node_modules}, {@code PATH}
 */
public record MstInstall(Path executable, String version, String foundBy) {}
