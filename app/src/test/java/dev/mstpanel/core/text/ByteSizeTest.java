package dev.mstpanel.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ByteSizeTest {
    @Test
    void parsesDockerMemorySyntax() {
        assertThat(ByteSize.parse("8g")).isEqualTo(8 * ByteSize.GIB);
        assertThat(ByteSize.parse("512m")).isEqualTo(512 * ByteSize.MIB);
        assertThat(ByteSize.parse("1.5G")).isEqualTo(3 * ByteSize.GIB / 2);
        assertThat(ByteSize.parse("2048")).isEqualTo(2048);
        assertThat(ByteSize.parse(" 4gb ")).isEqualTo(4 * ByteSize.GIB);
    }

    @Test
    void rejectsWhatIsNotASizeWithAPlainMessage() {
        assertThatThrownBy(() -> ByteSize.parse("lots"))
                .hasMessageContaining("\"lots\" is not a memory size")
                .hasMessageContaining("8g");
        assertThatThrownBy(() -> ByteSize.parse("0m")).hasMessageContaining("more than zero");
        assertThatThrownBy(() -> ByteSize.parse("")).hasMessageContaining("empty");
    }

    @Test
    void formatsGibWithOneDecimalAsMstPrintsThem() {
        assertThat(ByteSize.gib((long) (11.7 * ByteSize.GIB))).isEqualTo("11.7 GiB");
        assertThat(ByteSize.gib(25276502016L)).isEqualTo("23.5 GiB");
        assertThat(ByteSize.gib(0)).isEqualTo("0.0 GiB");
        assertThat(ByteSize.human(512)).isEqualTo("512 B");
        assertThat(ByteSize.human(3 * ByteSize.MIB + ByteSize.MIB / 2)).isEqualTo("3.5 MiB");
    }
}
