#!/usr/bin/env bash
# Time from process start to the main window's first frame, as the app itself measures it
# (App logs "first frame N ms after the process started"; MST_PANEL_TIMING=1 prints
# "first-frame-ms N"). Launches N times under a private Xvfb and reports median, min and max for
# each target.
#
#   scripts/bench/first-frame.sh [N] [jar|image ...]     (default: 7 runs, both targets)
#
#   jar      java -jar app/target/mst-panel.jar            (./mvnw -B -q package -DskipTests)
#   image    app/target/dist/mst-panel/bin/mst-panel       (./mvnw -B -Ppackage package -DskipTests)
#   moved    the same app image copied to another folder (as for a .app dragged to /Applications:
#            the app makes its class-data archive for the new place at its first start there)
#   jar-off  the jar in one JVM, no class-data relaunch (as on macOS): MST_PANEL_CLASS_DATA=off
#   jar-auto the jar in one JVM on a JDK 19 or later ($BENCH_NEW_JDK, default the newest under
#            /usr/lib/jvm) that makes and refreshes its own archive:
#            -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile=<bench folder>/auto.jsa
#   minimal  the baseline: a JavaFX window with a menu bar, a list and a label, same JDK
#            (bench/MinimalWindow in the test classes: ./mvnw -B -q test-compile)
#
# Each target's median is also given as a ratio to the minimal window's when both ran:
#   scripts/bench/first-frame.sh 9 minimal jar moved
#
# Each target gets one untimed warm-up run first (file cache, JavaFX's native library cache, and
# the app's class-data archive in its cache folder, which the first start of a place makes).
# Environment: BENCH_DISPLAY (default :198); BENCH_NICE=-10 (as root) runs Xvfb and the app at
# that priority, to approximate an idle machine while other builds run; the contexts come from $DOCKER_CONFIG or, when
# MST_PANEL_TEST_ENGINES_DIR is set, from the test engines.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
n=7
if [[ ${1:-} =~ ^[0-9]+$ ]]; then n=$1; shift; fi
targets=("$@")
((${#targets[@]})) || targets=(jar image)
display=${BENCH_DISPLAY:-:198}
if [[ -n ${MST_PANEL_TEST_ENGINES_DIR:-} ]]; then export DOCKER_CONFIG=$MST_PANEL_TEST_ENGINES_DIR/config; fi

home=$(mktemp -d /tmp/mstp-bench.XXXXXX)
prio=()
[[ -n ${BENCH_NICE:-} ]] && prio=(nice -n "$BENCH_NICE")
"${prio[@]}" Xvfb "$display" -screen 0 1440x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill $xvfb_pid 2>/dev/null || true; rm -rf "$home"' EXIT
sleep 1
kill -0 "$xvfb_pid" 2>/dev/null || { echo "first-frame.sh: Xvfb could not start on $display (in use? set BENCH_DISPLAY)" >&2; exit 1; }

one_run() { # prints the first-frame ms of one launch
  local out="$home/out" pid
  : >"$out"
  DISPLAY=$display MST_PANEL_HOME="$home/panel" MST_PANEL_TIMING=1 MST_PANEL_EXIT_AFTER_MS=300 "${prio[@]}" "$@" >"$out" 2>/dev/null &
  pid=$!
  for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  awk '/^first-frame-ms/{w=$2} /^first-frame-cpu-ms/{c=$2} END{if (w) print w, c}' "$out"
}

for target in "${targets[@]}"; do
  case $target in
    jar) cmd=(java -jar app/target/mst-panel.jar) ;;
    image) cmd=(app/target/dist/mst-panel/bin/mst-panel) ;;
    moved)
      [[ -d app/target/dist/mst-panel ]] || { echo "first-frame.sh: app/target/dist/mst-panel is missing" >&2; exit 1; }
      rm -rf "$home/moved" && mkdir -p "$home/moved" && cp -a app/target/dist/mst-panel "$home/moved/"
      cmd=("$home/moved/mst-panel/bin/mst-panel") ;;
    jar-off) cmd=(env MST_PANEL_CLASS_DATA=off java -XX:TieredStopAtLevel=1 -jar app/target/mst-panel.jar) ;;
    jar-auto)
      new_jdk=${BENCH_NEW_JDK:-$(ls -d /usr/lib/jvm/*-2[1-9]-* /usr/lib/jvm/*-[3-9][0-9]-* 2>/dev/null | sort -V | tail -n 1 || true)}
      [[ -x $new_jdk/bin/java ]] || { echo "first-frame.sh: no JDK 19+ found: set BENCH_NEW_JDK" >&2; exit 1; }
      cmd=(env MST_PANEL_CLASS_DATA=off "$new_jdk/bin/java" -XX:TieredStopAtLevel=1 -XX:+AutoCreateSharedArchive "-XX:SharedArchiveFile=$home/auto.jsa"
        -Xlog:cds=off -Xlog:cds+dynamic=off --enable-native-access=ALL-UNNAMED -jar app/target/mst-panel.jar) ;;
    minimal)
      [[ -f app/target/test-classes/dev/mstpanel/bench/MinimalWindow.class ]] || { echo "first-frame.sh: build the test classes first (./mvnw -B -q test-compile)" >&2; exit 1; }
      cmd=(java -cp "app/target/test-classes:$(ls app/target/lib/javafx-*.jar | tr '\n' ':')" dev.mstpanel.bench.MinimalWindow) ;;
    *) echo "first-frame.sh: unknown target $target (jar or image)" >&2; exit 2 ;;
  esac
  [[ $target == minimal || -e ${cmd[-1]} ]] || { echo "first-frame.sh: ${cmd[-1]} is missing" >&2; exit 1; }
  one_run "${cmd[@]}" >/dev/null
  walls=() cpus=() failed=0
  while ((${#walls[@]} < n)); do
    wall= cpu=
    read -r wall cpu < <(one_run "${cmd[@]}") || true
    if [[ -z $wall ]]; then
      failed=$((failed + 1))
      ((failed <= 3)) || { echo "first-frame.sh: $target printed no first-frame-ms 4 times" >&2; exit 1; }
      continue
    fi
    walls+=("$wall") cpus+=("${cpu:-0}")
  done
  w=($(printf '%s\n' "${walls[@]}" | sort -n)) c=($(printf '%s\n' "${cpus[@]}" | sort -n))
  median=${w[$((n / 2))]}
  [[ $target == minimal ]] && baseline=$median
  ratio=""
  [[ -n ${baseline:-} && $target != minimal ]] && ratio=" = $(awk -v a="$median" -v b="$baseline" 'BEGIN{printf "%.2f", a/b}')× the minimal window"
  echo "$target: first frame median ${w[$((n / 2))]} ms$ratio (min ${w[0]}, max ${w[-1]}; CPU time median ${c[$((n / 2))]} ms) over $n runs ($failed without a frame within 60 s); load $(cut -d' ' -f1-3 /proc/loadavg)"
done
