package dev.mstpanel.core.images;

import java.util.List;

/**
 * The MST images of one context.
 *
 * @param context the context's name
 * @param images MST's images and those built from them, MST's first, newest first
 * @param states one per {@link ImageFamily}: current, stale, missing or unknown
 * @param failure why the context could not be listed, or null
 */
public record ContextImages(String context, List<MstImage> images, List<FamilyState> states, String failure) {
    public ContextImages {
        images = List.copyOf(images);
        states = List.copyOf(states);
    }
}
