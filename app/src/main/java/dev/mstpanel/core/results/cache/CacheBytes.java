package dev.mstpanel.core.results.cache;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of the cache of listed trials ({@link TrialCache}): big-endian numbers as
 * {@link DataOutputStream} writes them, strings as a length (-1: null) and UTF-8 bytes, and a
 * nullable long as a flag byte and the long.
 */
final class CacheBytes {
    private CacheBytes() {}

    static void writeString(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    static void writeLong(DataOutputStream out, Long v) throws IOException {
        out.writeBoolean(v != null);
        if (v != null) {
            out.writeLong(v);
        }
    }

    /** A cache file's bytes, read in place; a short or wrong file throws {@link IOException}. */
    static final class Input {
        private final java.nio.ByteBuffer b;

        Input(byte[] bytes) {
            this.b = java.nio.ByteBuffer.wrap(bytes);
        }

        Input(byte[] bytes, int offset, int length) {
            this.b = java.nio.ByteBuffer.wrap(bytes, offset, length);
        }

        /**
         * A whole cache file's bytes, whose last 8 are the CRC-32 of the bytes before them (as
         * {@code TrialCache} writes it): the bytes before them, once the sum matches. A file changed in
         * place, cut short or written in part by something else is not taken for data (about 3 ms for
         * a 10,000-trial run's 5 MB).
         *
         * @throws IOException when the file is shorter than its sum, or the sum does not match
         */
        static Input checked(byte[] file) throws IOException {
            if (file.length < 8) {
                throw new java.io.EOFException("the cache file ends before its checksum");
            }
            int n = file.length - 8;
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(file, 0, n);
            if (crc.getValue() != java.nio.ByteBuffer.wrap(file, n, 8).getLong()) {
                throw new IOException("the cache file's checksum does not match its bytes: it was damaged");
            }
            return new Input(file, 0, n);
        }

        byte[] array() {
            return b.array();
        }

        /** Skips {@code n} bytes and returns where they start. */
        int skip(int n) throws IOException {
            if (n < 0) {
                throw new IOException("a negative length: not a cache file of this panel");
            }
            need(n);
            int at = b.position();
            b.position(at + n);
            return at;
        }

        boolean startsWith(byte[] magic) {
            if (b.remaining() < magic.length) {
                return false;
            }
            for (byte m : magic) {
                if (b.get() != m) {
                    return false;
                }
            }
            return true;
        }

        int getInt() throws IOException {
            need(4);
            return b.getInt();
        }

        long getLong() throws IOException {
            need(8);
            return b.getLong();
        }

        double getDouble() throws IOException {
            need(8);
            return b.getDouble();
        }

        byte getByte() throws IOException {
            need(1);
            return b.get();
        }

        boolean bool() throws IOException {
            return getByte() != 0;
        }

        Long nullableLong() throws IOException {
            return bool() ? getLong() : null;
        }

        String string() throws IOException {
            int n = getInt();
            if (n < 0) {
                return null;
            }
            need(n);
            String s = new String(b.array(), b.position(), n, StandardCharsets.UTF_8);
            b.position(b.position() + n);
            return s;
        }

        /** Where the last string read by {@link #repeated(int)} in each slot starts, and its length, and the string. */
        private final int[] lastAt = new int[4];

        private final int[] lastLength = {-1, -1, -1, -1};
        private final String[] last = new String[4];

        /**
         * A string, as {@link #string()}, that is often the one read before it in the same slot (a variant's
         * name over its 10,000 trials, a trial file's name over 20,000 folders): then that string again,
         * not a new one decoded from the same bytes.
         *
         * @param slot 0 to 3, one per kind of repeated string
         */
        String repeated(int slot) throws IOException {
            int n = getInt();
            if (n < 0) {
                return null;
            }
            need(n);
            int at = b.position();
            byte[] a = b.array();
            String s;
            if (n == lastLength[slot] && java.util.Arrays.equals(a, at, at + n, a, lastAt[slot], lastAt[slot] + n)) {
                s = last[slot];
            } else {
                s = new String(a, at, n, StandardCharsets.UTF_8);
                last[slot] = s;
                lastAt[slot] = at;
                lastLength[slot] = n;
            }
            b.position(at + n);
            return s;
        }

        private void need(int n) throws IOException {
            if (b.remaining() < n) {
                throw new java.io.EOFException("the cache file ends early");
            }
        }
    }
}
