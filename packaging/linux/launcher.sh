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
classpath= main= jars_only=yes
while IFS= read -r line || [ -n "$line" ]; do
  case $line in
    app.classpath=*)
      expand "${line#app.classpath=}"
      classpath=${classpath:+$classpath:}$value
      [ -f "$value" ] || jars_only=no # Java 17 archives jars only: a folder would stop the JVM at start
      ;;
    app.mainclass=*) main=${line#app.mainclass=} ;;
    java-options=*) expand "${line#java-options=}"; set -- "$@" "$value" ;;
  esac
done <"$cfg"
if [ -z "$main" ]; then
  echo "mst-panel: $cfg names no main class; reinstall mst-panel." >&2
  exit 1
fi

# The panel's commands, the only first arguments that train an archive (a mistyped name is a usage
# error, not worth 10 MB and 1-3 s): picocli's table in cli/MstPanelCommand (COMMANDS) has the same
# names, and LinuxLauncherTest fails when the two differ.
commands='contexts run replay demo trials transcript compare reliability diff containers shell doctor colima export triage'

# Class-data archives for headless commands (a command given; the window makes its own, see
# core/startup/ClassDataArchive), one per command: the first start of a command after installing
# or updating writes its archive when it exits (-XX:ArchiveClassesAtExit, 1-3 s more on
# that start), under a temporary name with its process id; a later start of that command that
# finds that process gone and the file whole (the archive's magic number, which the JVM writes
# last) names it KEY-COMMAND.SIZE-MTIME.jsa, and from then on each start of the command maps the
# classes it holds instead of loading them from the jars (about 250 ms of CPU for `trials`, 100 ms
# for --version, which maps any command's; scripts/bench/headless-start.sh). KEY follows this
# installation's folder and the jar's and .cfg's sizes and times, so an update makes new ones.
# A damaged archive must never stop the panel (the JVM checks an archive's header, not its
# contents: flipped bytes or a cut file crash it with SIGSEGV/SIGBUS at every start), so:
# - an archive whose size or time is no longer the one in its name (cut short, rewritten, restored
#   from a backup) is removed before the JVM sees it, and the command trains a new one;
# - the JVM maps and trains with -XX:+VerifySharedSpaces: it checks the CRCs of the header and of
#   every region and, with -Xshare:auto, starts without the archive when one is wrong (flipped
#   bytes that kept the file's size and time: those starts are as slow as without an archive).
# Trainings whose process is gone are removed by later starts: one not whole (cut short: a full
# disk, a kill) stops that command's training until an update (a .failed marker); one that lost to
# another start's (concurrent first starts) is just removed. The launcher still execs the JVM.
# Off with MST_PANEL_CLASS_DATA=off, when JAVA_TOOL_OPTIONS has archive options, or when the class
# path names anything but jars.
cds=
if [ "$n" -gt 0 ] && [ "${MST_PANEL_CLASS_DATA:-}" != off ] && [ "$jars_only" = yes ]; then
  case " ${JAVA_TOOL_OPTIONS:-} " in
    *-Xshare:* | *-XX:SharedArchiveFile* | *-XX:ArchiveClassesAtExit*) ;;
    *)
      if [ -n "${MST_PANEL_HOME:-}" ]; then cds=$MST_PANEL_HOME/cache
      elif [ -n "${XDG_CACHE_HOME:-}" ]; then cds=$XDG_CACHE_HOME/mst-panel
      elif [ -n "${HOME:-}" ]; then cds=$HOME/.cache/mst-panel
      fi
      ;;
  esac
fi
# $archive still has the size and time its name records (KEY-COMMAND.SIZE-MTIME.jsa, given when it
# was named); one that does not was changed since (cut short, rewritten, restored) and is removed
archive_ok() {
  [ -f "$archive" ] || return 1
  recorded=${archive%.jsa}
  [ "$(stat -c '%s-%Y' -- "$archive" 2>/dev/null)" = "${recorded##*.}" ] && return 0
  rm -f -- "$archive"
  return 1
}
if [ -n "$cds" ]; then
  cds_dir=$cds/class-data-headless
  cds=
  # one archive per command (each loads classes of its own); --version and --help map any of them
  case $1 in
    -*) command= ;;
    '' | *[!a-z]*) command=none ;;
    *) case " $commands " in *" $1 "*) command=$1 ;; *) command=none ;; esac ;;
  esac
  if [ "$command" != none ] && stamp=$(stat -c '%s.%Y' -- "$appdir/mst-panel.jar" "$cfg" 2>/dev/null) \
      && key=$(printf '%s\n%s\n' "$rootdir" "$stamp" | cksum); then
    key=${key%% *}
    name=$key-$command
    if [ -z "$command" ]; then
      for archive in "$cds_dir/$key"-*.*.jsa; do
        archive_ok && { cds=use; break; }
      done
    else
      # the first of this command's that is whole; another (two trainings named at once) goes
      for archive in "$cds_dir/$name".*.jsa; do
        if [ -z "$cds" ]; then
          archive_ok && { cds=use; kept=$archive; }
        elif [ -f "$archive" ]; then
          rm -f -- "$archive"
        fi
      done
      [ "$cds" = use ] && archive=$kept
    fi
    if [ -n "$command" ]; then
      [ "$cds" = use ] || cds=make
      busy=
      for tmp in "$cds_dir/$name".*.tmp; do
        [ -f "$tmp" ] || continue
        pid=${tmp%.tmp}
        pid=${pid##*.}
        if kill -0 "$pid" 2>/dev/null; then
          busy=yes # another start is making one
          continue
        fi
        if [ "$cds" = use ]; then
          rm -f -- "$tmp" # a training that lost to another start's, or one cut short
          continue
        fi
        magic=$(od -An -tx4 -N4 -- "$tmp" 2>/dev/null) || magic=unread # no od: the JVM's own checks decide
        case $magic in
          " f00baba8" | " a8ab0bf0" | unread) ;; # either byte order
          *) magic= ;;
        esac
        if [ -n "$magic" ] && recorded=$(stat -c '%s-%Y' -- "$tmp" 2>/dev/null) && [ "${recorded%%-*}" -gt 0 ] \
            && mv -f -- "$tmp" "$cds_dir/$name.$recorded.jsa" 2>/dev/null; then
          archive=$cds_dir/$name.$recorded.jsa
          find "$cds_dir" \( -name '*.jsa' -o -name '*.tmp' -o -name '*.failed' \) ! -name "$key-*" -mtime +30 -exec rm -f {} + 2>/dev/null
          cds=use
          break
        fi
        if [ ! -e "$tmp" ]; then
          cds= # another start named it just now: this one runs without, the next maps it
          break
        fi
        # cut short (a full disk, a kill): not tried again for this command until an update
        rm -f -- "$tmp"
        : >"$cds_dir/$name.failed"
      done
      if [ "$cds" = make ] && { [ -n "$busy" ] || [ -e "$cds_dir/$name.failed" ]; }; then
        cds=
      fi
      if [ "$cds" = make ] && ! { mkdir -p -- "$cds_dir" 2>/dev/null && [ -w "$cds_dir" ]; }; then
        cds=
      fi
    fi
  fi
fi
case $cds in
  use) set -- "$@" "-XX:SharedArchiveFile=$archive" -Xshare:auto -XX:+VerifySharedSpaces -Xlog:cds=off -Xlog:cds+dynamic=off ;;
  make) set -- "$@" "-XX:ArchiveClassesAtExit=$cds_dir/$name.$$.tmp" -XX:+VerifySharedSpaces -Xlog:cds=off -Xlog:cds+dynamic=off ;;
esac
# A headless command (any argument: Main opens the window only without one) runs with the serial
# collector: one short-lived process with a small heap, where G1's threads and write barriers cost
# more CPU than they save (about 10 % less CPU for trials --json over 10,000 trials,
# scripts/bench/results-listing.sh; 2-7 % for trials --grep). Not when the user's JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS chooses
# a collector (two would stop the JVM), and not for the window, which keeps G1's short pauses.
if [ "$n" -gt 0 ]; then
  case " ${JAVA_TOOL_OPTIONS:-} ${JDK_JAVA_OPTIONS:-} " in
    *-XX:+Use*GC*) ;;
    *) set -- "$@" -XX:+UseSerialGC ;;
  esac
fi
set -- "$@" -cp "$classpath" "$main"
while [ "$n" -gt 0 ]; do
  set -- "$@" "$1"
  shift
  n=$((n - 1))
done
# Under a locale whose charset is not UTF-8 (C or POSIX, as in cron, CI and containers, or a UTF-8
# locale that is not installed), Java 17 decodes the arguments and every file name with that charset
# (sun.jnu.encoding, which no -D option changes): `--grep café` would search for "caf??" and a folder
# named rün could not be opened. The JVM gets the C.UTF-8 character type then (LC_ALL when it is set,
# since it overrides LC_CTYPE; the other categories stay as they are), so the bytes typed are read as
# UTF-8, as the panel's output already is. One `locale charmap` (about 1 ms) per start.
if [ "$(locale charmap 2>/dev/null)" != UTF-8 ] && [ "$(LC_ALL=C.UTF-8 locale charmap 2>/dev/null)" = UTF-8 ]; then
  if [ -n "${LC_ALL:-}" ]; then export LC_ALL=C.UTF-8; else export LC_CTYPE=C.UTF-8; fi
fi
exec "$java" "$@"
