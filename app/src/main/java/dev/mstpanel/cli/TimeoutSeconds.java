package dev.mstpanel.cli;

import java.time.Duration;
import picocli.CommandLine;

/**
 * The {@code --timeout SECONDS} option of every command that talks to Docker engines: a number of
 * seconds more than 0 ({@code 3}, {@code 0.5}), as a {@link Duration}. Anything else is a usage
 * error (exit 2) with a plain message, the same in every command.
 */
final class TimeoutSeconds implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        double seconds;
        try {
            seconds = Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            seconds = Double.NaN;
        }
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new CommandLine.TypeConversionException(
                    "--timeout takes a number of seconds more than 0, e.g. 3 or 0.5; \"" + value + "\" is not one.");
        }
        return Duration.ofMillis(Math.max(1, (long) (seconds * 1000)));
    }
}
