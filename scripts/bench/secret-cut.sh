#!/usr/bin/env bash
# Check: a secret printed by MST at every offset around the 8 KiB line cut is never written in
# part. Not a timing: it counts what leaked.
#
#   scripts/bench/secret-cut.sh
#
# Runs the panel's `run` with the `mst-hostile` test double in mode `at-cut`, which prints each of
# two secrets (one from a secrets file, one from the environment) at every byte offset from wholly
# before the cut to wholly after it, then searches the screen, the run log, the recording and the
# panel's own log for every 6-character piece of either secret. Prints the count of lines cut and
# of pieces found (0 is the figure). Build first: ./mvnw -B -q package -DskipTests. No engines.
set -euo pipefail
cd "$(dirname "$0")/../.."
jar=app/target/mst-panel.jar
[[ -f $jar ]] || { echo "secret-cut.sh: build first: ./mvnw -B -q package -DskipTests" >&2; exit 1; }
work=$(mktemp -d /tmp/mstp-bench-secret-cut.XXXXXX)
trap 'rm -rf "$work"' EXIT
file_secret="sk-ant-api03-Kq7Wv2Lr9Xz4Mn8Bt3Hy6Jd1Pf5Gs0CaKq7Wv2Lr9Xz4Mn8Bt3Hy6Jd1Pf5Gs0CaKq7Wv2Lr9Xz4Mn8Bt3Hy6Jd1Pf5Gs0CaUe"
env_secret="sk-proj-Zr4Tn8Vb2Qx6Wm1Ky5Hd9Lp3Fc7Js0Ga-Nq"
printf 'ANTHROPIC_API_KEY=%s\n' "$file_secret" > "$work/secrets.env"
echo '{"name": "cut", "client": "cowork"}' > "$work/eval.json"
(cd "$work" && MST_PANEL_HOME="$work/home" MST_PANEL_LOGIN_SHELL=off MST_HOSTILE_MODE=at-cut OPENAI_API_KEY="$env_secret" \
  MST_HOSTILE_CUT_SECRETS="$file_secret $env_secret" \
  java -jar "$OLDPWD/$jar" run --mst "$OLDPWD/app/src/test/resources/mst-hostile/mst" -- \
  --config "$work/eval.json" --secrets-file "$work/secrets.env" > "$work/screen.txt" 2>&1) || true
{ cat "$work/screen.txt"; find "$work/home" -type f ! -name '*.gz' -exec cat {} +; find "$work/home" -name '*.gz' -exec zcat {} +; } > "$work/all.txt"
cut=$(grep -c 'line cut at 8 KiB' "$work/screen.txt" || true)
found=0
for s in "$file_secret" "$env_secret"; do
  for ((i = 0; i + 6 <= ${#s}; i++)); do
    grep -qF -- "${s:i:6}" "$work/all.txt" && found=$((found + 1))
  done
done
echo "lines cut: $cut; 6-character pieces of a secret written: $found"
