package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Messages people read carry no Java class names (smaller findings). */
class PlainMessageTest {
    @Test
    void wrappedExceptionsLoseTheirClassNames() {
        assertThat(DockerClients.plainMessage(new RuntimeException(new java.net.SocketException("Connection reset"))))
                .isEqualTo("Connection reset");
        assertThat(DockerClients.plainMessage(
                        new RuntimeException("java.io.IOException: java.net.SocketException: Broken pipe")))
                .isEqualTo("Broken pipe");
        assertThat(DockerClients.plainMessage(new RuntimeException("Status 404: no such image")))
                .isEqualTo("Status 404: no such image");
        assertThat(DockerClients.plainMessage(new NullPointerException())).isEqualTo("no reason given");
    }
}
