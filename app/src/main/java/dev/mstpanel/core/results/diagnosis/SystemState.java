package dev.mstpanel.core.results.diagnosis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The machine's state when a trial failed, from a failure diagnosis's {@code system.json} (free
 * memory, load, and free space on the disk Cowork's sessions are on: MST's Cowork-in-Docker
 * document, "When something fails"). The documents do not fix the field names, so known facts are
 * recognised by several spellings ({@code freeMemoryBytes}, {@code memory.free}, {@code MemAvailable},
 * {@code loadAverage[0]}, {@code sessionsDiskFreeBytes}, …); every other field is still shown as a
 * row, marked as not known. Values are bytes unless the name says kB, MB or GB.
 *
 * <p>Warnings use the panel's own thresholds (named in each warning): {@link #LOW_MEMORY_BYTES},
 * {@link #LOW_DISK_BYTES} and {@link #HIGH_LOAD_PER_CPU}.
 *
 * @param rows one per field, in file order
 * @param warnings sentences naming what looks like the cause and the threshold crossed
 * @param problem why the file could not be read, or null
 */
public record SystemState(List<Row> rows, List<String> warnings, String problem) {
    /** Low-memory threshold: under 512 MiB free, the desktop or Cowork's VM is likely to be killed or stall. */
    public static final long LOW_MEMORY_BYTES = 512L * 1024 * 1024;
    /** Low-disk threshold: under 2 GiB free on the sessions disk, a session or the VM may not be able to write. */
    public static final long LOW_DISK_BYTES = 2L * 1024 * 1024 * 1024;
    /** High-load threshold: a 1-minute load over 2 per CPU means the desktop was starved of CPU. */
    public static final double HIGH_LOAD_PER_CPU = 2.0;

    private static final Set<String> FREE_MEMORY = Set.of(
            "freememorybytes",
            "freememory",
            "freemem",
            "memfree",
            "memoryfree",
            "memavailable",
            "availablememory",
            "availablememorybytes",
            "memoryavailable",
            "memoryfreebytes",
            "memoryavailablebytes",
            "freememorykb",
            "memavailablekb");
    private static final Set<String> TOTAL_MEMORY = Set.of(
            "totalmemorybytes", "totalmemory", "totalmem", "memtotal", "memorytotal", "memorytotalbytes", "memtotalkb");
    private static final Set<String> LOAD = Set.of(
            "load", "loadavg", "loadaverage", "load1", "loadavg1", "loadaverage1", "loadavg0", "loadaverage0", "load0");
    private static final Set<String> CPUS =
            Set.of("cpus", "cpucount", "ncpu", "ncpus", "cpu", "cpuscount", "cpuscores");
    private static final Set<String> FREE_DISK = Set.of(
            "diskfreebytes",
            "freedisk",
            "freediskbytes",
            "diskfree",
            "sessionsdiskfree",
            "sessionsdiskfreebytes",
            "diskavailable",
            "diskavailablebytes",
            "sessionsdiskavailablebytes",
            "freespace",
            "freespacebytes",
            "sessionsfreebytes",
            "sessionsfree");

    /**
     * One field.
     *
     * @param name the field's path ({@code memory.free}, {@code loadAverage})
     * @param value its value for display (bytes as MiB/GiB)
     * @param known true when the panel knows what the field means
     * @param note a remark (e.g. "expected a number"), or null
     */
    public record Row(String name, String value, boolean known, String note) {}

    /** Reads {@code system.json}; never throws: an unreadable file gives a {@code problem}. */
    public static SystemState read(Path file) {
        JsonNode root;
        try {
            ResultsFiles.requireRegularFile(file);
            root = new ObjectMapper().readTree(file.toFile());
        } catch (JsonProcessingException e) {
            return new SystemState(
                    List.of(), List.of(), "system.json is not valid JSON (" + e.getOriginalMessage() + ").");
        } catch (IOException e) {
            return new SystemState(List.of(), List.of(), "system.json could not be read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            return new SystemState(
                    List.of(), List.of(), "system.json is not a JSON object, so the machine's state is unknown.");
        }
        return of(root);
    }

    /** As {@link #read(Path)} over parsed JSON. */
    public static SystemState of(JsonNode root) {
        List<Row> rows = new ArrayList<>();
        Long freeMem = null;
        Long totalMem = null;
        Double load = null;
        Integer cpus = null;
        Long freeDisk = null;
        for (Map.Entry<String, JsonNode> e : flatten(root)) {
            String name = e.getKey();
            JsonNode v = e.getValue();
            String key = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
            String keyNoIndex = key.replaceAll("\\d+$", "");
            if (FREE_MEMORY.contains(key) || TOTAL_MEMORY.contains(key) || FREE_DISK.contains(key)) {
                Long bytes = bytes(name, v);
                if (bytes == null) {
                    rows.add(new Row(name, v.asText(), true, "expected a number of bytes"));
                    continue;
                }
                if (FREE_MEMORY.contains(key)) {
                    freeMem = bytes;
                } else if (TOTAL_MEMORY.contains(key)) {
                    totalMem = bytes;
                } else {
                    freeDisk = bytes;
                }
                rows.add(new Row(name, ByteSize.human(bytes), true, null));
            } else if (LOAD.contains(key) || (LOAD.contains(keyNoIndex) && key.endsWith("0"))) {
                if (v.isNumber()) {
                    if (load == null) {
                        load = v.asDouble();
                    }
                    rows.add(new Row(name, String.format(Locale.ROOT, "%.2f", v.asDouble()), true, null));
                } else {
                    rows.add(new Row(name, v.asText(), true, "expected a number"));
                }
            } else if (CPUS.contains(key)) {
                if (v.canConvertToInt()) {
                    cpus = v.asInt();
                    rows.add(new Row(name, String.valueOf(cpus), true, null));
                } else {
                    rows.add(new Row(name, v.asText(), true, "expected a whole number"));
                }
            } else if (LOAD.contains(keyNoIndex)) {
                rows.add(new Row(
                        name,
                        v.isNumber() ? String.format(Locale.ROOT, "%.2f", v.asDouble()) : v.asText(),
                        true,
                        null));
            } else {
                rows.add(new Row(
                        name, v.isValueNode() ? v.asText() : v.toString(), false, "not a field the panel knows"));
            }
        }
        List<String> warnings = new ArrayList<>();
        if (freeMem != null && freeMem < LOW_MEMORY_BYTES) {
            warnings.add(
                    "Free memory was " + ByteSize.human(freeMem)
                            + (totalMem != null ? " of " + ByteSize.human(totalMem) : "")
                            + ", under the low-memory threshold of 512 MiB: the desktop or Cowork's VM may have run out of memory.");
        }
        if (freeDisk != null && freeDisk < LOW_DISK_BYTES) {
            warnings.add(
                    "Free space on the sessions disk was " + ByteSize.human(freeDisk)
                            + ", under the low-disk threshold of 2 GiB: the session or the VM may not have been able to write.");
        }
        if (load != null) {
            int n = cpus != null && cpus > 0 ? cpus : 1;
            if (load > HIGH_LOAD_PER_CPU * n) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "The 1-minute load was %.2f on %d CPU%s, over the high-load threshold of %.0f per CPU: the desktop was short of CPU%s.",
                        load,
                        n,
                        n == 1 ? "" : "s",
                        HIGH_LOAD_PER_CPU,
                        cpus == null ? " (the CPU count is not in system.json; 1 assumed)" : ""));
            }
        }
        return new SystemState(List.copyOf(rows), List.copyOf(warnings), null);
    }

    private static Long bytes(String name, JsonNode v) {
        double d;
        if (v.isNumber()) {
            d = v.asDouble();
        } else if (v.isTextual()) {
            try {
                return ByteSize.parse(v.asText().trim());
            } catch (IllegalArgumentException e) {
                return null;
            }
        } else {
            return null;
        }
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith("kb") || n.endsWith("kib")) {
            d *= 1024;
        } else if (n.endsWith("mb") || n.endsWith("mib")) {
            d *= 1024 * 1024;
        } else if (n.endsWith("gb") || n.endsWith("gib")) {
            d *= 1024.0 * 1024 * 1024;
        }
        return (long) d;
    }

    private static List<Map.Entry<String, JsonNode>> flatten(JsonNode root) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        flatten("", root, out, 0);
        return out;
    }

    private static void flatten(String prefix, JsonNode n, List<Map.Entry<String, JsonNode>> out, int depth) {
        if (n.isObject() && depth < 6) {
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out, depth + 1);
            }
        } else if (n.isArray() && n.size() <= 4 && depth < 6) {
            for (int i = 0; i < n.size(); i++) {
                flatten(prefix + "[" + i + "]", n.get(i), out, depth + 1);
            }
        } else {
            out.add(Map.entry(prefix, n));
        }
    }
}
