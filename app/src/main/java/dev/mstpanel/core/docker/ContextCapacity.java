package dev.mstpanel.core.docker;

import dev.mstpanel.core.text.ByteSize;

/**
 * The memory/CPU split of one context, for each kind of container MST starts.
 *
 * @param memoryBytes the context's memory ({@code docker info} MemTotal) in bytes
 * @param cpus the context's CPUs ({@code docker info} NCPU)
 * @param spareBytes what MST lets its containers use: memory less 1 GiB, or half under 2 GiB
 * @param reserveBytes what is kept for Docker itself: {@code memoryBytes - spareBytes}
 * @param cowork Cowork containers (one per context at most)
 * @param grade grade and headless shards
 * @param chatgpt ChatGPT desktop shards (an estimate)
 * @param error the run options' error on this context (e.g. cpus above the context's), or null
 */
public record ContextCapacity(
        long memoryBytes,
        int cpus,
        long spareBytes,
        long reserveBytes,
        Capacity cowork,
        Capacity grade,
        Capacity chatgpt,
        String error) {

    /**
     * MST's capacity line for this context, e.g.
     * {@code colima-mst-kvm has 11.7 GiB and 6 CPUs: 1 Cowork container at a time, 10.7 GiB each}.
     */
    public String coworkLine(String contextName) {
        String head = contextName + " has " + ByteSize.gib(memoryBytes) + " and " + cpus
                + (cpus == 1 ? " CPU" : " CPUs") + ": ";
        if (error != null) {
            return head + error;
        }
        if (cowork.containers() == 0) {
            return head + "no Cowork container fits (" + cowork.note() + ")";
        }
        return head + "1 Cowork container at a time, " + ByteSize.gib(cowork.memoryBytes()) + " each";
    }

    /** e.g. {@code 5 grade containers at once, 2.0 GiB each}. */
    public String gradeLine() {
        return sharedLine(grade, "grade/headless");
    }

    /** e.g. {@code about 5 ChatGPT containers at once, 2.0 GiB each (estimate)}. */
    public String chatgptLine() {
        return sharedLine(chatgpt, "ChatGPT");
    }

    private String sharedLine(Capacity c, String kind) {
        if (error != null) {
            return error;
        }
        String prefix = c.estimate() ? "about " : "";
        String s = prefix + c.containers() + " " + kind + (c.containers() == 1 ? " container" : " containers")
                + " at once, " + ByteSize.gib(c.memoryBytes()) + " each";
        if (c.note() != null) {
            s += " (" + c.note() + ")";
        }
        return s;
    }
}
