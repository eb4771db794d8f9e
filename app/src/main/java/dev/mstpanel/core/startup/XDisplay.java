package dev.mstpanel.core.startup;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether an X display ({@code DISPLAY}) has a server listening, looked at before JavaFX starts: JavaFX's
 * toolkit prints its own stack trace when the display does not answer, which says nothing to a person.
 * {@code :N} and {@code unix:N} are the socket {@code /tmp/.X11-unix/XN}; {@code host:N} (ssh -X's
 * {@code localhost:10.0}) is TCP port 6000 + N, as X11 defines them.
 */
public final class XDisplay {
    private static final Pattern DISPLAY = Pattern.compile("^([^:]*):(\\d+)(?:\\.\\d+)?$");
    private static final int TIMEOUT_MS = 2000;

    private XDisplay() {}

    /** True when a server answers on the display, or when the display is written in a way not known here (JavaFX then tries). */
    public static boolean answers(String display) {
        Matcher m = DISPLAY.matcher(display);
        if (!m.matches()) {
            return true;
        }
        String host = m.group(1);
        int number;
        try {
            number = Integer.parseInt(m.group(2));
        } catch (NumberFormatException e) {
            return true;
        }
        if (host.isEmpty() || host.equals("unix")) {
            Path socket = Path.of("/tmp/.X11-unix/X" + number);
            try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                ch.connect(UnixDomainSocketAddress.of(socket));
                return true;
            } catch (IOException | RuntimeException e) {
                return false; // no server on the socket (a closed X server leaves its file or none)
            }
        }
        if (number > 59535) {
            return true;
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, 6000 + number), TIMEOUT_MS);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
