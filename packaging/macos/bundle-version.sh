#!/usr/bin/env bash
# Prints the version jpackage and the .app's CFBundleVersion get on macOS for the project's version.
#
# jpackage on macOS takes one to three integers separated by dots, the first greater than zero
# ("The first number in an app-version cannot be zero or negative"), so 0.1.0 stops the build.
# The rule: drop a qualifier (-SNAPSHOT, -rc1), pad to three numbers, and add 1 to the first:
# 0.1.0 -> 1.1.0, 0.1 -> 1.1.0, 1.2.3 -> 2.2.3, 0.2.0-SNAPSHOT -> 1.2.0. The mapping keeps the
# order of versions (a later version never gets a smaller bundle version), so macOS and updaters
# that compare CFBundleVersion see every release as newer than the one before. The real version
# stays in CFBundleShortVersionString (what Finder's Get Info and the About box show), in the
# .dmg's name and in `mst-panel --version`.
#
# Usage: bundle-version.sh VERSION   (exit 2 with a message when VERSION does not start with a number)
set -euo pipefail
v=${1:?usage: bundle-version.sh VERSION}
core=${v%%[-+]*}
if [[ ! $core =~ ^[0-9]+(\.[0-9]+){0,2}$ ]]; then
  echo "bundle-version.sh: \"$v\" is not MAJOR[.MINOR[.PATCH]][-QUALIFIER]; set a version like 0.1.0 in pom.xml" >&2
  exit 2
fi
IFS=. read -r major minor patch <<<"$core"
printf '%d.%d.%d\n' "$((10#$major + 1))" "$((10#${minor:-0}))" "$((10#${patch:-0}))"
