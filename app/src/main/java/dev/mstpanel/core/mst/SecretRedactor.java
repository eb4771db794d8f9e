package dev.mstpanel.core.mst;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets in any text the panel shows or writes: log lines, shown command lines, events.
 *
 * <p>A secret is (a) the value of an environment variable whose name starts with
 * {@code ANTHROPIC_} or {@code OPENAI_}, or contains {@code TOKEN}, {@code KEY}, {@code SECRET} or
 * {@code PASSWORD} (case-insensitive); (b) every value of a secrets file (MST's
 * {@code --secrets-file}: a JSON object of strings, or {@code KEY=VALUE} lines; MST's contract,
 * section 1); (c) any value added with {@link #withSecrets}. Values shorter than
 * {@value #MIN_SECRET_LENGTH} characters are not treated as secrets (masking {@code "1"} everywhere
 * would ruin every line). In addition, a {@code NAME=value} pair whose NAME looks secret is masked
 * even when the value is not known (a command-line option such as {@code apiKey=...}).
 *
 * <p>Immutable and thread-safe. Each occurrence becomes {@value #MASK}.
 */
public final class SecretRedactor {
    /** What a secret is replaced with. */
    public static final String MASK = "***";
    /** Shortest value treated as a secret, in characters. */
    public static final int MIN_SECRET_LENGTH = 4;

    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i)^(ANTHROPIC_.*|OPENAI_.*|.*TOKEN.*|.*KEY.*|.*SECRET.*|.*PASSWORD.*)$");
    /** {@code name=value} or {@code name: value} where name looks secret; value runs to whitespace, quote or comma. */
    private static final Pattern SECRET_PAIR = Pattern.compile(
            "(?i)(\\b[A-Za-z0-9_.-]*(?:token|key|secret|password)[A-Za-z0-9_.-]*)(=)([^\\s\"',;]+)");

    private static final SecretRedactor NONE = new SecretRedactor(List.of());

    private final List<String> secrets; // longest first, so a secret containing another is masked whole

    private SecretRedactor(Collection<String> values) {
        Set<String> unique = new LinkedHashSet<>();
        for (String v : values) {
            if (v != null && v.strip().length() >= MIN_SECRET_LENGTH) {
                unique.add(v.strip());
            }
        }
        List<String> sorted = new ArrayList<>(unique);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        this.secrets = List.copyOf(sorted);
    }

    /** A redactor that knows no values (it still masks secret-looking {@code NAME=value} pairs). */
    public static SecretRedactor none() {
        return NONE;
    }

    /**
     * A redactor for the values of an environment's secret-looking variables.
     *
     * @param environment variable name to value
     */
    public static SecretRedactor forEnvironment(Map<String, String> environment) {
        List<String> values = new ArrayList<>();
        environment.forEach((name, value) -> {
            if (isSecretName(name)) {
                values.add(value);
            }
        });
        return new SecretRedactor(values);
    }

    /** True when a variable or option name looks like it holds a secret. */
    public static boolean isSecretName(String name) {
        return name != null && SECRET_NAME.matcher(name).matches();
    }

    /** A redactor that also masks the given values. */
    public SecretRedactor withSecrets(Collection<String> values) {
        List<String> all = new ArrayList<>(secrets);
        all.addAll(values);
        return new SecretRedactor(all);
    }

    /**
     * A redactor that also masks every value of a secrets file.
     *
     * @param secretsFile a JSON object of strings, or {@code KEY=VALUE} lines ({@code #} comments allowed)
     * @throws IOException when the file cannot be read
     */
    public SecretRedactor withSecretsFile(Path secretsFile) throws IOException {
        return withSecrets(readSecretsFile(secretsFile));
    }

    /**
     * The values of a secrets file, in MST's two formats.
     *
     * @param secretsFile a JSON object of strings, or {@code KEY=VALUE} lines
     * @return its values (never its keys)
     * @throws IOException when the file cannot be read
     */
    public static List<String> readSecretsFile(Path secretsFile) throws IOException {
        String text = Files.readString(secretsFile, StandardCharsets.UTF_8);
        List<String> values = new ArrayList<>();
        String trimmed = text.strip();
        if (trimmed.startsWith("{")) {
            try {
                JsonNode node = new ObjectMapper().readTree(trimmed);
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    JsonNode v = it.next().getValue();
                    values.add(v.isTextual() ? v.asText() : v.toString());
                }
                return values;
            } catch (IOException notJson) {
                // fall through to KEY=VALUE lines
            }
        }
        for (String line : text.split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            if (l.startsWith("export ")) {
                l = l.substring(7).strip();
            }
            int eq = l.indexOf('=');
            if (eq > 0) {
                String v = l.substring(eq + 1).strip();
                if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
                    v = v.substring(1, v.length() - 1);
                }
                values.add(v);
            }
        }
        return values;
    }

    /** How many distinct secret values this redactor masks. */
    public int size() {
        return secrets.size();
    }

    /**
     * Masks every known secret and every secret-looking {@code NAME=value} pair in a text.
     *
     * @param text any text, or null
     * @return the text with each secret replaced by {@value #MASK}; null for null
     */
    public String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = text;
        for (String s : secrets) {
            if (out.contains(s)) {
                out = out.replace(s, MASK);
            }
        }
        if (out.indexOf('=') >= 0) {
            Matcher m = SECRET_PAIR.matcher(out);
            if (m.find()) {
                StringBuilder sb = new StringBuilder();
                do {
                    m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + m.group(2) + MASK));
                } while (m.find());
                m.appendTail(sb);
                out = sb.toString();
            }
        }
        return out;
    }

    /**
     * A command line as a person would type it (POSIX shell quoting), with secrets masked.
     *
     * @param argv program and arguments
     * @return e.g. {@code mst run --config 'my eval.json' --runner docker}
     */
    public String commandLine(List<String> argv) {
        StringBuilder sb = new StringBuilder();
        for (String a : argv) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(shellQuote(redact(a)));
        }
        return sb.toString();
    }

    /** Quotes one argument for a POSIX shell when it needs it. */
    public static String shellQuote(String arg) {
        if (!arg.isEmpty() && arg.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,@%+*".indexOf(c) >= 0)) {
            return arg;
        }
        return "'" + arg.replace("'", "'\"'\"'") + "'";
    }

    @Override
    public String toString() {
        return "SecretRedactor[" + secrets.size() + " values]".toLowerCase(Locale.ROOT);
    }
}
