package dev.mstpanel.core.shell;

/**
 * What must never be written of a line a process prints (its secrets), seen by
 * {@link BoundedStreams} before a long line is cut, so that a value is always masked whole.
 *
 * <p>A cut would otherwise hand the mask the first part of a value, which matches nothing, and
 * that part would be written as it is. {@link BoundedStreams} therefore reads
 * {@link #longestValueBytes()} bytes past the cut before it masks, and asks
 * {@link #maskValueStart} about whatever the cut leaves at the end of the kept part.
 */
public interface LineMask {
    /** Masks nothing. */
    LineMask NONE = new LineMask() {
        @Override
        public String mask(String line) {
            return line;
        }

        @Override
        public int longestValueBytes() {
            return 0;
        }

        @Override
        public String maskValueStart(String kept) {
            return kept;
        }
    };

    /**
     * The line with every value it knows replaced.
     *
     * @param line a whole line, or as much of it as is kept in memory
     * @return the masked text
     */
    String mask(String line);

    /** The length in UTF-8 bytes of the longest value {@link #mask} replaces whole. */
    int longestValueBytes();

    /**
     * The kept part of a cut line, already {@linkplain #mask masked}, with a tail that is the start
     * of a value (the rest of which was cut off) replaced too.
     *
     * @param kept the text up to the cut
     * @return the text to write
     */
    String maskValueStart(String kept);
}
