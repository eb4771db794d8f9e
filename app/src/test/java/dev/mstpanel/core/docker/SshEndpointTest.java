package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ssh:// addresses read as the Docker CLI reads them: brackets, non-ASCII hosts, ports ssh accepts. */
class SshEndpointTest {
    @Test
    void anIpv6AddressLosesItsBracketsAsTheDockerCliStripsThem() {
        SshEndpoint e = SshEndpoint.parse("ssh://root@[::1]:22");
        assertThat(e.host()).isEqualTo("::1");
        assertThat(e.port()).isEqualTo(22);
        assertThat(e.user()).isEqualTo("root");
        assertThat(e.shown()).isEqualTo("root@[::1]:22");
        assertThat(e.loginOptions()).containsExactly("-l", "root", "-p", "22");
    }

    @Test
    void aNonAsciiHostIsAHost() {
        SshEndpoint e = SshEndpoint.parse("ssh://рут@флит");
        assertThat(e.host()).isEqualTo("флит");
        assertThat(e.user()).isEqualTo("рут");
        assertThat(e.port()).isEqualTo(-1);
    }

    @Test
    void plainAddressesStayAsTheyWere() {
        assertThat(SshEndpoint.parse("ssh://mst@build-1.example.com:2222").shown())
                .isEqualTo("mst@build-1.example.com:2222");
        assertThat(SshEndpoint.parse("ssh://build-1/").shown()).isEqualTo("build-1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "99999", "65536", "-1", "abc", "", "123456"})
    void aPortOutsideWhatSshAcceptsIsRefused(String port) {
        assertThatThrownBy(() -> SshEndpoint.parse("ssh://root@host:" + port))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a port is a number from 1 to 65535");
    }

    @Test
    void controlAndFormatCharactersAreRefusedAndEscapedInTheMessage() {
        assertThatThrownBy(() -> SshEndpoint.parse("ssh://root@host\u001b]0;T\u0007"))
                .hasMessageContaining("\\u001b]0;T\\u0007")
                .hasMessageNotContaining("\u001b");
        assertThatThrownBy(() -> SshEndpoint.parse("ssh://root@ho\u202est"))
                .hasMessageContaining("\\u202e")
                .hasMessageNotContaining("\u202e");
    }

    @Test
    void anIpv6AddressWithoutBracketsSaysHowToWriteIt() {
        assertThatThrownBy(() -> SshEndpoint.parse("ssh://root@::1")).hasMessageContaining("between brackets");
        assertThatThrownBy(() -> SshEndpoint.parse("ssh://root@[::1")).hasMessageContaining("never closes");
        assertThatThrownBy(() -> SshEndpoint.parse("ssh://root@[host]")).hasMessageContaining("no IPv6 address");
    }
}
