package dev.mstpanel.core.colima;

import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** This machine's physical memory: macOS {@code sysctl -n hw.memsize}, Linux {@code MemTotal} in {@code /proc/meminfo}. */
public final class HostMemory {
    private HostMemory() {}

    /**
     * Reads the physical memory.
     *
     * @param runner runs {@code sysctl} on macOS
     * @return bytes, or -1 when it cannot be read
     */
    public static long physicalBytes(CommandRunner runner) {
        if (runner.environment().os() == HostEnvironment.OsFamily.MAC) {
            CommandResult r = runner.run(List.of("/usr/sbin/sysctl", "-n", "hw.memsize"), null, Duration.ofSeconds(5));
            try {
                return r.ok() ? Long.parseLong(r.stdout().strip()) : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return fromMeminfo(Path.of("/proc/meminfo"));
    }

    /** {@code MemTotal} of a meminfo file, in bytes; -1 when absent or unreadable. */
    static long fromMeminfo(Path meminfo) {
        try {
            for (String line : Files.readAllLines(meminfo)) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
