#!/bin/sh
# mst-panel's launcher on Linux: bin/mst-panel of the app image (package.sh puts it in place of
# jpackage's native launcher, so the .deb installs it too).
#
# Why not jpackage's launcher: before it starts the JVM, that launcher asks the package manager
# which package owns it (`rpm -qf`, then `dpkg -S`, then `dpkg -L` when a package does), at every
# start: about 250 ms of a 550 ms `mst-panel --version` on a Debian box with 3,000 packages
# (scripts/bench/headless-start.sh). This script starts the same JVM the same way, from the same
# .cfg file jpackage wrote (lib/app/mst-panel.cfg: class path, main class, java-options, with
# $APPDIR, $BINDIR and $ROOTDIR as jpackage expands them), and execs it, so the JVM is this
# process: exit codes, signals (Ctrl-C), stdin, stdout and the terminal are the JVM's own.
# Differences from jpackage's launcher: no -Djpackage.app-path (the panel then relaunches the
# window's JVM with `java` itself, see core/startup/ClassDataArchive), and LD_LIBRARY_PATH and
# _JPACKAGE_LAUNCHER are not set (nothing loads a library from lib/app; JavaFX's are found next to
# its jars).
self=$0
case $self in */*) ;; *) self=./$self ;; esac
if [ -L "$self" ]; then
  self=$(readlink -f -- "$self") || { echo "mst-panel: cannot resolve the link $0" >&2; exit 1; }
fi
bindir=$(cd -P -- "${self%/*}" && pwd -P) || { echo "mst-panel: cannot find the folder of $0" >&2; exit 1; }
rootdir=${bindir%/*}
appdir=$rootdir/lib/app
cfg=$appdir/mst-panel.cfg
java=$rootdir/lib/runtime/bin/java
if [ ! -r "$cfg" ] || [ ! -x "$java" ]; then
  echo "mst-panel: the installation is incomplete ($cfg or $java is missing); reinstall mst-panel." >&2
  exit 1
fi

# $APPDIR, $BINDIR and $ROOTDIR in a .cfg value, expanded as jpackage's launcher does
expand() {
  rest=$1 out=
  while :; do
    case $rest in
      *'$APPDIR'* | *'$BINDIR'* | *'$ROOTDIR'*) ;;
      *) break ;;
    esac
    head=${rest%%\$*}
    rest=${rest#"$head"}
    case $rest in
      '$APPDIR'*) out=$out$head$appdir rest=${rest#'$APPDIR'} ;;
      '$BINDIR'*) out=$out$head$bindir rest=${rest#'$BINDIR'} ;;
      '$ROOTDIR'*) out=$out$head$rootdir rest=${rest#'$ROOTDIR'} ;;
      *) out=$out$head\$ rest=${rest#\$} ;;
    esac
  done
  value=$out$rest
}

# The JVM's arguments are appended after the user's ("$@" is the only list POSIX sh has), then the
# user's are moved behind them: java OPTIONS -cp CLASSPATH MAIN USER-ARGUMENTS.
n=$#
classpath= main=
while IFS= read -r line || [ -n "$line" ]; do
  case $line in
    app.classpath=*) expand "${line#app.classpath=}"; classpath=${classpath:+$classpath:}$value ;;
    app.mainclass=*) main=${line#app.mainclass=} ;;
    java-options=*) expand "${line#java-options=}"; set -- "$@" "$value" ;;
  esac
done <"$cfg"
if [ -z "$main" ]; then
  echo "mst-panel: $cfg names no main class; reinstall mst-panel." >&2
  exit 1
fi
set -- "$@" -cp "$classpath" "$main"
while [ "$n" -gt 0 ]; do
  set -- "$@" "$1"
  shift
  n=$((n - 1))
done
exec "$java" "$@"
