package dev.mstpanel.core.results.layout;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Path segments of an {@code mst.run/v1} folder: how MST turns a variant, case or grader name into
 * one folder or file name, and back for display.
 *
 * <p>The rule (MST's run format, {@code segment()} in its results writer; docs/dev/mst-format.md, Results): {@code encodeURIComponent(name)}, then {@code *} as {@code %2A}, a leading and a
 * trailing {@code .} as {@code %2E}; when the result is over 200 bytes it is cut to its first 183
 * characters (less a trailing partial {@code %X} escape) and ends {@code ~} plus the first 16 hex
 * digits of the SHA-256 of the name (UTF-8). A cut segment cannot be decoded back to the whole
 * name: its display is the decoded prefix and an ellipsis, and the trace file's {@code caseId}
 * gives the whole name when it can be read.
 */
public final class PathSegments {
    /** The longest segment MST writes, in bytes. */
    public static final int MAX_SEGMENT_BYTES = 200;

    private static final int CUT_PREFIX = MAX_SEGMENT_BYTES - 17;
    private static final Pattern CUT_TAIL = Pattern.compile("~([0-9a-f]{16})$");
    private static final Pattern PARTIAL_ESCAPE = Pattern.compile("%[0-9A-F]?$");
    private static final String UNRESERVED = "-_.!~*'()";

    private PathSegments() {}

    /**
     * A decoded segment.
     *
     * @param text the decoded name, or for a cut segment the decoded prefix (without the hash)
     * @param cut true when MST cut the name and appended {@code ~<16 hex>}
     * @param hash the 16 hex digits of a cut segment, else null
     */
    public record Decoded(String text, boolean cut, String hash) {
        /** The name for display: the text, and "…" when it was cut. */
        public String display() {
            return cut ? text + "…" : text;
        }
    }

    /**
     * Encodes a name as MST does.
     *
     * @param name a variant, case or grader name
     * @return the folder or file-name segment, at most 200 bytes
     */
    public static String encode(String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder(bytes.length + 8);
        for (byte b : bytes) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || (c < 0x80 && UNRESERVED.indexOf(c) >= 0)) {
                sb.append((char) c);
            } else {
                sb.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        String encoded = sb.toString().replace("*", "%2A");
        if (encoded.startsWith(".")) {
            encoded = "%2E" + encoded.substring(1);
        }
        if (encoded.endsWith(".")) {
            encoded = encoded.substring(0, encoded.length() - 1) + "%2E";
        }
        if (encoded.length() <= MAX_SEGMENT_BYTES) {
            return encoded;
        }
        String prefix = PARTIAL_ESCAPE.matcher(encoded.substring(0, CUT_PREFIX)).replaceFirst("");
        return prefix + "~" + sha256Hex(name).substring(0, 16);
    }

    /**
     * Decodes a segment for display. Lenient: a {@code %} that starts no valid escape stays as it
     * is, and bytes that are not UTF-8 become U+FFFD; never throws.
     *
     * @param segment a folder or file-name segment as found on disk
     * @return the decoded name, marked when MST cut it
     */
    public static Decoded decode(String segment) {
        String body = segment;
        String hash = null;
        boolean cut = false;
        // only a segment of MST's cut length can end in its hash (no matcher for the others: one per trial listed)
        java.util.regex.Matcher m = segment.length() >= MAX_SEGMENT_BYTES - 2 && segment.length() <= MAX_SEGMENT_BYTES
                ? CUT_TAIL.matcher(segment)
                : null;
        if (m != null && m.find()) {
            cut = true;
            hash = m.group(1);
            body = segment.substring(0, m.start());
        }
        String text = percentDecode(body);
        if (cut) {
            // the cut may fall inside a multi-byte character: drop its leftover bytes
            int end = text.length();
            while (end > 0 && text.charAt(end - 1) == '\uFFFD') {
                end--;
            }
            text = text.substring(0, end);
        }
        return new Decoded(text, cut, hash);
    }

    /** True when {@code segment} is the segment MST writes for {@code name}. */
    public static boolean matches(String segment, String name) {
        return name != null && encode(name).equals(segment);
    }

    private static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length() && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
                out.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 3;
            } else {
                int cp = s.codePointAt(i);
                byte[] b = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
                i += Character.charCount(cp);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }

    private static String sha256Hex(String name) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java", e);
        }
    }
}
