package dev.mstpanel.core.runs;

/**
 * What Docker says about one of the run's containers at one moment.
 *
 * @param context the Docker context it runs on
 * @param id its id
 * @param name its name without the leading slash ({@code mst-<run id>-<shard>}, or {@code …-kept})
 * @param state Docker's state: {@code created}, {@code running}, {@code exited}, {@code dead},
 *     or {@code removed} once it is gone
 * @param oomKilled Docker's {@code State.OOMKilled}
 * @param exitCode its exit code once exited, else null
 * @param memoryLimitBytes its {@code HostConfig.Memory} in bytes, or -1 when unlimited or unknown
 */
public record ContainerObservation(
        String context,
        String id,
        String name,
        String state,
        boolean oomKilled,
        Integer exitCode,
        long memoryLimitBytes) {}
