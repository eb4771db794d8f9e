package dev.mstpanel.cli;

import dev.mstpanel.core.mst.ProcessSpec;
import java.time.Duration;
import picocli.CommandLine;

/**
 * {@code run --grace SECONDS}: a whole number of seconds from 0 to
 * {@link ProcessSpec#MAX_GRACE} (3600), as a {@link Duration}. Anything else is a usage error
 * (exit 2) with a plain message.
 */
final class GraceSeconds implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        long max = ProcessSpec.MAX_GRACE.toSeconds();
        String v = value.strip();
        if (v.matches("[0-9]{1,5}") && Long.parseLong(v) <= max) {
            return Duration.ofSeconds(Long.parseLong(v));
        }
        throw new CommandLine.TypeConversionException("--grace takes a whole number of seconds from 0 to " + max
                + ", e.g. 20; \"" + value + "\" is not one.");
    }
}
