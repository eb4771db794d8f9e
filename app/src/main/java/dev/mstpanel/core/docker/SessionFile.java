package dev.mstpanel.core.docker;

import dev.mstpanel.core.text.ByteSize;

/**
 * One of a container's session files as read through {@code docker exec}.
 *
 * @param path its path in the container, e.g. {@code /run/mst/session/claude.log}
 * @param status present, absent, unreadable, or a folder
 * @param sizeBytes its full size in bytes, or -1 when not present
 * @param content its text (the last 256 KiB of a longer file; a folder's listing), or empty
 * @param truncated true when only the end of the file is shown
 */
public record SessionFile(String path, Status status, long sizeBytes, String content, boolean truncated) {
    /** Whether the file was there. */
    public enum Status {
        PRESENT,
        ABSENT,
        UNREADABLE,
        FOLDER
    }

    /** The line a person sees for it, e.g. {@code /run/mst/session/ready: absent}. */
    public String headline() {
        return switch (status) {
            case PRESENT -> path + " (" + ByteSize.human(sizeBytes) + (truncated ? ", last 256 KiB shown" : "") + ")";
            case ABSENT -> path + ": absent (not in this container)";
            case UNREADABLE -> path + ": present but the mst user may not read it";
            case FOLDER -> path + "/ (folder: its files listed)";
        };
    }
}
