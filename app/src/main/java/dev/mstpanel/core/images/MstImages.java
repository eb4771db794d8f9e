package dev.mstpanel.core.images;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Image;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineUnreachableException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Lists MST's images per context: {@code mst-cowork-linux:*}, {@code mst-chatgpt-linux:*}, and
 * images built from them, found by their parent chain (the classic builder records it) or by the
 * label {@value #BASE_LABEL} (the panel's recipes set it; BuildKit records no parent). Each is
 * compared with the MST version found: "Rebuild after upgrading MST" (MST's Cowork-in-Docker
 * document, "Build the image"). Contexts are listed in parallel, each bounded by the timeout.
 */
public final class MstImages implements AutoCloseable {
    /** The label naming the MST image an image was built from (set by the panel's recipes). */
    public static final String BASE_LABEL = "dev.mstpanel.base";
    /** The label naming the recipe that built an image. */
    public static final String RECIPE_LABEL = "dev.mstpanel.recipe";

    private final DockerClientFactory clients;
    private final ExecutorService executor;

    /** @param clients opens the clients of each context's engine */
    public MstImages(DockerClientFactory clients) {
        this.clients = clients;
        AtomicInteger n = new AtomicInteger();
        executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "mst-images-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Lists every context's MST images.
     *
     * @param contexts the contexts (every scheme; {@code ssh://} ones through their bridge)
     * @param mstVersion the MST version found, or null when MST was not found
     * @param timeout each context's bound
     * @return one entry per context, in order
     */
    public List<ContextImages> list(List<DockerContext> contexts, String mstVersion, Duration timeout) {
        // each context's clock covers its engine, not loading the Docker client's code
        clients.warmUp();
        List<CompletableFuture<ContextImages>> fs = new ArrayList<>();
        for (DockerContext c : contexts) {
            fs.add(CompletableFuture.supplyAsync(() -> listOne(c, mstVersion, timeout), executor)
                    .completeOnTimeout(
                            failed(c.name(), "No answer within " + timeout.toMillis() / 1000.0 + " s.", mstVersion),
                            timeout.toMillis() + 250,
                            TimeUnit.MILLISECONDS));
        }
        return fs.stream().map(CompletableFuture::join).toList();
    }

    private ContextImages listOne(DockerContext c, String mstVersion, Duration timeout) {
        DockerClient client;
        try {
            client = clients.open(c, timeout);
        } catch (EngineUnreachableException e) {
            return failed(c.name(), e.failure().message(), mstVersion);
        }
        try {
            return classify(c.name(), client.listImagesCmd().withShowAll(true).exec(), mstVersion);
        } catch (RuntimeException e) {
            return failed(c.name(), clients.describe(c, e, timeout).message(), mstVersion);
        } finally {
            try {
                client.close();
            } catch (IOException ignored) {
                // closing after listing
            }
        }
    }

    private static ContextImages failed(String context, String why, String mstVersion) {
        return new ContextImages(context, List.of(), List.of(), why);
    }

    /**
     * Picks MST's images and their descendants out of an engine's image list.
     *
     * @param context the context's name
     * @param all every image on the engine (intermediate ones included, for parent chains)
     * @param mstVersion the MST version found, or null
     */
    static ContextImages classify(String context, List<Image> all, String mstVersion) {
        Map<String, Image> byId = new HashMap<>();
        all.forEach(i -> byId.put(i.getId(), i));
        List<MstImage> mst = new ArrayList<>();
        Map<String, MstImage> bases = new HashMap<>();
        for (Image i : all) {
            List<String> tags = tags(i);
            for (String t : tags) {
                ImageFamily f = ImageFamily.ofTag(t);
                if (f != null) {
                    List<String> own =
                            tags.stream().filter(x -> ImageFamily.ofTag(x) == f).toList();
                    String version = own.stream()
                            .map(x -> x.substring(x.indexOf(':') + 1))
                            .filter(v -> v.equals(mstVersion))
                            .findFirst()
                            .orElse(t.substring(t.indexOf(':') + 1));
                    MstImage m = new MstImage(
                            context,
                            i.getId(),
                            tags,
                            f,
                            null,
                            size(i),
                            created(i),
                            version,
                            mstVersion != null && version.equals(mstVersion));
                    mst.add(m);
                    bases.put(i.getId(), m);
                    break;
                }
            }
        }
        List<MstImage> derived = new ArrayList<>();
        for (Image i : all) {
            if (bases.containsKey(i.getId()) || tags(i).isEmpty()) {
                continue;
            }
            MstImage base = null;
            String label = i.getLabels() == null ? null : i.getLabels().get(BASE_LABEL);
            if (label != null && ImageFamily.ofTag(label) != null) {
                // the label names the base's tag exactly, even when that image carries other tags too
                String v = label.substring(label.indexOf(':') + 1);
                derived.add(new MstImage(
                        context,
                        i.getId(),
                        tags(i),
                        ImageFamily.ofTag(label),
                        label,
                        size(i),
                        created(i),
                        v,
                        v.equals(mstVersion)));
                continue;
            }
            for (String p = i.getParentId(); base == null && p != null && !p.isEmpty(); ) {
                base = bases.get(p);
                Image parent = byId.get(p);
                p = parent == null ? null : parent.getParentId();
            }
            if (base != null) {
                derived.add(new MstImage(
                        context,
                        i.getId(),
                        tags(i),
                        base.family(),
                        base.reference(),
                        size(i),
                        created(i),
                        base.version(),
                        base.matchesMst()));
            }
        }
        Comparator<MstImage> newest =
                Comparator.comparingLong(MstImage::createdEpochSeconds).reversed();
        mst.sort(Comparator.comparing(MstImage::family).thenComparing(newest));
        derived.sort(newest);
        List<MstImage> images = new ArrayList<>(mst);
        images.addAll(derived);
        List<FamilyState> states = new ArrayList<>();
        for (ImageFamily f : ImageFamily.values()) {
            states.add(state(f, mst.stream().filter(m -> m.family() == f).toList(), mstVersion));
        }
        return new ContextImages(context, images, states, null);
    }

    /** The state of one family on a context: current, stale ("rebuild after upgrading MST"), missing ("not built yet"), or unknown. */
    static FamilyState state(ImageFamily f, List<MstImage> present, String mstVersion) {
        if (present.isEmpty()) {
            return new FamilyState(f, FamilyState.Status.MISSING, "not built yet", "Build");
        }
        List<String> versions =
                present.stream().map(MstImage::version).distinct().toList();
        if (mstVersion == null) {
            return new FamilyState(
                    f,
                    FamilyState.Status.UNKNOWN,
                    "has " + String.join(", ", versions)
                            + "; MST not found, so the panel cannot tell whether it matches",
                    null);
        }
        if (present.stream().anyMatch(MstImage::matchesMst)) {
            return new FamilyState(
                    f, FamilyState.Status.CURRENT, f.reference(mstVersion) + " matches MST " + mstVersion, null);
        }
        return new FamilyState(
                f,
                FamilyState.Status.STALE,
                "rebuild after upgrading MST (has " + String.join(", ", versions) + ", MST is " + mstVersion + ")",
                "Rebuild");
    }

    private static List<String> tags(Image i) {
        return i.getRepoTags() == null
                ? List.of()
                : Arrays.stream(i.getRepoTags())
                        .filter(t -> !t.equals("<none>:<none>"))
                        .toList();
    }

    private static long size(Image i) {
        return i.getSize() == null ? 0 : i.getSize();
    }

    private static long created(Image i) {
        return i.getCreated() == null ? 0 : i.getCreated();
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
