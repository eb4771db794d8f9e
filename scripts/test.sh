#!/usr/bin/env bash
# The README's test command: prepares what the tests need where it can, then runs them all.
#
#   scripts/test.sh [extra Maven arguments, e.g. -Dtest='RunReplayTest']
#
# It ends with one line: "Tests: N passed, N failed, N skipped in 12m03s" (from Surefire's reports).
# No test is run again when it fails: a test that fails once is a failure to fix.
# The engines, sshd and TLS engine it finds stopped it starts for the tests and stops at the end
# (MST_PANEL_KEEP_ENGINES=yes keeps them up for the next run); ones already running stay running.
#
# On Debian/Ubuntu as root it installs the packages the tests need (a JDK, docker.io and
# busybox-static for the private engines, openssh-server and openssl for the sshd and TLS engine, Xvfb and the libraries JavaFX needs); the tests start
# their own private Docker engines through scripts/test-engines.sh. Maven comes from ./mvnw.
# Elsewhere it says what is missing and how to get it, then runs what can run (without the
# engines, the integration tests are skipped with the reason; under CI=true they fail).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(openjdk-17-jdk-headless docker.io busybox-static xvfb xauth libgtk-3-0 libxtst6 libgl1 openssh-server openssh-client openssl chromium)
if command -v dpkg >/dev/null && command -v apt-get >/dev/null; then
  missing=()
  for p in "${packages[@]}"; do
    # any dockerd will do (Docker's own docker-ce conflicts with Debian's docker.io: never replace it)
    [[ $p == docker.io ]] && { command -v dockerd >/dev/null || [[ -x /usr/sbin/dockerd ]]; } && continue
    [[ $p == busybox-static && -x /bin/busybox ]] && continue
    # a JDK 17+ from elsewhere (SDKMAN, Temurin) will do too
    [[ $p == openjdk-17-jdk-headless ]] && command -v javac >/dev/null && continue
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if ((${#missing[@]})); then
    if [[ $(id -u) == 0 ]]; then
      echo "test.sh: installing ${missing[*]}" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq
      apt-get install -y -qq "${missing[@]}" >/dev/null
    else
      echo "test.sh: missing ${missing[*]}: install them with  sudo apt-get install ${missing[*]}  (or run this as root)" >&2
    fi
  fi
fi

if ! command -v java >/dev/null || ! java -version 2>&1 | grep -Eq 'version "(1[7-9]|[2-9][0-9])'; then
  echo "test.sh: needs a JDK 17 or later on PATH (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless; macOS: brew install openjdk@17, then export PATH=\"$(brew --prefix openjdk@17)/bin:$PATH\")" >&2
  exit 1
fi
if [[ $(uname -s) == Linux && $(id -u) != 0 ]]; then
  echo "test.sh: not root: the private Docker engines cannot start, so the integration tests are skipped (run as root for all of them)" >&2
fi

started=$SECONDS

# The tests start their private engines in $MST_PANEL_TEST_ENGINES_DIR, by default a folder named after this
# checkout (TestEngines: /tmp/mstp-eng-<Java hashCode of the checkout's path>): set here so that this script
# knows which engines it started.
if [[ -z ${MST_PANEL_TEST_ENGINES_DIR:-} ]]; then
  root=$(pwd -P) h=0
  for ((i = 0; i < ${#root}; i++)); do
    printf -v c '%d' "'${root:i:1}"
    h=$(((h * 31 + c) & 0xFFFFFFFF))
  done
  export MST_PANEL_TEST_ENGINES_DIR=/tmp/mstp-eng-$(printf '%08x' "$h")
fi
engines=$MST_PANEL_TEST_ENGINES_DIR
running() { # the pid files of DIR's engines, sshd and TLS engine whose process is alive
  local f
  for f in "$engines"/engine-*/docker.pid "$engines"/fleet/sshd/sshd.pid "$engines"/fleet/engine-tls/docker.pid; do
    [[ -f $f ]] && kill -0 "$(cat "$f")" 2>/dev/null && echo "$f"
  done
  return 0
}
before=$(running)

# Linux: always a virtual display of the tests' own, also when DISPLAY is set: the window tests move
# the mouse and type, which on a desktop would take over the real screen for the whole run.
display=()
if [[ $(uname -s) == Linux ]]; then
  if ! command -v xvfb-run >/dev/null; then
    echo "test.sh: the window tests need a virtual display: install Xvfb (apt-get install xvfb xauth)" >&2
    exit 1
  fi
  display=(xvfb-run -a -s "-screen 0 1440x900x24")
fi

# A shell started with nohup, or a script's background job, ignores SIGINT and SIGHUP, and every process
# it starts inherits that: the tests that stop a run with Ctrl-C or hang up a command would fail with no
# hint. The tests' JVM gets the signals' default handling back where env can give it (GNU env).
ignored=$(awk '/^SigIgn:/ { print $2 }' /proc/$$/status 2>/dev/null || true)
restore=()
if [[ -n $ignored ]] && (((16#$ignored & 16#4003) != 0)); then
  names=()
  (((16#$ignored & 1) != 0)) && names+=(SIGHUP)
  (((16#$ignored & 2) != 0)) && names+=(SIGINT)
  (((16#$ignored & 16#4000) != 0)) && names+=(SIGTERM)
  said=$(IFS=/; echo "${names[*]}")
  if env --default-signal=INT true 2>/dev/null; then
    echo "test.sh: $said ignored in this shell (started with nohup or in the background?): the tests run with their default handling restored" >&2
    restore=(env --default-signal=HUP,INT,TERM)
  else
    echo "test.sh: $said ignored in this shell (started with nohup or in the background?) and this env cannot restore them:" \
      "the tests that send Ctrl-C or a hang-up to a run will fail. Run scripts/test.sh from a terminal." >&2
  fi
fi

reports=app/target/surefire-reports
rm -rf "$reports"
status=0
${restore[@]+"${restore[@]}"} ${display[@]+"${display[@]}"} ./mvnw -B verify "$@" || status=$?

# Stop what this run started (the engines and the fleet in one line: test-engines.sh stop takes both).
after=$(running)
if [[ -n $after ]]; then
  if [[ -z $before && ${MST_PANEL_KEEP_ENGINES:-} != yes ]]; then
    bash scripts/test-engines.sh stop "$engines" >/dev/null 2>&1 || true
    echo "test.sh: stopped the Docker engines, sshd and TLS engine the tests started in $engines" >&2
  else
    echo "test.sh: the Docker engines and sshd in $engines are still running; stop them with: bash scripts/test-engines.sh stop $engines" >&2
  fi
fi

# The summary, from Surefire's report of each test class.
tests=0 failed=0 skipped=0
shopt -s nullglob
for f in "$reports"/TEST-*.xml; do
  line=$(grep -m1 -o '<testsuite [^>]*' "$f" || true)
  get() { [[ $line =~ [[:space:]]$1=\"([0-9]+)\" ]] && echo "${BASH_REMATCH[1]}" || echo 0; }
  tests=$((tests + $(get tests)))
  failed=$((failed + $(get failures) + $(get errors)))
  skipped=$((skipped + $(get skipped)))
done
elapsed=$((SECONDS - started))
printf 'Tests: %d passed, %d failed, %d skipped in %dm%02ds\n' $((tests - failed - skipped)) "$failed" "$skipped" $((elapsed / 60)) $((elapsed % 60))
if ((failed > 0)); then
  echo "test.sh: the failed tests: $(grep -lE '<(error|failure)[ >]' "$reports"/TEST-*.xml | sed 's|.*/TEST-||; s|\.xml$||' | paste -sd, -)" >&2
fi
exit "$status"
