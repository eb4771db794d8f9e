package dev.mstpanel.core.mst;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The arguments of {@code mst run} for a {@link RunRequest}, and a shell-quoted display string
 * for the Run form's preview.
 *
 * <p>Shape (docs/dev/mst-format.md, Commands): {@code run --config <eval.json> <runner flag> docker
 * <option flag> contexts=a,b [<option flag> shards=N] [keep=…] [memory=…] [cpus=…] [image=…]
 * [readyTimeout=…]} with each option its own flag, then {@code --resume <id>},
 * {@code --secrets-file <file>}, {@code --output-dir <dir>} when given, and last {@code --case <ids…>}
 * {@code --variant <names…>} when the request runs only some (docs/dev/mst-format.md, Run flags). Options left blank
 * (and {@code keep=never}, MST's default) are left out so MST's defaults apply.
 *
 * <p>{@code --grade-runner docker} or {@code --no-grade} ({@link Grading}) come before the selection.
 * A request with {@link RunRequest#gradeRun()} gives {@code grade <run id> --config <eval.json> <runner flag> docker
 * <option flag> contexts=a,b [shards=N] [memory=…] [cpus=…] [image=…]} and {@code --secrets-file}, {@code --output-dir}
 * when given (docs/dev/mst-format.md, Commands: {@code mst grade <run> --config eval.json --runner docker}; seed "Cowork in Docker":
 * grade containers take {@code memory} and {@code cpus}, the judges' SDKs need an {@code image} of one's own). The run is
 * named by its id, as {@code --resume} takes it; keep, readyTimeout, resume and the selection do not apply to it.
 *
 * <p>Secrets: the command carries the secrets file's path, never its values, and no
 * environment variable; so the display string is safe to show and copy.
 */
public final class RunCommandLine {
    /** The runner the panel drives. */
    public static final String RUNNER = "docker";

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private final List<String> arguments;

    /**
     * @param request the form's values; {@link RunRequest#config()} must be set
     * @param vocabulary the flag names this MST understands
     * @throws IllegalArgumentException when the request has no eval config
     */
    public RunCommandLine(RunRequest request, FlagVocabulary vocabulary) {
        if (request.config() == null) {
            throw new IllegalArgumentException("Choose an eval config first.");
        }
        List<String> a = new ArrayList<>();
        boolean grade = request.isGrade();
        if (grade) {
            a.add("grade");
            a.add(request.gradeRun());
        } else {
            a.add("run");
        }
        a.add("--config");
        a.add(request.config().toString());
        a.add(vocabulary.runnerFlag());
        a.add(RUNNER);
        List<String> options = new ArrayList<>();
        if (!request.contexts().isEmpty()) {
            options.add("contexts=" + String.join(",", request.contexts()));
        }
        addOption(options, "shards", request.shards());
        if (request.keep() != KeepPolicy.NEVER && !grade) {
            options.add("keep=" + request.keep().value());
        }
        addOption(options, "memory", request.memory());
        addOption(options, "cpus", request.cpus());
        addOption(options, "image", request.image());
        if (!grade) {
            addOption(options, "readyTimeout", request.readyTimeout());
        }
        for (String o : options) {
            a.add(vocabulary.optionFlag());
            a.add(o);
        }
        if (!request.resume().isEmpty() && !grade) {
            a.add("--resume");
            a.add(request.resume());
        }
        if (request.secretsFile() != null) {
            a.add("--secrets-file");
            a.add(request.secretsFile().toString());
        }
        if (request.outputDir() != null) {
            a.add("--output-dir");
            a.add(request.outputDir().toString());
        }
        if (!grade) {
            a.addAll(request.grading().arguments());
            a.addAll(request.selection().arguments());
        }
        this.arguments = List.copyOf(a);
    }

    private static void addOption(List<String> options, String key, String value) {
        if (value != null && !value.isBlank()) {
            options.add(key + "=" + value.strip());
        }
    }

    /** The arguments after the executable, starting with {@code run} (or {@code grade} for a regrade). */
    public List<String> arguments() {
        return arguments;
    }

    /**
     * The whole argv.
     *
     * @param mst how to start MST, e.g. {@code [/usr/local/bin/mst]} or {@code [npx, --no-install, mst]}
     * @return {@code mst} followed by {@link #arguments()}
     */
    public List<String> argv(List<String> mst) {
        List<String> all = new ArrayList<>(mst);
        all.addAll(arguments);
        return List.copyOf(all);
    }

    /**
     * The command as a person would type it in a POSIX shell, each word quoted when needed.
     *
     * @param mst how to start MST, as for {@link #argv(List)}
     */
    public String display(List<String> mst) {
        StringBuilder sb = new StringBuilder();
        for (String w : argv(mst)) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(quote(w));
        }
        return sb.toString();
    }

    /**
     * Quotes one word for a POSIX shell: as is when safe, else in single quotes; a word holding a control character
     * (an ESC, a tab or a line end in a case id) in bash's and zsh's {@code $'…'} with {@code \xHH} escapes, so the line
     * can be copied and pasted as the word itself and holds no raw control character.
     * The one quoting of the panel's shown command lines (the Runs form's preview, compare's re-run line).
     */
    public static String quote(String word) {
        if (!word.isEmpty() && SAFE.matcher(word).matches()) {
            return word;
        }
        if (word.chars().noneMatch(c -> dev.mstpanel.core.text.ControlCharacters.isControl((char) c))) {
            return "'" + word.replace("'", "'\"'\"'") + "'";
        }
        StringBuilder b = new StringBuilder("$'");
        word.codePoints().forEach(c -> {
            if (c == '\\' || c == '\'') {
                b.append('\\').appendCodePoint(c);
            } else if (c <= 0xffff && dev.mstpanel.core.text.ControlCharacters.isControl((char) c)) {
                b.append(
                        c < 0x80
                                ? String.format(java.util.Locale.ROOT, "\\x%02x", c)
                                : String.format(java.util.Locale.ROOT, "\\u%04x", c));
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.append('\'').toString();
    }
}
