package dev.mstpanel.core.results.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What a path in a run folder is when it is not a file the panel may open: its kind, so that every reader names the same
 * problem the same way ("accessibility.txt is not a regular file (a named pipe)"), and none opens it (a named pipe waits
 * for a writer forever, a device never ends).
 */
public enum SpecialFile {
    FOLDER("a folder, not a file"),
    NAMED_PIPE("not a regular file (a named pipe)"),
    DEVICE("not a regular file (a device)"),
    SOCKET("not a regular file (a socket)"),
    OTHER("not a regular file"),
    LINK_LOOP("a symbolic link that loops"),
    DANGLING_LINK("a symbolic link to nothing"),
    UNREADABLE("not readable by this user (permission denied)");

    private final String said;

    SpecialFile(String said) {
        this.said = said;
    }

    /** What it is, after "is": {@code not a regular file (a named pipe)}. */
    public String said() {
        return said;
    }

    /** The sentence for a file shown as {@code shown}: {@code accessibility.txt is not a regular file (a named pipe)}. */
    public String about(String shown) {
        return shown + " is " + said;
    }

    /**
     * The kind of {@code p} (a link followed), or null when it is a regular file this user can read or is not there at all.
     * Looks at the file's attributes only; never opens it.
     */
    public static SpecialFile of(Path p) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException e) {
            if (Files.isSymbolicLink(p)) {
                return Files.notExists(p) ? DANGLING_LINK : LINK_LOOP;
            }
            return null; // not there
        }
        if (a.isRegularFile()) {
            return Files.isReadable(p) ? null : UNREADABLE;
        }
        if (a.isDirectory()) {
            return FOLDER;
        }
        return ofMode(p);
    }

    /** A FIFO, device or socket told apart by the file's mode, where the system gives it. */
    private static SpecialFile ofMode(Path p) {
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode");
            return switch (mode & 0170000) {
                case 0010000 -> NAMED_PIPE;
                case 0020000, 0060000 -> DEVICE;
                case 0140000 -> SOCKET;
                default -> OTHER;
            };
        } catch (IOException
                | UnsupportedOperationException
                | IllegalArgumentException
                | ClassCastException
                | SecurityException e) {
            return OTHER;
        }
    }
}
