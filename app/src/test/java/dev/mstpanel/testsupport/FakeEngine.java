package dev.mstpanel.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A TEST DOUBLE of a Docker engine on a loopback port: {@code /_ping}, {@code /info} with the
 * given server version (anything a hostile engine might send, escape sequences included), and
 * empty image and container lists. Use its endpoint as a {@code tcp://} context.
 */
public final class FakeEngine implements AutoCloseable {
    private final HttpServer server;

    /** @param serverVersionJson the JSON string literal for {@code ServerVersion}, e.g. {@code "\"27.0\""} */
    public FakeEngine(String serverVersionJson) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String info =
                "{\"ServerVersion\":" + serverVersionJson + ",\"OperatingSystem\":\"Fake OS\",\"OSType\":\"linux\","
                        + "\"Architecture\":\"x86_64\",\"NCPU\":4,\"MemTotal\":17179869184,\"ContainersRunning\":0,\"DockerRootDir\":\"/var/lib/docker\"}";
        server.createContext("/", ex -> {
            String path = ex.getRequestURI().getPath();
            if (path.endsWith("/_ping")) {
                send(ex, 200, "OK", "text/plain");
            } else if (path.endsWith("/info")) {
                send(ex, 200, info, "application/json");
            } else if (path.endsWith("/images/json") || path.endsWith("/containers/json")) {
                send(ex, 200, "[]", "application/json");
            } else {
                send(ex, 404, "{\"message\":\"not in this test double\"}", "application/json");
            }
        });
        server.start();
    }

    private static void send(HttpExchange ex, int code, String body, String type) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", type);
        ex.getResponseHeaders().add("Api-Version", "1.43");
        ex.sendResponseHeaders(code, b.length);
        ex.getResponseBody().write(b);
        ex.close();
    }

    /** {@code tcp://127.0.0.1:PORT}. */
    public String endpoint() {
        return "tcp://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
