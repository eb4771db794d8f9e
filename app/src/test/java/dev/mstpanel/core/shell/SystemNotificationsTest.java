package dev.mstpanel.core.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.MacDouble;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Notifications through the system's notification center: Notification Center on macOS, notify-send on Linux, none elsewhere. */
class SystemNotificationsTest {
    @TempDir
    Path dir;

    private SystemNotifications on(HostEnvironment.OsFamily os, String path) {
        return new SystemNotifications(new CommandRunner(new HostEnvironment(Map.of("PATH", path), dir, os)));
    }

    @Test
    void onAMacItIsNotificationCenterThroughOsascriptWithTheTextsEscaped() {
        SystemNotifications mac = on(HostEnvironment.OsFamily.MAC, "/usr/bin");
        assertThat(mac.available()).isTrue();
        assertThat(mac.command("Run finished: cowork \"smoke\"", "12/15 passed\\n(80%)\nnext", false))
                .contains(
                        List.of(
                                "osascript",
                                "-e",
                                "display notification \"12/15 passed\\\\n(80%) next\" with title \"mst-panel\" subtitle \"Run finished: cowork \\\"smoke\\\"\""));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void onLinuxItIsNotifySendWhenPresentWithTheTextsAsArguments() throws Exception {
        Path record = dir.resolve("args");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(
                bin.resolve("notify-send"),
                "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" + record + "'\n");
        bin.resolve("notify-send").toFile().setExecutable(true);
        SystemNotifications linux = on(HostEnvironment.OsFamily.LINUX, bin + ":/usr/bin:/bin");
        assertThat(linux.post("Out of memory: shard 2/3 on engine-1", "raise memory= or use fewer shards", true))
                .isEqualTo(SystemNotifications.Delivery.CONFIRMED);
        assertThat(Files.readAllLines(record))
                .containsExactly(
                        "--app-name=mst-panel",
                        "--urgency=critical",
                        "--",
                        "Out of memory: shard 2/3 on engine-1",
                        "raise memory= or use fewer shards");
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void onAMacOsascriptsExitZeroProvesNothingSoThePanelMustShowItsOwnNotice() {
        // the double behaves as macOS 15 does for a script's notification: exit 0, and no banner
        SystemNotifications mac = on(HostEnvironment.OsFamily.MAC, MacDouble.bin() + ":/usr/bin:/bin");
        SystemNotifications.Delivery d = mac.post("Run finished: cowork-smoke", "12/15 passed", false);
        assertThat(d).isEqualTo(SystemNotifications.Delivery.UNCONFIRMED);
        assertThat(d.needsOwnNotice()).isTrue();
        assertThat(SystemNotifications.Delivery.CONFIRMED.needsOwnNotice()).isFalse();
    }

    @Test
    void withoutANotificationCenterTheCallerKeepsItsPopup() {
        assertThat(on(HostEnvironment.OsFamily.LINUX, dir.toString()).available())
                .isFalse();
        assertThat(on(HostEnvironment.OsFamily.LINUX, dir.toString()).post("t", "x", false))
                .isEqualTo(SystemNotifications.Delivery.NOT_POSTED);
        assertThat(on(HostEnvironment.OsFamily.WINDOWS, dir.toString()).command("t", "x", false))
                .isEmpty();
    }
}
