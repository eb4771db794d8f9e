package dev.mstpanel.core.results.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What to say when a folder of a run cannot be read (permission denied): which folder on the way is
 * the one that stops this user (a case folder of mode 000 was blamed on the trial
 * folder below it), and how to give this user access, in words that fit who owns it ({@code chmod u+rX}
 * helps only the owner). Looked at only when a listing or a read has already failed,
 * so a run that reads costs no system call more. Stateless.
 */
public final class AccessHint {
    private AccessHint() {}

    /**
     * The first folder from the file system's root down to {@code target} that this user cannot enter
     * (a folder above it without {@code x}), or {@code target} itself when every folder above it can be
     * entered (then it is the one that cannot be listed or read).
     *
     * @param target the folder or file whose listing or read failed with permission denied
     */
    public static Path firstBlocked(Path target) {
        Path abs = target.toAbsolutePath();
        Path root = abs.getRoot();
        if (root == null) {
            return target;
        }
        Path p = root;
        for (Path part : root.relativize(abs)) {
            Path next = p.resolve(part.toString());
            if (next.equals(abs)) {
                break;
            }
            if (Files.isDirectory(next) && !Files.isExecutable(next)) {
                return next;
            }
            p = next;
        }
        return target;
    }

    /**
     * How to give this user read access to {@code folder}, as a sentence without its closing full stop:
     * {@code Give this user read access to it (chmod -R u+rX)} when this user owns it (or its owner is not
     * known), else {@code Ask its owner (root) for read access (chmod -R a+rX), or run the panel as root}.
     *
     * @param folder the folder (or file) that cannot be read, as {@link #firstBlocked(Path)} names it
     */
    public static String giveAccess(Path folder) {
        String me = System.getProperty("user.name", "");
        String owner = owner(folder);
        if (owner == null || owner.equals(me)) {
            return "Give this user read access to it (chmod -R u+rX)";
        }
        return "Ask its owner (" + owner + ") for read access (chmod -R a+rX), or run the panel as " + owner;
    }

    /** {@link #giveAccess(Path)} followed by what access gives ({@code to list its trials}) when this user owns the folder. */
    public static String giveAccess(Path folder, String what) {
        String s = giveAccess(folder);
        return what.isEmpty() || s.startsWith("Ask")
                ? s
                : s + " " + what; // the owner's words are long enough without it
    }

    /**
     * One sentence for a folder that could not be read: {@code The KIND FOLDER could not be read: permission denied. Give this user …, WHAT.}
     * naming the first folder on the way that stops this user.
     *
     * @param kind the folder's name for a user ({@code artifacts folder}, {@code case folder})
     * @param target the folder whose listing failed
     * @param shown how to name a folder in the text (e.g. relative to the run folder)
     * @param what what access gives (e.g. {@code to list its trials}), or empty
     */
    public static String denied(
            String kind, Path target, java.util.function.Function<Path, String> shown, String what) {
        Path blocked = firstBlocked(target);
        String name = blocked.equals(target) ? kind : "folder";
        return "The " + name + " " + shown.apply(blocked) + " could not be read: permission denied. "
                + giveAccess(blocked, what) + ".";
    }

    /**
     * Why a path that is not a folder here may still be one: a folder above it this user cannot enter, so
     * whether it exists cannot be told (such a run folder was called "no folder"); or a
     * symbolic link whose target does not exist, or that loops. Null when the path plainly does not exist or is there.
     *
     * @param path the path given, as the user gave it
     * @return e.g. {@code /r/runs/x cannot be reached: permission denied on /r/runs. Ask its owner (root) for read
     *         access (chmod -R a+rX), or run the panel as root.}
     */
    public static String unreachable(Path path) {
        if (Files.isSymbolicLink(path) && !Files.exists(path)) {
            // a link whose target is not there, or one that loops: said as such, not "no folder" nor "permission
            // denied"
            String target;
            try {
                target = String.valueOf(Files.readSymbolicLink(path));
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                target = "?";
            }
            return Files.notExists(path)
                    ? path + " is a link to " + target + ", which does not exist."
                    : path + " is a symbolic link that cannot be followed (it points to " + target
                            + ", a loop of links).";
        }
        if (Files.exists(path) || Files.notExists(path)) {
            return null;
        }
        Path blocked = firstBlocked(path);
        return path + " cannot be reached: permission denied on " + blocked + ". " + giveAccess(blocked) + ".";
    }

    /** The name of a file's owner, or null when it cannot be looked up. */
    private static String owner(Path p) {
        try {
            return Files.getOwner(p, java.nio.file.LinkOption.NOFOLLOW_LINKS).getName();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }
}
