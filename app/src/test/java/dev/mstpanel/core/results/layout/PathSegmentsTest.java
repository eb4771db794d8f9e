package dev.mstpanel.core.results.layout;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Segment encoding and decoding against MST's rule (docs/dev/mst-format.md, Results; MST's results writer, segment()). */
class PathSegmentsTest {

    @Test
    void plainNamesStayAsTheyAre() {
        assertThat(PathSegments.encode("calendar-lookup_2")).isEqualTo("calendar-lookup_2");
        assertThat(PathSegments.decode("calendar-lookup_2"))
                .isEqualTo(new PathSegments.Decoded("calendar-lookup_2", false, null));
    }

    @Test
    void encodesAsEncodeUriComponentWithStarAndDots() {
        assertThat(PathSegments.encode("a b/c?d")).isEqualTo("a%20b%2Fc%3Fd");
        assertThat(PathSegments.encode("it's(fine)!~-_")).isEqualTo("it's(fine)!~-_");
        assertThat(PathSegments.encode("x*y")).isEqualTo("x%2Ay");
        assertThat(PathSegments.encode(".hidden")).isEqualTo("%2Ehidden");
        assertThat(PathSegments.encode("end.")).isEqualTo("end%2E");
        assertThat(PathSegments.encode("..")).isEqualTo("%2E%2E");
        assertThat(PathSegments.encode("a.b")).isEqualTo("a.b");
        assertThat(PathSegments.encode("ü€")).isEqualTo("%C3%BC%E2%82%AC");
    }

    @Test
    void decodesPercentStarAndDotEscapes() {
        assertThat(PathSegments.decode("%2Ehidden%2Acase%2Fwith%20spaces%2E").text())
                .isEqualTo(".hidden*case/with spaces.");
        assertThat(PathSegments.decode("%C3%BC%E2%82%AC").text()).isEqualTo("ü€");
        assertThat(PathSegments.decode("%c3%bc").text()).isEqualTo("ü");
    }

    @Test
    void decodingIsLenientWithStrayPercentSigns() {
        assertThat(PathSegments.decode("100%").text()).isEqualTo("100%");
        assertThat(PathSegments.decode("50%zz").text()).isEqualTo("50%zz");
        assertThat(PathSegments.decode("%FF").text()).isEqualTo("\uFFFD");
    }

    @Test
    void roundTripsEveryNameUnder200Bytes() {
        for (String name :
                new String[] {"default", ".x.", "*", "a%b", "tab\there", "emoji 😀 case", "ends with dot.", "~tilde~"
                }) {
            String seg = PathSegments.encode(name);
            assertThat(PathSegments.decode(seg).text()).as(name).isEqualTo(name);
            assertThat(PathSegments.decode(seg).cut()).isFalse();
        }
    }

    @Test
    void longNamesAreCutWithTheirSha256() {
        String name = "x".repeat(250);
        String seg = PathSegments.encode(name);
        // first 16 hex of sha256("x" * 250)
        assertThat(seg).hasSize(200).startsWith("x".repeat(183) + "~").matches(".*~[0-9a-f]{16}");
        assertThat(seg).endsWith("~" + sha16(name));
        PathSegments.Decoded d = PathSegments.decode(seg);
        assertThat(d.cut()).isTrue();
        assertThat(d.text()).isEqualTo("x".repeat(183));
        assertThat(d.hash()).isEqualTo(sha16(name));
        assertThat(d.display()).isEqualTo("x".repeat(183) + "…");
    }

    @Test
    void aCutNeverEndsInsideAPercentEscape() {
        // 182 plain characters then ü (%C3%BC): the cut at 183 falls after "%", which MST drops
        String name = "y".repeat(182) + "ü".repeat(20);
        String seg = PathSegments.encode(name);
        assertThat(seg).startsWith("y".repeat(182) + "~");
        assertThat(seg).hasSize(182 + 17);
        assertThat(PathSegments.decode(seg).text()).isEqualTo("y".repeat(182));
        // 181 plain then ü: the cut keeps "%C3" and drops "%B"... no: keeps "%C3", then "%" is dropped by MST
        String name2 = "z".repeat(180) + "ü".repeat(20);
        String seg2 = PathSegments.encode(name2);
        assertThat(seg2).startsWith("z".repeat(180) + "%C3~");
        // the lone lead byte of a cut character does not show as garbage
        assertThat(PathSegments.decode(seg2).text()).isEqualTo("z".repeat(180));
    }

    @Test
    void aShortNameEndingInTildeAndHexIsNotMistakenForACut() {
        String name = "build~0123456789abcdef";
        assertThat(PathSegments.decode(PathSegments.encode(name)))
                .isEqualTo(new PathSegments.Decoded(name, false, null));
    }

    @Test
    void matchesTellsWhetherASegmentIsAName() {
        String longName = "case ".repeat(60);
        assertThat(PathSegments.matches(PathSegments.encode(longName), longName))
                .isTrue();
        assertThat(PathSegments.matches(PathSegments.encode(longName), longName + "x"))
                .isFalse();
    }

    private static String sha16(String s) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                            .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                    .substring(0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
