package dev.mstpanel.core.images;

import java.util.List;

/**
 * An MST image, or an image built from one, on a context.
 *
 * @param context the Docker context
 * @param id the image id ({@code sha256:…})
 * @param tags its repository tags, e.g. {@code [mst-cowork-linux:2.0.0]}
 * @param family the MST family it is or derives from
 * @param base for an image built from an MST image, that image's tag (or id); null for MST's own
 * @param sizeBytes its size in bytes
 * @param createdEpochSeconds when it was built, seconds since the epoch
 * @param version the MST version in its tag ({@code 2.0.0} of {@code mst-cowork-linux:2.0.0}); for a derived image its base's; null when unknown
 * @param matchesMst true when {@code version} is the MST version the panel found
 */
public record MstImage(
        String context,
        String id,
        List<String> tags,
        ImageFamily family,
        String base,
        long sizeBytes,
        long createdEpochSeconds,
        String version,
        boolean matchesMst) {
    public MstImage {
        tags = List.copyOf(tags);
    }

    /** Its first tag, or its short id when it has none. */
    public String reference() {
        return tags.isEmpty() ? id.replace("sha256:", "").substring(0, 12) : tags.get(0);
    }

    /** True for an image built from an MST image (e.g. a grading image), not MST's own. */
    public boolean derived() {
        return base != null;
    }
}
