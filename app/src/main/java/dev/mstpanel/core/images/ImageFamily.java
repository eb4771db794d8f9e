package dev.mstpanel.core.images;

/**
 * MST's images (source: docs/dev/mst-format.md, Images; Cowork-in-Docker and ChatGPT-in-Docker
 * documents, "Build the image"). Each is tagged with the MST version that built it.
 */
public enum ImageFamily {
    /** Claude Desktop and Cowork's VM; also runs headless clients and grading. */
    COWORK("mst-cowork-linux", "Cowork, headless clients and grading"),
    /** The ChatGPT desktop app ({@code chatgpt}, {@code codex-app} clients). */
    CHATGPT("mst-chatgpt-linux", "ChatGPT and Codex app");

    private final String repository;
    private final String usedFor;

    ImageFamily(String repository, String usedFor) {
        this.repository = repository;
        this.usedFor = usedFor;
    }

    /** The image repository, e.g. {@code mst-cowork-linux}. */
    public String repository() {
        return repository;
    }

    /** What runs in it, for people. */
    public String usedFor() {
        return usedFor;
    }

    /** The reference MST runs for a version, e.g. {@code mst-cowork-linux:2.0.0}. */
    public String reference(String mstVersion) {
        return repository + ":" + mstVersion;
    }

    /** The family a tag belongs to ({@code mst-cowork-linux:x}), or null. */
    public static ImageFamily ofTag(String repoTag) {
        for (ImageFamily f : values()) {
            if (repoTag != null && repoTag.startsWith(f.repository + ":")) {
                return f;
            }
        }
        return null;
    }
}
