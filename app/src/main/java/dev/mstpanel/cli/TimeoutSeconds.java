package dev.mstpanel.cli;

import java.time.Duration;
import picocli.CommandLine;

/**
 * The {@code --timeout SECONDS} option of every command that talks to Docker engines: a number of
 * seconds more than 0 and at most 600 ({@code 3}, {@code 0.5}), as a {@link Duration}. Anything else is a usage
 * error (exit 2) with a plain message, the same in every command.
 */
final class TimeoutSeconds implements CommandLine.ITypeConverter<Duration> {
    /** The longest timeout: 600 s (10 minutes). Longer ones overflow the HTTP client's int milliseconds. */
    static final double MAX_SECONDS = 600;

    @Override
    public Duration convert(String value) {
        double seconds;
        try {
            seconds = Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            seconds = Double.NaN;
        }
        if (!(seconds > 0) || !(seconds <= MAX_SECONDS)) {
            throw new CommandLine.TypeConversionException("--timeout takes a number of seconds more than 0 and at most "
                    + (long) MAX_SECONDS + ", e.g. 3 or 0.5; \"" + value + "\" is not one.");
        }
        return Duration.ofMillis(Math.max(1, (long) (seconds * 1000)));
    }
}
