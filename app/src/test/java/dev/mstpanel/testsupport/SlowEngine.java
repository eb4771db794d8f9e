package dev.mstpanel.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A hostile "engine" for tests: an HTTP server on a loopback port that answers every request with
 * a status line and then one header line every 0.5 s, forever. A socket-read
 * timeout never trips on it; only an overall deadline ends a call. Use its endpoint as a
 * {@code tcp://} Docker context.
 */
public final class SlowEngine implements AutoCloseable {
    private final ServerSocket server;
    private final List<Socket> clients = new CopyOnWriteArrayList<>();
    private final Thread acceptor;
    private volatile boolean closed;

    public SlowEngine() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::accept, "slow-engine");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** {@code tcp://127.0.0.1:PORT}. */
    public String endpoint() {
        return "tcp://127.0.0.1:" + server.getLocalPort();
    }

    /** Connections accepted so far that are still open (a call past its deadline closes its own). */
    public long openConnections() {
        return clients.stream().filter(s -> !s.isClosed()).count();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket s = server.accept();
                clients.add(s);
                Thread t = new Thread(() -> trickle(s), "slow-engine-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void trickle(Socket s) {
        try (s) {
            OutputStream out = s.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            for (int i = 0; !closed; i++) {
                Thread.sleep(500);
                out.write(("X-Slow-" + i + ": still thinking\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the client hung up: what a deadline does
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        for (Socket s : clients) {
            s.close();
        }
    }
}
