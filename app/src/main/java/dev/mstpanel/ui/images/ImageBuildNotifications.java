package dev.mstpanel.ui.images;

import dev.mstpanel.ui.common.Notifier;

/** A desktop notification when an image build the Images view started ends, built or failed. */
public final class ImageBuildNotifications {
    private ImageBuildNotifications() {}

    /**
     * Follows an Images view model.
     *
     * @param images the view model (its properties change on the FX thread)
     * @param notifier shows the notification
     * @param onClick what clicking it does (e.g. open the Images view), or null
     */
    public static void attach(ImagesViewModel images, Notifier notifier, Runnable onClick) {
        images.buildingProperty().addListener((o, was, now) -> {
            if (was && !now) {
                boolean ok = !images.buildFailedProperty().get();
                String title = images.buildTitleProperty().get();
                notifier.imageBuildEnded(
                        title == null || title.isBlank() ? "image" : title,
                        ok,
                        images.buildStatusProperty().get(),
                        onClick);
            }
        });
    }
}
