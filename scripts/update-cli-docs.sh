#!/usr/bin/env bash
# Writes the command-line reference in docs/cli/ again from the commands' own --help
# (the test CliReferenceTest, which fails the build when the pages and --help differ).
#
#   scripts/update-cli-docs.sh [extra Maven arguments, e.g. -o]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q test -Dtest=CliReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dmstpanel.updateCliDocs=true "$@"
echo "docs/cli/: $(ls docs/cli | wc -l) pages written from --help"
