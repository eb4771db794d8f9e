package dev.mstpanel.core.results.model;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The kinds of trial error whose cause is named by the message MST (or the desktop it drives) writes, told by the whole
 * shape of that message, not by a phrase anywhere in it: a model's answer quoted in an error ("I will not run out of
 * memory ideas") is no out-of-memory kill. Each pattern is anchored at the start of a line of the error.
 */
public enum TrialErrorKind {
    /**
     * The trial's container was killed for memory: MST's {@code Container <name> ran out of memory}, with its prefixes for
     * a desktop killed at start ({@code Couldn't create a machine for shard <i>: }) or mid-run ({@code done, but }), or
     * Docker's own word for it ({@code OOMKilled}, as the panel and Docker's state put it after the container's name).
     */
    OUT_OF_MEMORY(
            "out of memory",
            List.of(
                    Pattern.compile(
                            "^(?:Couldn['’]t create a machine for shard [^:\\n]{1,40}: |done, but )?Container \\S+ (?:ran out of memory|was OOM-?killed)\\b",
                            Pattern.MULTILINE | Pattern.CASE_INSENSITIVE),
                    Pattern.compile("^Container (?:was )?OOM-?killed\\b", Pattern.MULTILINE | Pattern.CASE_INSENSITIVE),
                    // Node's own last words when MST's worker itself runs out of heap
                    Pattern.compile(
                            "^(?:<--- Last few GCs --->\\n)?FATAL ERROR: [^\\n]*JavaScript heap out of memory$",
                            Pattern.MULTILINE))),
    /** Cowork's VM was down: MST's {@code Cowork's workspace was unavailable: …}, or the shell's own {@code Workspace unavailable}. */
    WORKSPACE_UNAVAILABLE(
            "workspace unavailable",
            List.of(
                    Pattern.compile("^Cowork['’]s workspace was unavailable(?::|$)", Pattern.MULTILINE),
                    Pattern.compile("^Workspace unavailable\\b", Pattern.MULTILINE)));

    private final String cause;
    private final List<Pattern> messages;

    TrialErrorKind(String cause, List<Pattern> messages) {
        this.cause = cause;
        this.messages = messages;
    }

    /** The cause shown for it ("out of memory"). */
    public String cause() {
        return cause;
    }

    /** The kind an error's text is written as, or null when it is none of MST's known messages. */
    public static TrialErrorKind of(String error) {
        if (error == null || error.isEmpty()) {
            return null;
        }
        for (TrialErrorKind k : values()) {
            for (Pattern p : k.messages) {
                if (p.matcher(error).find()) {
                    return k;
                }
            }
        }
        return null;
    }
}
