package dev.mstpanel.core.docker;

import java.util.Locale;

/**
 * Turns what {@code ssh} and the remote {@code docker system dial-stdio} print on failure into
 * a {@link ProbeFailure} a person can act on: the key refused, an unknown host key, a host that
 * does not resolve or refuses, no Docker on the host, permission denied on its socket.
 */
final class SshFailures {
    private SshFailures() {}

    /**
     * Classifies the failure of the ssh login itself (the bridge's master connection).
     *
     * @param endpoint where it went
     * @param exitCode ssh's exit code
     * @param stderr what ssh printed (may be empty)
     */
    static ProbeFailure login(SshEndpoint endpoint, int exitCode, String stderr) {
        String s = stderr.toLowerCase(Locale.ROOT);
        String who = endpoint.shown();
        String detail = "ssh exited with code " + exitCode + (stderr.isBlank() ? "" : ": " + stderr.strip());
        if (s.contains("permission denied (publickey")
                || s.contains("permission denied (")
                || s.contains("no more authentication methods")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.PERMISSION_DENIED,
                    "ssh refused the key for " + who
                            + ": add your public key to ~/.ssh/authorized_keys on the host, or load the right key into ssh-agent"
                            + " (the panel cannot type a password).",
                    detail);
        }
        if (s.contains("host key verification failed")
                || s.contains("no matching host key")
                || s.contains("remote host identification has changed")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.OTHER,
                    "ssh does not trust the host key of " + endpoint.host()
                            + " (unknown or changed host): connect once in a terminal with `ssh " + who
                            + "` to check and accept its key, then try again.",
                    detail);
        }
        if (s.contains("could not resolve hostname")
                || s.contains("name or service not known")
                || s.contains("nodename nor servname")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.CONNECTION_REFUSED,
                    "Unknown host " + endpoint.host()
                            + ": ssh cannot resolve the name. Check the spelling, or add it to ~/.ssh/config.",
                    detail);
        }
        if (s.contains("connection refused")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.CONNECTION_REFUSED,
                    "Nothing accepts ssh at " + who
                            + " (connection refused): is sshd running there, and is the port right?",
                    detail);
        }
        if (s.contains("timed out") || s.contains("timeout")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.TIMEOUT,
                    "ssh to " + who + " timed out: the host is down or out of reach.",
                    detail);
        }
        if (s.contains("no route to host") || s.contains("network is unreachable")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.CONNECTION_REFUSED,
                    "No route to " + endpoint.host() + ": the host is down or out of reach.",
                    detail);
        }
        String first = firstLine(stderr);
        return new ProbeFailure(
                ProbeFailure.Kind.OTHER,
                "ssh to " + who + " failed" + (first.isEmpty() ? " (exit code " + exitCode + ")" : ": " + first) + ".",
                detail);
    }

    /**
     * Classifies the failure of {@code docker system dial-stdio} on the host, after a login that worked.
     *
     * @param endpoint the host
     * @param exitCode the remote command's exit code as ssh reports it
     * @param stderr what it printed
     */
    static ProbeFailure dial(SshEndpoint endpoint, int exitCode, String stderr) {
        String s = stderr.toLowerCase(Locale.ROOT);
        String who = endpoint.shown();
        String detail = "docker system dial-stdio on " + who + " exited with code " + exitCode
                + (stderr.isBlank() ? "" : ": " + stderr.strip());
        if (exitCode == 127
                || s.contains("command not found")
                || s.contains("docker: not found")
                || s.contains("no such file or directory") && s.contains("docker")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.UNSUPPORTED,
                    "No Docker on " + who
                            + ": `docker` is not on the ssh login's PATH there. Install Docker on the host (or fix its PATH for ssh logins).",
                    detail);
        }
        if (s.contains("permission denied")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.PERMISSION_DENIED,
                    "Permission denied on the Docker socket of " + who
                            + ": on the host, add the user to the `docker` group (sudo usermod -aG docker "
                            + (endpoint.user() == null ? "USER" : endpoint.user()) + "), then try again.",
                    detail);
        }
        if (s.contains("cannot connect to the docker daemon") || s.contains("is the docker daemon running")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.CONNECTION_REFUSED,
                    "Docker is installed on " + who
                            + " but its engine is not running: start it there (sudo systemctl start docker).",
                    detail);
        }
        if (s.contains("unknown command") || s.contains("dial-stdio")) {
            return new ProbeFailure(
                    ProbeFailure.Kind.UNSUPPORTED,
                    "The docker CLI on " + who
                            + " is too old for `docker system dial-stdio` (Docker 18.09 or later is needed).",
                    detail);
        }
        String first = firstLine(stderr);
        return new ProbeFailure(
                ProbeFailure.Kind.OTHER,
                "docker system dial-stdio failed on " + who
                        + (first.isEmpty() ? " (exit code " + exitCode + ")" : ": " + first) + ".",
                detail);
    }

    static String firstLine(String s) {
        return s == null
                ? ""
                : s.lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .findFirst()
                        .orElse("");
    }
}
