package dev.mstpanel.cli;

import dev.mstpanel.cli.output.TerminalText;

/**
 * Arguments the JVM could not decode. Java 17 turns the bytes of each argument into
 * characters with the locale's charset ({@code sun.jnu.encoding}, from {@code LC_ALL} / {@code LC_CTYPE} /
 * {@code LANG}; no {@code -D} option changes it): under a C or POSIX locale (cron, CI, containers) that is
 * ASCII, and every other byte of an argument becomes U+FFFD, so {@code --grep café} searched for
 * {@code caf??} and found nothing, and a folder named {@code rün} gave picocli's raw "cannot convert"
 * error. The app image's launcher ({@code packaging/linux/launcher.sh}) starts the JVM with a UTF-8
 * character type in that case; {@code java -jar} does not, and then the command stops with this message
 * rather than search for, or open, something the user did not type.
 */
final class ArgumentEncoding {
    private ArgumentEncoding() {}

    /**
     * Why the arguments cannot be used as typed, or null when they can.
     *
     * @param args the arguments as the JVM decoded them
     * @param charset the charset it decoded them with ({@code System.getProperty("sun.jnu.encoding")})
     * @return e.g. {@code the argument "caf\uFFFD\uFFFD" holds characters this locale's charset (ANSI_X3.4-1968) cannot
     *     decode, so the panel cannot see what was typed. Run it under a UTF-8 locale: LC_ALL=C.UTF-8 mst-panel …}
     */
    static String problem(String[] args, String charset) {
        if (charset == null || charset.equalsIgnoreCase("UTF-8") || charset.equalsIgnoreCase("UTF8")) {
            return null;
        }
        for (String a : args) {
            if (a.indexOf('\uFFFD') >= 0) {
                return "the argument \"" + TerminalText.escape(a) + "\" holds characters this locale's charset ("
                        + charset
                        + ") cannot decode, so the panel cannot see what was typed. Run it under a UTF-8 locale: LC_ALL=C.UTF-8 mst-panel …"
                        + " (a C or POSIX locale, as in cron, CI and containers, decodes only ASCII).";
            }
        }
        return null;
    }
}
