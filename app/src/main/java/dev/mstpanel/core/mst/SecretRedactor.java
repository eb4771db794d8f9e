package dev.mstpanel.core.mst;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.shell.LineMask;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Comparator;
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
 * {@code PASSWORD}, or has {@code PASS}, {@code PASSWD} or {@code PASSPHRASE} as a word of its
 * name ({@code DB_PASS}; case-insensitive); (b) every value of a secrets file (MST's
 * {@code --secrets-file}: a JSON object of strings, or {@code KEY=VALUE} lines, see
 * {@code docs/masking-secrets.md}); (c) any value added with {@link #withSecrets}. Values shorter than
 * {@value #MIN_SECRET_LENGTH} characters are not treated as secrets (masking {@code "1"} everywhere
 * would ruin every line). In addition, a {@code NAME=value} pair whose NAME looks secret is masked
 * even when the value is not known (a command-line option such as {@code apiKey=...}), and so are
 * a JSON member {@code "apiKey": "..."}, an {@code Authorization:} header's credentials
 * ({@code Bearer X}, {@code Basic X}) and, in a shown command line, the word after a flag whose
 * name looks secret ({@code --api-token X}; not {@code --secrets-file PATH}), and the password of
 * a URL ({@code https://user:pw@host}, {@code postgres://u:pw@h/db}).
 *
 * <p>A known value is masked in every form it is likely to be printed in: as
 * is, JSON-escaped ({@code \n}, {@code \"}, {@code \u00e9}, in the styles of the usual JSON writers:
 * non-ASCII as {@code \u00e4} or {@code \u00E4}, {@code \/}, HTML-safe {@code \u003c}) and
 * URL-encoded (upper- or lower-case {@code %XX}); a multi-line value
 * (a PEM key in the environment) is also masked line by line, since programs print it one line
 * at a time. Its base64 forms are masked too, at each of the three places a value can start in a
 * base64 text (the way CI systems mask them), since an HTTP {@code Basic} credential or a
 * configuration blob carries it that way.
 *
 * <p>As a {@link LineMask} it lets a long line be masked before it is cut, and masks the start
 * of a value that a cut leaves at the end of a line.
 *
 * <p>Immutable and thread-safe. Each occurrence becomes {@value #MASK}.
 */
public final class SecretRedactor implements LineMask {
    /** What a secret is replaced with. */
    public static final String MASK = "***";
    /** Shortest value treated as a secret, in characters. */
    public static final int MIN_SECRET_LENGTH = 4;
    /** The largest secrets file read: 1 MiB (MST's secrets are a few API keys). */
    public static final long MAX_SECRETS_FILE_BYTES = 1 << 20;

    /** Shortest start of a value masked at a cut, in characters: shorter starts say nothing of it. */
    static final int MIN_CUT_PREFIX = 3;
    /** Shortest base64 form masked, in characters (shorter runs are found in any base64 text). */
    private static final int MIN_BASE64_FORM = 8;

    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i)^(ANTHROPIC_.*|OPENAI_.*|.*TOKEN.*|.*KEY.*|.*SECRET.*|.*PASSWORD.*|.*CREDENTIAL.*"
                    + "|(?:.*[_.-])?PASS(?:WD|PHRASE)?(?:[_.-].*)?|.*[_.-]PWD|(?:.*[_.-])?PAT(?:[_.-].*)?|(?:.*[_.-])_?AUTH(?:[_.-].*)?)$");
    /** {@code name=value} or {@code name: value} where name looks secret; value runs to whitespace, quote or comma. */
    private static final Pattern SECRET_PAIR = Pattern.compile(
            "(?i)(\\b[A-Za-z0-9_.-]*(?:token|key|secret|password|passwd|passphrase)[A-Za-z0-9_.-]*|\\b(?:[A-Za-z0-9]+[_.-])*pass(?:[_.-][A-Za-z0-9_.-]*)?)(=)([^\\s\"',;]+)");
    /** The password of a URL's user information: {@code scheme://user:PASSWORD@host}. */
    private static final Pattern URL_PASSWORD =
            Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*://[^\\s/?#@:\"']*:)([^\\s/?#@\"']+)(@)");
    /** {@code "name": "value"} (JSON) where name looks secret. */
    private static final Pattern SECRET_JSON_MEMBER = Pattern.compile(
            "(?i)(\"[A-Za-z0-9_.-]*(?:token|key|secret|password|authorization)[A-Za-z0-9_.-]*\"\\s*:\\s*\")((?:[^\"\\\\]|\\\\.)+)(\")");
    /** An HTTP credential: {@code Authorization: Bearer X}, {@code Bearer X}, {@code Authorization: X}. */
    private static final Pattern CREDENTIAL = Pattern.compile(
            "(?i)(\\b(?:authorization\\s*[:=]\\s*(?:(?:bearer|basic|token)\\s+)?|bearer\\s+))([^\\s\"',;]{8,})");
    /** A header or field {@code x-api-key: X}, {@code token: X}: a name ending in a secret word, a colon, a value of 8 or more. */
    private static final Pattern SECRET_HEADER = Pattern.compile(
            "(?i)(\\b(?:[a-z0-9]+[-_])*(?:api[-_]?key|token|secret|password|passwd|auth[-_]?token)\\s*:\\s*)([^\\s\"',;]{8,})");
    /** A flag whose next word is a secret: its name looks secret and it does not name a file, folder or path. */
    private static final Pattern SECRET_FLAG =
            Pattern.compile("(?i)^--?[A-Za-z0-9_.-]*(?:token|key|secret|password|auth)[A-Za-z0-9_.-]*$");

    private static final Pattern PATH_FLAG = Pattern.compile("(?i).*(?:file|path|dir|folder)$");

    private static final SecretRedactor NONE = new SecretRedactor(List.of());

    private final List<String> secrets; // longest first, so a secret containing another is masked whole
    private final int longestBytes;
    /** Hashes of every {@value #PIECE}-character piece of each value, sorted: a piece printed alone is masked too. */
    private final long[] pieces;

    private SecretRedactor(Collection<String> values) {
        Set<String> unique = new LinkedHashSet<>();
        for (String v : values) {
            if (v == null) {
                continue;
            }
            for (String form : forms(v)) {
                if (form.length() >= MIN_SECRET_LENGTH) {
                    unique.add(form);
                }
            }
        }
        List<String> sorted = new ArrayList<>(unique);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        this.secrets = List.copyOf(sorted);
        int longest = 0;
        for (String form : secrets) {
            longest = Math.max(longest, form.getBytes(StandardCharsets.UTF_8).length);
        }
        this.longestBytes = longest;
        this.pieces = pieceHashes(values);
    }

    /** The length of a piece of a value that is masked wherever it is printed (a key's start in a diagnostic, say). */
    static final int PIECE = 12;
    /** The most pieces kept (a secrets file of thousands of values keeps the whole values only). */
    private static final int MAX_PIECES = 2_000_000;
    /** The longest value whose pieces are kept (a certificate, a key file); longer ones are masked whole only. */
    private static final int MAX_PIECED_VALUE = 16 * 1024;

    private static final long HASH_BASE = 1_000_003L;
    private static final long HASH_DROP = pow(HASH_BASE, PIECE - 1);

    private static long pow(long b, int e) {
        long r = 1;
        for (int i = 0; i < e; i++) {
            r *= b;
        }
        return r;
    }

    private static long[] pieceHashes(Collection<String> values) {
        Set<Long> hashes = new java.util.HashSet<>();
        for (String v : values) {
            if (v == null) {
                continue;
            }
            if (v.length() > MAX_PIECED_VALUE) {
                continue; // a value this long is masked whole only, so that it leaves room for the others' pieces
            }
            for (String line : v.strip().split("\\R")) {
                if (line.length() < PIECE) {
                    continue;
                }
                long h = 0;
                for (int i = 0; i < line.length(); i++) {
                    if (i >= PIECE) {
                        h -= line.charAt(i - PIECE) * HASH_DROP;
                    }
                    h = h * HASH_BASE + line.charAt(i);
                    if (i >= PIECE - 1) {
                        hashes.add(h);
                    }
                }
                if (hashes.size() > MAX_PIECES) {
                    break; // the pieces so far are kept; the whole values are masked in any case
                }
            }
        }
        long[] sorted = hashes.stream().mapToLong(Long::longValue).toArray();
        java.util.Arrays.sort(sorted);
        return sorted;
    }

    /**
     * The forms a value may be printed in: itself (stripped), JSON-escaped, URL-encoded (with
     * {@code +} and with {@code %20} for spaces), and each line of a multi-line value.
     */
    private static List<String> forms(String value) {
        String v = value.strip();
        List<String> out = new ArrayList<>();
        out.add(v);
        out.add(new String(JsonStringEncoder.getInstance().quoteAsString(v)));
        // the JSON forms other writers print: non-ASCII as \u00e4 (Python's json.dumps, PHP, in
        // either case of hex digit), "/" as "\/" (PHP), and <, >, & as \u003c (Go's HTML-safe JSON)
        for (int style = 0; style < 16; style++) {
            out.add(jsonEscaped(v, (style & 1) != 0, (style & 2) != 0, (style & 4) != 0, (style & 8) != 0));
        }
        out.add(dotnetEscaped(v));
        String url = URLEncoder.encode(v, StandardCharsets.UTF_8);
        // Java's form, JavaScript's encodeURIComponent (which leaves !'()*~ as they are) and
        // Python's quote (which leaves / and ~), each with upper- and lower-case hex digits
        String component = percentEncoded(v, "-_.!~*'()");
        String quoted = percentEncoded(v, "-_.~/");
        for (String u : List.of(
                url, lowerHexEscapes(url), component, lowerHexEscapes(component), quoted, lowerHexEscapes(quoted))) {
            out.add(u);
            out.add(u.replace("+", "%20"));
        }
        if (v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
            for (String line : v.split("\\R")) {
                out.add(line.strip());
            }
        }
        out.addAll(base64Forms(v));
        return out;
    }

    /**
     * The parts of a value's base64 form that stay the same whatever comes before and after it in
     * the encoded text: one for each of the three byte offsets it can start at, without the
     * characters it shares with its neighbours.
     */
    static List<String> base64Forms(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>(3);
        for (int offset = 0; offset < 3; offset++) {
            byte[] padded = new byte[offset + bytes.length];
            System.arraycopy(bytes, 0, padded, offset, bytes.length);
            String encoded = Base64.getEncoder().withoutPadding().encodeToString(padded);
            int from = (offset * 8 + 5) / 6; // characters that mix the neighbour's bits with the value's
            int to = padded.length / 3 * 4; // a last group shorter than three bytes mixes the next neighbour's
            if (to - from >= MIN_BASE64_FORM) {
                String form = encoded.substring(from, to);
                out.add(form);
                out.add(form.replace('+', '-').replace('/', '_')); // the URL-safe alphabet
            }
        }
        return out;
    }

    /**
     * A value as a JSON string's content in one writer's style.
     *
     * @param ascii every character past U+007E as a six-character escape, backslash, u and four hex digits (two for a surrogate pair)
     * @param slash {@code /} as {@code \/}
     * @param html {@code <}, {@code >}, {@code &} (and U+2028, U+2029) as such escapes
     * @param upper upper-case hex digits in them
     */
    private static String jsonEscaped(String v, boolean ascii, boolean slash, boolean html, boolean upper) {
        StringBuilder b = new StringBuilder(v.length() + 16);
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '/' -> b.append(slash ? "\\/" : "/");
                default -> {
                    boolean escape = c < 0x20
                            || ascii && c > 0x7e
                            || html && (c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029');
                    if (escape) {
                        String hex = String.format(upper ? "%04X" : "%04x", (int) c);
                        b.append("\\u").append(hex);
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /**
     * A value as .NET's default JSON writer prints it: HTML-sensitive characters, {@code +}, {@code `},
     * control characters and everything past U+007E as six-character escapes with upper-case hex digits.
     */
    private static String dotnetEscaped(String v) {
        StringBuilder b = new StringBuilder(v.length() + 16);
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\') {
                b.append("\\\\");
            } else if (c < 0x20 || c > 0x7e || "\"<>&'+`".indexOf(c) >= 0) {
                b.append(String.format("\\u%04X", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** Percent-encodes every UTF-8 byte but letters, digits and the characters given. */
    private static String percentEncoded(String v, String unreserved) {
        StringBuilder b = new StringBuilder();
        for (byte x : v.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xFF;
            if (c < 0x80 && (Character.isLetterOrDigit(c) || unreserved.indexOf(c) >= 0)) {
                b.append((char) c);
            } else {
                b.append('%').append(String.format("%02X", c));
            }
        }
        return b.toString();
    }

    /** A URL-encoded text with its {@code %XX} escapes in lower case ({@code %c3%a4}), as some encoders print them. */
    private static String lowerHexEscapes(String url) {
        StringBuilder b = new StringBuilder(url);
        for (int i = 0; i + 2 < b.length(); i++) {
            if (b.charAt(i) == '%') {
                b.setCharAt(i + 1, Character.toLowerCase(b.charAt(i + 1)));
                b.setCharAt(i + 2, Character.toLowerCase(b.charAt(i + 2)));
                i += 2;
            }
        }
        return b.toString();
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

    /**
     * A redactor that also masks the secrets given on a command line: the word after a flag whose
     * name looks secret ({@code --api-token X}, {@code --password X}) and the value of such a flag
     * written {@code --api-token=X}, wherever they appear later (MST echoing its arguments, an
     * error quoting them), not only in the command line the panel shows.
     *
     * @param argv the arguments, e.g. those given to {@code mst run}
     * @return this redactor, or a new one that also masks those values
     */
    public SecretRedactor withArguments(List<String> argv) {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < argv.size(); i++) {
            String a = argv.get(i);
            int eq = a.indexOf('=');
            if (a.startsWith("-") && eq > 0 && isSecretFlag(a.substring(0, eq)) && eq + 1 < a.length()) {
                found.add(a.substring(eq + 1));
            } else if (isSecretFlag(a)
                    && i + 1 < argv.size()
                    && !argv.get(i + 1).startsWith("-")
                    && !argv.get(i + 1).isEmpty()) {
                found.add(argv.get(i + 1));
            }
            found.addAll(maskedIn(a));
        }
        return found.isEmpty() ? this : withSecrets(found);
    }

    /**
     * What the masks that need no known value would replace in a text: so that a value given in an
     * argument ({@code env=OPENAI_API_KEY=X}, {@code -e GH_TOKEN=X}, a header, a URL's password, a
     * JSON member) is known, and masked when MST prints it again without its name.
     */
    static List<String> maskedIn(String text) {
        List<String> out = new ArrayList<>();
        // NAME=VALUE, also nested (env=NAME=VALUE): the value of a name that looks secret
        int start = 0;
        for (int eq = text.indexOf('='); eq > 0; eq = text.indexOf('=', eq + 1)) {
            String name = text.substring(start, eq).replaceFirst("^-+", "");
            if (isSecretName(name) && eq + 1 < text.length()) {
                out.add(text.substring(eq + 1));
            }
            start = eq + 1;
        }
        for (Object[] p : new Object[][] {
            {SECRET_PAIR, 3}, {URL_PASSWORD, 2}, {SECRET_JSON_MEMBER, 2}, {CREDENTIAL, 2}, {SECRET_HEADER, 2}
        }) {
            Matcher m = ((Pattern) p[0]).matcher(text);
            while (m.find()) {
                out.add(m.group((Integer) p[1]));
            }
        }
        return out;
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
     * @throws IOException when the file cannot be read (see {@link #readSecretsFile}); the message
     *     says why, for people
     */
    public SecretRedactor withSecretsFile(Path secretsFile) throws IOException {
        return withSecrets(readSecretsFile(secretsFile));
    }

    /**
     * The values of a secrets file to mask: every value as a dotenv reader takes it (see {@link
     * #readSecretsEntries}), and besides, for each {@code KEY=VALUE} line, the text after its
     * {@code =} read line by line as simpler readers take it (both readings of a {@code #}, say):
     * masking a reading MST does not use costs nothing, missing the one it uses leaks a secret.
     *
     * @param secretsFile the file
     * @return its values (never its keys)
     * @throws IOException when it is missing, not a regular file (a folder, a FIFO: never opened,
     *     so nothing waits for a writer), bigger than {@link #MAX_SECRETS_FILE_BYTES}, or unreadable;
     *     the message names the file and the reason
     */
    public static List<String> readSecretsFile(Path secretsFile) throws IOException {
        String text = secretsText(secretsFile);
        List<String> values = new ArrayList<>();
        JsonNode json = jsonObject(text);
        if (json != null) {
            json.fields().forEachRemaining(e -> jsonValues(e.getValue(), values));
            return values;
        }
        for (Map.Entry<String, String> e : dotenvEntries(text)) {
            values.add(e.getValue());
        }
        // (the line readings below repeat most dotenv values: the list is made distinct at the end)
        for (String line : text.split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            if (l.startsWith("export ")) {
                l = l.substring(7).strip();
            }
            int eq = l.indexOf('=');
            int colon = l.indexOf(':');
            int sep = eq > 0 ? eq : colon > 0 ? colon : -1;
            if (sep > 0) {
                values.addAll(lineValues(l.substring(sep + 1).strip()));
            }
        }
        return List.copyOf(new LinkedHashSet<>(values));
    }

    /**
     * Reads a secrets file as MST does, keeping each value's name: for checks that need to know
     * whether a variable is set (never to show its value). A JSON object gives its members (a
     * value that is not a string as JSON text); anything else is read as dotenv files are (the
     * rules of the {@code dotenv} package, which Node's {@code util.parseEnv} shares): {@code
     * KEY=VALUE} or {@code KEY: VALUE}, an optional {@code export}, a value in single, double or back
     * quotes that may span lines ({@code \n} and {@code \r} in double quotes become line ends), an
     * unquoted value up to a {@code #} comment, blank and comment lines skipped.
     *
     * @return the names and values in the file's order (a name may repeat)
     * @throws IOException as {@link #readSecretsFile(Path)}
     */
    public static List<Map.Entry<String, String>> readSecretsEntries(Path secretsFile) throws IOException {
        String text = secretsText(secretsFile);
        JsonNode json = jsonObject(text);
        if (json != null) {
            List<Map.Entry<String, String>> entries = new ArrayList<>();
            json.fields()
                    .forEachRemaining(e -> entries.add(Map.entry(
                            e.getKey(),
                            e.getValue().isTextual()
                                    ? e.getValue().asText()
                                    : e.getValue().toString())));
            return entries;
        }
        return dotenvEntries(text);
    }

    /** The file's text: bytes that are not UTF-8 become U+FFFD (the rest still counts), a byte-order mark is dropped. */
    private static String secretsText(Path secretsFile) throws IOException {
        String text = new String(readBounded(secretsFile), StandardCharsets.UTF_8);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** The file as a JSON object, or null when it is not one. */
    private static JsonNode jsonObject(String text) {
        String trimmed = text.strip();
        if (!trimmed.startsWith("{")) {
            return null;
        }
        try {
            JsonNode node = new ObjectMapper().readTree(trimmed);
            return node != null && node.isObject() ? node : null;
        } catch (IOException notJson) {
            return null;
        }
    }

    /** A JSON value's texts to mask: a string itself; an array or object as its JSON text and each string inside. */
    private static void jsonValues(JsonNode v, List<String> out) {
        if (v.isTextual()) {
            out.add(v.asText());
        } else if (v.isContainerNode()) {
            out.add(v.toString());
            v.elements().forEachRemaining(inner -> jsonValues(inner, out));
        } else {
            out.add(v.toString());
        }
    }

    /** One assignment of a dotenv file, as the {@code dotenv} package's line pattern reads it. */
    private static final Pattern DOTENV_LINE = Pattern.compile(
            "^\\s*(?:export\\s+)?([\\w.-]+)(?:\\s*=\\s*?|:\\s+?)(\\s*'(?:\\\\'|[^'])*'|\\s*\"(?:\\\\\"|[^\"])*\"|\\s*`(?:\\\\`|[^`])*`|[^#\\r\\n]+)?\\s*(?:#.*)?$",
            Pattern.MULTILINE);

    static List<Map.Entry<String, String>> dotenvEntries(String text) {
        List<Map.Entry<String, String>> entries = new ArrayList<>();
        Matcher m = DOTENV_LINE.matcher(text.replace("\r\n", "\n").replace('\r', '\n'));
        while (m.find()) {
            String v = m.group(2) == null ? "" : m.group(2).strip();
            char q = v.isEmpty() ? 0 : v.charAt(0);
            if (v.length() >= 2 && (q == '\'' || q == '"' || q == '`') && v.charAt(v.length() - 1) == q) {
                v = v.substring(1, v.length() - 1);
                if (q == '"') {
                    v = v.replace("\\n", "\n").replace("\\r", "\r");
                }
            }
            entries.add(Map.entry(m.group(1), v));
        }
        return entries;
    }

    /**
     * The value of one {@code KEY=VALUE} line as line-by-line readers take it: a quoted value up
     * to its closing quote (what follows, a {@code # comment}, is not part of it); an unquoted value
     * up to a {@code #} comment, and the whole text, since readers differ on a {@code #} inside it.
     */
    static List<String> lineValues(String v) {
        List<String> out = new ArrayList<>(2);
        if (!v.isEmpty() && (v.charAt(0) == '"' || v.charAt(0) == '\'' || v.charAt(0) == '`')) {
            int close = v.indexOf(v.charAt(0), 1);
            if (close > 0) {
                out.add(v.substring(1, close));
                if (close + 1 < v.length()) {
                    out.add(v); // not a quoted value after all for a reader that wants it to end there
                }
                return out;
            }
        }
        int hash = v.indexOf('#');
        if (hash >= 0) {
            String beforeComment = v.substring(0, hash).strip();
            if (!beforeComment.isEmpty()) {
                out.add(beforeComment);
            }
        }
        out.add(v);
        return out;
    }

    private static byte[] readBounded(Path file) throws IOException {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new IOException("There is no secrets file " + file + ".", e);
        } catch (IOException e) {
            throw new IOException("The secrets file " + file + " cannot be read: " + reason(e) + ".", e);
        }
        if (!attrs.isRegularFile()) {
            throw new IOException("The secrets file " + file + " is not a regular file ("
                    + (attrs.isDirectory() ? "a folder" : "a pipe, socket or device")
                    + "); give a file of KEY=VALUE lines or a JSON object.");
        }
        if (attrs.size() > MAX_SECRETS_FILE_BYTES) {
            throw new IOException("The secrets file " + file + " is " + attrs.size() + " bytes; the limit is "
                    + MAX_SECRETS_FILE_BYTES + " bytes (1 MiB). Give a file with only the run's secrets.");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) MAX_SECRETS_FILE_BYTES + 1);
            if (bytes.length > MAX_SECRETS_FILE_BYTES) {
                throw new IOException("The secrets file " + file + " grew past the limit of " + MAX_SECRETS_FILE_BYTES
                        + " bytes (1 MiB) while it was read.");
            }
            return bytes;
        } catch (AccessDeniedException e) {
            throw new IOException("The secrets file " + file + " cannot be read: permission denied.", e);
        }
    }

    private static String reason(IOException e) {
        String m = e.getMessage();
        return e instanceof AccessDeniedException
                ? "permission denied"
                : m == null ? e.getClass().getSimpleName() : m;
    }

    /** How many distinct secret values this redactor masks. */
    public int size() {
        return secrets.size();
    }

    @Override
    public String mask(String line) {
        return redact(line);
    }

    @Override
    public int longestValueBytes() {
        return longestBytes;
    }

    /**
     * Masks the end of a cut text when it is the start ({@value #MIN_CUT_PREFIX} characters or
     * more) of a known value in any of its forms: the rest of that value was cut off, so the mask
     * could not see it whole.
     */
    @Override
    public String maskValueStart(String kept) {
        if (kept == null || kept.isEmpty()) {
            return kept;
        }
        int n = kept.length();
        int longest = 0;
        for (String s : secrets) {
            int most = Math.min(s.length() - 1, n);
            char first = s.charAt(0);
            // the leftmost start found is the longest tail of this value
            for (int i = n - most; i <= n - Math.max(MIN_CUT_PREFIX, longest + 1); i++) {
                if (kept.charAt(i) == first && kept.regionMatches(i, s, 0, n - i)) {
                    longest = n - i;
                    break;
                }
            }
        }
        return longest == 0 ? kept : kept.substring(0, n - longest) + MASK;
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
        String out = maskKnown(text);
        if (out.indexOf('=') >= 0) {
            out = maskGroup(SECRET_PAIR, out, 3);
        }
        if (out.indexOf('@') >= 0 && out.contains("://")) {
            out = maskGroup(URL_PASSWORD, out, 2);
        }
        if (out.indexOf(':') >= 0 && out.indexOf('"') >= 0) {
            out = maskGroup(SECRET_JSON_MEMBER, out, 2);
        }
        out = maskGroup(CREDENTIAL, out, 2);
        if (out.indexOf(':') >= 0) {
            out = maskGroup(SECRET_HEADER, out, 2);
        }
        return out;
    }

    /**
     * A mask of the known values only (every form, and their pieces), without the patterns for secret-looking
     * pairs, headers and members: for what the panel prints of files (a command's output), where a value is
     * known and the patterns' cost on every line of a large listing would double its time.
     */
    public LineMask knownValues() {
        return new LineMask() {
            @Override
            public String mask(String line) {
                return line == null || line.isEmpty() ? line : maskKnown(line);
            }

            @Override
            public int longestValueBytes() {
                return longestBytes;
            }

            @Override
            public String maskValueStart(String kept) {
                return SecretRedactor.this.maskValueStart(kept);
            }
        };
    }

    /**
     * Masks every place of the text that holds a known value (in any form) or a {@value #PIECE}-character
     * piece of one, all found on the text as it is, so that two values that overlap or touch are
     * masked as one run: replacing one value after the other would leave the part of the second
     * that the first had taken.
     */
    private String maskKnown(String text) {
        java.util.BitSet hit = null;
        for (String s : secrets) {
            for (int i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) {
                if (hit == null) {
                    hit = new java.util.BitSet(text.length());
                }
                hit.set(i, i + s.length());
            }
        }
        if (pieces.length > 0 && text.length() >= PIECE) {
            long h = 0;
            for (int i = 0; i < text.length(); i++) {
                if (i >= PIECE) {
                    h -= text.charAt(i - PIECE) * HASH_DROP;
                }
                h = h * HASH_BASE + text.charAt(i);
                if (i >= PIECE - 1
                        && java.util.Arrays.binarySearch(pieces, h) >= 0
                        && text.regionMatches(i - PIECE + 1, text, i - PIECE + 1, PIECE)) {
                    if (hit == null) {
                        hit = new java.util.BitSet(text.length());
                    }
                    hit.set(i - PIECE + 1, i + 1);
                }
            }
        }
        if (hit == null) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            int from = hit.nextSetBit(i);
            if (from < 0) {
                b.append(text, i, text.length());
                break;
            }
            int to = hit.nextClearBit(from);
            // white space at the edges of a masked run stays: a piece of a value with spaces in it
            // must not eat the space between it and the next word
            int start = from;
            int end = to;
            while (start < end && Character.isWhitespace(text.charAt(start))) {
                start++;
            }
            while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
                end--;
            }
            b.append(text, i, start);
            if (start < end) {
                b.append(MASK);
            }
            b.append(text, end, to);
            i = to;
        }
        return b.toString();
    }

    /** Replaces one group of each match with {@value #MASK}. */
    private static String maskGroup(Pattern p, String text, int group) {
        Matcher m = p.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder sb = new StringBuilder();
        int last = 0;
        do {
            if (MASK.equals(m.group(group))) {
                continue;
            }
            sb.append(text, last, m.start(group)).append(MASK);
            last = m.end(group);
        } while (m.find());
        sb.append(text, last, text.length());
        return sb.toString();
    }

    /**
     * A command line as a person would type it (POSIX shell quoting), with secrets masked.
     *
     * @param argv program and arguments
     * @return e.g. {@code mst run --config 'my eval.json' --runner docker}
     */
    public String commandLine(List<String> argv) {
        StringBuilder sb = new StringBuilder();
        boolean nextIsSecret = false;
        for (String a : argv) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(nextIsSecret && !a.startsWith("-") ? MASK : shellQuote(redact(a)));
            nextIsSecret = isSecretFlag(a);
        }
        return sb.toString();
    }

    /** True for a flag whose next word is a secret ({@code --api-token}, {@code --password}); not {@code --secrets-file}. */
    static boolean isSecretFlag(String word) {
        return word.indexOf('=') < 0
                && SECRET_FLAG.matcher(word).matches()
                && !PATH_FLAG.matcher(word).matches();
    }

    /** Quotes one argument for a POSIX shell when it needs it. */
    public static String shellQuote(String arg) {
        if (!arg.isEmpty()
                && arg.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,@%+*".indexOf(c) >= 0)) {
            return arg;
        }
        return RunCommandLine.quote(arg); // single quotes, or $'…' for a word with a control character
    }

    @Override
    public String toString() {
        return "SecretRedactor[" + secrets.size() + " values]".toLowerCase(Locale.ROOT);
    }
}
