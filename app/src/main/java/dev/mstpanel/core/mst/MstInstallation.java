package dev.mstpanel.core.mst;

import java.util.ArrayList;
import java.util.List;

/**
 * An MST the panel found and asked for its version and flags.
 *
 * @param command the argv prefix that runs it: {@code [/abs/path/mst]} or
 *     {@code [/abs/path/npx, --no-install, mst]}
 * @param source where it was found
 * @param version what {@code mst --version} printed (e.g. {@code 2.0.0-beta.7}), or null when it
 *     printed nothing that looks like a version
 * @param flags its runner flag vocabulary, from {@code mst run --help}
 * @param note something worth showing (e.g. "mst run --help printed nothing; assuming --runner"), or null
 */
public record MstInstallation(List<String> command, Source source, String version, FlagVocabulary flags, String note) {

    /** Where MST was found, in the order the panel looks ("Finding MST"). */
    public enum Source {
        /** The path set in the panel's settings. */
        SETTINGS,
        /** {@code node_modules/.bin/mst} in the eval config's folder or one of its parents. */
        LOCAL_DEPENDENCY,
        /** {@code mst} on PATH. */
        PATH,
        /** {@code npx --no-install mst}. */
        NPX
    }

    public MstInstallation {
        command = List.copyOf(command);
    }

    /**
     * The full argv for an MST command.
     *
     * @param args e.g. {@code [run, --config, eval.json, --runner, docker]}; runner flags are
     *     translated into this MST's vocabulary
     */
    public List<String> argv(List<String> args) {
        List<String> argv = new ArrayList<>(command);
        argv.addAll(flags.translate(args));
        return argv;
    }

    /** A short description for people, e.g. "mst 2.0.0-beta.7 (./node_modules/.bin/mst)". */
    public String describe() {
        return "mst " + (version == null ? "(version unknown)" : version) + " (" + String.join(" ", command) + ")";
    }
}
