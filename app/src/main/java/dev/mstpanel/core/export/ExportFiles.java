package dev.mstpanel.core.export;

import dev.mstpanel.core.results.files.SpecialFile;
import dev.mstpanel.core.results.layout.RunLocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where an exported page may be written, and the writing. A run's folder and every results folder
 * ({@value RunLocator#RESULTS_FOLDER}) are MST's and only read by the panel, so a target inside one
 * (through a link too) is refused; an existing file is replaced only when asked, and only a regular file. The page is written
 * to a temporary file beside the target and moved into place, so a reader never sees half a page.
 */
public final class ExportFiles {
    private ExportFiles() {}

    /**
     * Checks a target before any work is done.
     *
     * @param target the file to write
     * @param overwrite whether an existing file may be replaced
     * @throws ExportException {@link ExportException.Kind#INSIDE_RESULTS}, {@link ExportException.Kind#EXISTS}
     *     or {@link ExportException.Kind#CANNOT_WRITE}, with a message that names the file and the fix
     */
    public static void check(Path target, boolean overwrite) throws ExportException {
        Path file = target.toAbsolutePath().normalize();
        Path parent = file.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new ExportException(
                    ExportException.Kind.CANNOT_WRITE,
                    "There is no folder " + parent + " to write " + file.getFileName() + " in: create it first.");
        }
        Path realParent;
        try {
            realParent = parent.toRealPath();
        } catch (IOException e) {
            throw new ExportException(ExportException.Kind.CANNOT_WRITE, parent + " cannot be read: " + e.getMessage());
        }
        for (Path dir : new Path[] {parent, realParent}) {
            Path run = RunLocator.isRunDir(dir) ? dir : RunLocator.runFolderAbove(dir.resolve("x"));
            if (run != null) {
                throw insideResults(file, "the run folder " + run);
            }
            for (Path up = dir; up != null; up = up.getParent()) {
                if (up.getFileName() != null && up.getFileName().toString().equals(RunLocator.RESULTS_FOLDER)) {
                    throw insideResults(file, "the results folder " + up);
                }
            }
        }
        if (Files.isDirectory(file)) {
            throw new ExportException(
                    ExportException.Kind.CANNOT_WRITE, file + " is a folder: give a file name, such as report.html.");
        }
        // the page replaces the target by a move, which would put a file where a device, named pipe or socket was
        // (a link to /dev/null, say): only a regular file is ever replaced, with --force or not
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            SpecialFile kind = SpecialFile.of(file);
            throw new ExportException(
                    ExportException.Kind.CANNOT_WRITE,
                    file + " is " + (kind == null ? SpecialFile.OTHER : kind).said()
                            + ": the export only writes or replaces a regular file; give a file name, such as"
                            + " report.html.");
        }
        if (Files.exists(file) && !overwrite) {
            throw new ExportException(
                    ExportException.Kind.EXISTS,
                    file + " already exists: give another name, or --force to replace it.");
        }
        if (!Files.isWritable(parent)) {
            throw new ExportException(
                    ExportException.Kind.CANNOT_WRITE, "The folder " + parent + " cannot be written: choose another.");
        }
    }

    private static ExportException insideResults(Path file, String where) {
        return new ExportException(
                ExportException.Kind.INSIDE_RESULTS,
                file + " is inside " + where + ", which holds MST's results and is only read by the panel:"
                        + " write the export somewhere else.");
    }

    /**
     * Writes a page after {@link #check checking} the target again.
     *
     * @param target the file
     * @param html the page
     * @param overwrite whether an existing file may be replaced
     * @return the number of bytes written
     * @throws ExportException when the target is refused or the write fails
     */
    public static long write(Path target, String html, boolean overwrite) throws ExportException {
        check(target, overwrite);
        Path file = target.toAbsolutePath().normalize();
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        Path tmp = null;
        try {
            tmp = Files.createTempFile(file.getParent(), ".mst-panel-export-", ".tmp");
            Files.write(tmp, bytes);
            // a temporary file is private to its owner; the page is for sharing, so readable as a file saved anywhere
            if (Files.getFileStore(tmp)
                    .supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
                Files.setPosixFilePermissions(
                        tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
            if (overwrite) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } else {
                // no replace: a file made meanwhile is not overwritten
                Files.move(tmp, file);
            }
            tmp = null;
            return bytes.length;
        } catch (FileAlreadyExistsException e) {
            throw new ExportException(
                    ExportException.Kind.EXISTS,
                    file + " already exists: give another name, or --force to replace it.");
        } catch (AccessDeniedException e) {
            throw new ExportException(
                    ExportException.Kind.CANNOT_WRITE, file + " cannot be written (permission denied).", e);
        } catch (IOException e) {
            throw new ExportException(
                    ExportException.Kind.CANNOT_WRITE, file + " cannot be written: " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a leftover temporary file is harmless and named as the panel's
                }
            }
        }
    }
}
