package dev.mstpanel.core.mst;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;

/**
 * The secrets the panel knows of when it renders a run's own files (an export, a transcript): the
 * values of the environment's secret-looking variables and of each secrets file given, read as
 * {@code mst run --secrets-file} reads them (docs/masking-secrets.md). A run's files may hold a key the
 * agent saw; what the panel writes of them passes through the mask made here, the same
 * {@link SecretRedactor} the run log uses.
 */
public final class KnownSecrets {
    private KnownSecrets() {}

    /**
     * The mask of the secrets in this environment and these secrets files.
     *
     * @param environment the environment's variables (the login shell's)
     * @param secretsFiles secrets files to read (JSON or {@code KEY=VALUE} lines), possibly none
     * @return the mask
     * @throws IOException when a secrets file cannot be read whole: its message names the file and
     *     why (then nothing may be written, since its values could not be masked)
     */
    public static SecretRedactor of(Map<String, String> environment, Collection<Path> secretsFiles) throws IOException {
        SecretRedactor r = SecretRedactor.forEnvironment(environment);
        for (Path f : secretsFiles) {
            r = r.withSecretsFile(f);
        }
        return r;
    }
}
