package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.RunFixture;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trials} and {@code compare} on a run folder of mode 000: the folder is named
 * with "permission denied", no trial read at all exits 1, and compare names that cause. Root reads a folder of
 * mode 000 all the same, so as root the command runs as the user {@code nobody} ({@code setpriv}), from a copy
 * of the class path that user can read (the build's jars are in root's own Maven folder); as another user it
 * runs as that user.
 */
class UnreadableRunFolderTest {
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));
    /** How the panel says to get access: as root the folders are root's and the command runs as nobody, so it names the owner. */
    private static final String HINT = ROOT
            ? "Ask its owner (root) for read access (chmod -R a+rX), or run the panel as root"
            : "Give this user read access to it (chmod -R u+rX)";

    @TempDir
    Path dir;

    private String classPath;
    private final List<Path> locked = new ArrayList<>();

    @BeforeEach
    void classPathTheCommandsUserCanRead() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));
        if (!ROOT) {
            classPath = System.getProperty("java.class.path");
            return;
        }
        List<String> entries = new ArrayList<>();
        int i = 0;
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path from = Path.of(e);
            if (!Files.exists(from)) {
                continue;
            }
            Path to = dir.resolve("cp").resolve(i++ + "-" + from.getFileName());
            try (Stream<Path> all = Files.walk(from)) {
                for (Path p : (Iterable<Path>) all::iterator) {
                    Path t = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(t);
                    } else {
                        Files.createDirectories(t.getParent());
                        try {
                            Files.createLink(t, p); // same disk: no copy
                        } catch (java.io.IOException | UnsupportedOperationException notLinked) {
                            Files.copy(p, t);
                        }
                    }
                }
            }
            entries.add(to.toString());
        }
        try (Stream<Path> all = Files.walk(dir.resolve("cp"))) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Files.setPosixFilePermissions(
                        p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        classPath = String.join(File.pathSeparator, entries);
    }

    @AfterEach
    void unlock() throws Exception {
        for (Path p : locked) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    private record Ended(int exit, String out, String err) {}

    /** Every folder and file under {@code results} readable by any user (the command's user then meets only the locks a test sets). */
    private static void readableByAll(Path results) throws java.io.IOException {
        try (Stream<Path> all = Files.walk(results)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Files.setPosixFilePermissions(
                        p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
    }

    private Ended run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        if (ROOT) {
            cmd.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        }
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                classPath,
                "dev.mstpanel.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("MST_PANEL_HOME", dir.resolve("home").toString());
        pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
        Path out = dir.resolve("home").resolve("out.txt");
        Path err = dir.resolve("home").resolve("err.txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(String.join(" ", args)).isTrue();
        return new Ended(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** Two runs of one eval, two variants each; the second's folder at mode 000. */
    private Path[] twoRunsTheSecondLocked() throws Exception {
        Path results = dir.resolve("results");
        Path[] runs = new Path[2];
        String[] ids = {"20260105T101500Z-a1b2c3", "20260106T101500Z-d4e5f6"};
        for (int r = 0; r < 2; r++) {
            RunFixture f = RunFixture.create(results, "eval", ids[r]).runJson("eval", "default", "with-tools");
            for (String v : new String[] {"default", "with-tools"}) {
                f.trace(v, "lookup", 0, null).score("judge.accuracy", v, "lookup", 0, true, "ok");
            }
            runs[r] = f.runDir();
        }
        readableByAll(results);
        Files.setPosixFilePermissions(runs[1], PosixFilePermissions.fromString("---------"));
        locked.add(runs[1]);
        return runs;
    }

    @Test
    void grepOnARunFolderItCannotReadSaysNothingWasSearched() throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        Ended text = run("trials", runs[0].getParent().toString(), "--grep", "ok");
        String locked =
                text.out().substring(text.out().indexOf(runs[1].getFileName().toString()));
        assertThat(locked)
                .as(text.out())
                .contains("not searched: the run folder cannot be read")
                .doesNotContain("no trial's transcript contains");
    }

    @Test
    void trialsOnARunFolderItCannotReadSaysPermissionDeniedAndExitsOne() throws Exception {
        Path[] runs = twoRunsTheSecondLocked();

        Ended text = run("trials", runs[1].toString());
        assertThat(text.exit()).as(text.err()).isEqualTo(1);
        assertThat(text.out())
                .contains("The run folder " + runs[1] + " cannot be read: permission denied")
                .contains("no trials listed");
        assertThat(text.err())
                .contains("mst-panel trials: no trial could be read: The run folder " + runs[1]
                        + " cannot be read: permission denied")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");

        Ended json = run("trials", runs[1].toString(), "--json");
        assertThat(json.exit()).as(json.err()).isEqualTo(1);
        assertThat(new ObjectMapper().readTree(json.out())).isEmpty();
        assertThat(json.err()).contains("cannot be read: permission denied");
    }

    @Test
    void anEvalFolderItCannotEnterIsNamedNotSkippedAndAloneItExitsOneWithoutCallingTheRootEmpty() throws Exception {
        Path results = dir.resolve("results");
        for (String eval : new String[] {"open-eval", "locked-eval"}) {
            RunFixture.create(results, eval, "20260109T101500Z-c1d2e3")
                    .runJson(eval, "default")
                    .trace("default", "lookup", 0, null)
                    .score("judge.accuracy", "default", "lookup", 0, true, "ok");
        }
        readableByAll(results);
        Path lockedEval = results.resolve("locked-eval");
        Files.setPosixFilePermissions(lockedEval, PosixFilePermissions.fromString("---------"));
        locked.add(lockedEval);
        Ended both = run("trials", results.toString());
        assertThat(both.exit()).as(both.err()).isZero();
        assertThat(both.out()).contains("open-eval").doesNotContain("locked-eval /");
        assertThat(both.err())
                .contains("mst-panel trials: The folder " + lockedEval + " could not be listed: permission denied");

        Files.setPosixFilePermissions(results.resolve("open-eval"), PosixFilePermissions.fromString("---------"));
        locked.add(results.resolve("open-eval"));
        Ended none = run("trials", results.toString());
        assertThat(none.exit()).isEqualTo(1);
        assertThat(none.err())
                .contains(lockedEval + " could not be listed: permission denied")
                .doesNotContain("No MST runs");
    }

    @Test
    void trialsOnAResultsRootListsTheRunsItCanReadAndNamesTheOneItCannot() throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        Ended r = run("trials", dir.resolve("results").toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("lookup #1")
                .contains("2 passed")
                .contains("The run folder " + runs[1] + " cannot be read: permission denied");
    }

    @Test
    void anArtifactsFolderItCannotReadIsNamedNotCalledAbsentAndAnUnreadableLogsFolderIsSaid() throws Exception {
        Path results = dir.resolve("results");
        RunFixture f =
                RunFixture.create(results, "eval", "20260107T101500Z-a7b8c9").runJson("eval", "default");
        for (String c : new String[] {"locked-folder", "locked-logs"}) {
            f.trace("default", c, 0, RunFixture.fields().put("error", "Task did not submit"))
                    .score("judge.accuracy", "default", c, 0, false, "no");
            RunFixture.diagnosis(f.artifacts("default", c, 0), 20);
        }
        readableByAll(results);
        Path folder = f.artifacts("default", "locked-folder", 0);
        Path logs = f.artifacts("default", "locked-logs", 0).resolve("logs");
        for (Path p : new Path[] {folder, logs}) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("---------"));
            locked.add(p);
        }
        Ended text = run("trials", f.runDir().toString());
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("The artifacts folder " + folder + " could not be read: permission denied. " + HINT)
                .doesNotContain("this trial has no artifacts folder")
                .contains("screen.png") // the other trial's files that could be read are shown
                .contains("Part of the artifacts folder could not be read (permission denied): logs.");
    }

    @Test
    void anArtifactsFolderOfAVariantOrTheWholeArtifactsFolderItCannotReadIsNamedForEachFailedTrial() throws Exception {
        Path results = dir.resolve("results");
        RunFixture f =
                RunFixture.create(results, "eval", "20260108T101500Z-b1c2d3").runJson("eval", "default");
        f.trace("default", "failed-one", 0, RunFixture.fields().put("error", "Task did not submit"))
                .score("judge.accuracy", "default", "failed-one", 0, false, "no");
        RunFixture.diagnosis(f.artifacts("default", "failed-one", 0), 20);
        readableByAll(results);
        for (Path locked : new Path[] {
            f.runDir().resolve("artifacts").resolve("default"), f.runDir().resolve("artifacts")
        }) {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
            this.locked.add(locked);
            Ended text = run("trials", f.runDir().toString());
            assertThat(text.exit()).as(text.err()).isZero();
            assertThat(text.out())
                    .contains("The failure diagnosis could not be looked for. The folder " + locked
                            + " could not be listed: permission denied")
                    .doesNotContain("this trial has no artifacts folder");
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aTraceAndAScoreFileItCannotReadSayPermissionDenied() throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        Path trace = runs[0].resolve("traces/default/lookup/0.json");
        Path score = runs[0].resolve("scores/judge.accuracy/with-tools/lookup/0.json");
        for (Path p : new Path[] {trace, score}) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("---------"));
        }
        Ended r = run("trials", runs[0].toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        java.util.Map<String, String> problems = new java.util.HashMap<>();
        for (var n : new ObjectMapper().readTree(r.out())) {
            problems.put(
                    n.path("variant").asText(),
                    n.path("status").asText() + ": " + n.path("problem").asText());
        }
        assertThat(problems.get("default")).isEqualTo("unreadable: The trace could not be read: permission denied");
        assertThat(problems.get("with-tools"))
                .isEqualTo(
                        "unreadable: The score file scores/judge.accuracy/with-tools/lookup/0.json could not be read: permission denied");
        Ended text = run("trials", runs[0].toString());
        assertThat(text.out())
                .contains("The trace could not be read: permission denied")
                .contains(
                        "The score file scores/judge.accuracy/with-tools/lookup/0.json could not be read: permission denied");
    }

    @Test
    void aVariantFolderOrTracesFolderItCannotReadListsItsScoredTrialsAsUnreadableWithTheReasonNotAsLostTraces()
            throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        Path variant = runs[0].resolve("traces/default");
        Files.setPosixFilePermissions(variant, PosixFilePermissions.fromString("---------"));
        Ended r = run("trials", runs[0].toString(), "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        java.util.List<String> defaults = new java.util.ArrayList<>();
        java.util.List<String> others = new java.util.ArrayList<>();
        for (var n : new ObjectMapper().readTree(r.out())) {
            (n.path("variant").asText().equals("default") ? defaults : others)
                    .add(n.path("status").asText() + ": " + n.path("problem").asText());
        }
        assertThat(defaults)
                .isNotEmpty()
                .allSatisfy(p -> assertThat(p)
                        .startsWith(
                                "unreadable: The variant folder traces/default could not be read: permission denied")
                        .doesNotContain("lost"));
        assertThat(others)
                .as("the other variant lists as before")
                .isNotEmpty()
                .noneMatch(p -> p.startsWith("unreadable"));

        Files.setPosixFilePermissions(variant, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path traces = runs[0].resolve("traces");
        Files.setPosixFilePermissions(traces, PosixFilePermissions.fromString("---------"));
        Ended all = run("trials", runs[0].toString(), "--json");
        assertThat(all.exit()).as(all.err()).isZero();
        for (var n : new ObjectMapper().readTree(all.out())) {
            assertThat(n.path("status").asText() + ": " + n.path("problem").asText())
                    .startsWith("unreadable: The traces folder traces/ could not be read: permission denied");
        }
        Files.setPosixFilePermissions(traces, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** One run, variants default (case lookup, 3 trials; results.json says 3) and with-tools (1 trial); only trial 0 of lookup has a score. */
    private RunFixture runWhoseResultsJsonNamesItsTrials() throws Exception {
        Path results = dir.resolve("results");
        RunFixture f =
                RunFixture.create(results, "eval", "20260109T101500Z-c1d2e3").runJson("eval", "default", "with-tools");
        for (int t = 0; t < 3; t++) {
            f.trace("default", "lookup", t, null);
        }
        f.score("judge.accuracy", "default", "lookup", 0, true, "ok");
        f.trace("with-tools", "lookup", 0, null).score("judge.accuracy", "with-tools", "lookup", 0, true, "ok");
        Files.writeString(
                f.runDir().resolve("results.json"),
                "{\"format\":\"mst.run/v1\",\"kind\":\"results\",\"cases\":["
                        + "{\"id\":\"lookup\",\"variant\":\"default\",\"pass\":true,\"request\":{\"input\":\"x\",\"trials\":3}},"
                        + "{\"id\":\"lookup\",\"variant\":\"with-tools\",\"pass\":true,\"request\":{\"input\":\"x\",\"trials\":1}}]}");
        readableByAll(results);
        return f;
    }

    @Test
    void aCaseVariantOrTracesFolderItCannotReadKeepsEveryTrialResultsJsonNamesInTheListingWithTheFix()
            throws Exception {
        RunFixture f = runWhoseResultsJsonNamesItsTrials();
        String[][] folders = {
            {
                "traces/default/lookup",
                "The case folder traces/default/lookup could not be read: permission denied. " + HINT,
                "3"
            },
            {"traces/default", "The variant folder traces/default could not be read: permission denied. " + HINT, "3"},
            {"traces", "The traces folder traces/ could not be read: permission denied. " + HINT, "4"},
        };
        for (String[] c : folders) {
            Path folder = f.runDir().resolve(c[0]);
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("---------"));
            locked.add(folder);
            Ended r = run("trials", f.runDir().toString(), "--json");
            assertThat(r.exit()).as(r.err()).isZero();
            List<String> unreadable = new ArrayList<>();
            int all = 0;
            for (var n : new ObjectMapper().readTree(r.out())) {
                all++;
                if (n.path("status").asText().equals("unreadable")) {
                    unreadable.add(n.path("variant").asText() + " "
                            + n.path("caseId").asText() + " #" + n.path("trial").asInt() + ": "
                            + n.path("problem").asText());
                }
            }
            assertThat(all)
                    .as(c[0] + ": every trial results.json names is listed")
                    .isEqualTo(4);
            assertThat(unreadable)
                    .as(c[0])
                    .hasSize(Integer.parseInt(c[2]))
                    .allSatisfy(p -> assertThat(p).endsWith(": " + c[1] + (ROOT ? "." : " to list its trials.")));
            assertThat(unreadable.get(0)).startsWith("default lookup #0: ");
            Ended text = run("trials", f.runDir().toString());
            assertThat(text.out()).contains(c[2] + " unreadable");
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void anArtifactsCaseFolderItCannotReadIsNamedNotTheTrialFolderBelowIt() throws Exception {
        Path results = dir.resolve("results");
        RunFixture f =
                RunFixture.create(results, "eval", "20260110T101500Z-d1e2f3").runJson("eval", "default");
        f.trace("default", "failed-one", 0, RunFixture.fields().put("error", "Task did not submit"))
                .score("judge.accuracy", "default", "failed-one", 0, false, "no");
        RunFixture.diagnosis(f.artifacts("default", "failed-one", 0), 20);
        readableByAll(results);
        Path caseFolder = f.artifacts("default", "failed-one", 0).getParent();
        Files.setPosixFilePermissions(caseFolder, PosixFilePermissions.fromString("---------"));
        locked.add(caseFolder);
        Ended text = run("trials", f.runDir().toString());
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("The folder " + caseFolder + " could not be read: permission denied. " + HINT)
                .doesNotContain(caseFolder.resolve("0") + " could not be read");
    }

    @Test
    void trialsJsonSaysADiagnosisCouldNotBeReadNotThatItIsAbsent() throws Exception {
        Path results = dir.resolve("results");
        RunFixture f =
                RunFixture.create(results, "eval", "20260111T101500Z-e1f2a3").runJson("eval", "default");
        for (String c : new String[] {"locked-folder", "readable"}) {
            f.trace("default", c, 0, RunFixture.fields().put("error", "Task did not submit"))
                    .score("judge.accuracy", "default", c, 0, false, "no");
            RunFixture.diagnosis(f.artifacts("default", c, 0), 20);
        }
        readableByAll(results);
        Path folder = f.artifacts("default", "locked-folder", 0);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("---------"));
        locked.add(folder);
        Ended json = run("trials", f.runDir().toString(), "--json");
        assertThat(json.exit()).as(json.err()).isZero();
        java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> byCase = new java.util.HashMap<>();
        for (var n : new ObjectMapper().readTree(json.out())) {
            byCase.put(n.path("caseId").asText(), n.path("diagnosis"));
        }
        assertThat(byCase.get("locked-folder").path("problem").asText())
                .isEqualTo("The artifacts folder " + folder + " could not be read: permission denied. " + HINT
                        + (ROOT ? "." : " to see the trial's failure diagnosis."));
        assertThat(byCase.get("readable").path("problem").isNull())
                .as("a diagnosis that reads has no problem")
                .isTrue();
        assertThat(byCase.get("readable").path("screenshot").asText()).endsWith("screen.png");
    }

    @Test
    void transcriptOfATraceInARunFolderItCannotEnterNamesThatFolderNotAMissingFile() throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        Path trace = runs[1].resolve("traces/default/lookup/0.json");
        Ended r = run("transcript", trace.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("mst-panel transcript: " + trace + " cannot be opened: The folder " + runs[1]
                        + " could not be read: permission denied. " + HINT + "." + System.lineSeparator())
                .doesNotContain("There is no file");

        Path own = runs[0].resolve("traces/default/lookup/0.json");
        Files.setPosixFilePermissions(own, PosixFilePermissions.fromString("---------"));
        Ended file = run("transcript", own.toString());
        assertThat(file.exit()).as(file.err()).isEqualTo(1);
        assertThat(file.err()).contains(own + " cannot be read as a trial's trace: permission denied. " + HINT + ".");
    }

    @Test
    void compareNamesTheRunFolderItCannotReadAsTheCause() throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        Ended variants = run("compare", runs[1].toString());
        assertThat(variants.exit()).as(variants.err()).isEqualTo(1);
        // said once: the folder, why and the fix (the path was said twice)
        assertThat(variants.err())
                .isEqualTo("mst-panel compare: The run folder " + runs[1] + " cannot be read: permission denied. "
                        + HINT + "." + System.lineSeparator());

        Ended two = run("compare", runs[0].toString(), runs[1].toString());
        assertThat(two.exit()).as(two.err()).isEqualTo(1);
        assertThat(two.err()).contains("cannot be read: permission denied").doesNotContain("share no variant");
    }

    @Test
    void aRunFolderBehindAFolderItCannotEnterIsSaidToBeUnreachableNotMissing() throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        Path runsFolder = runs[0].getParent();
        Files.setPosixFilePermissions(runsFolder, PosixFilePermissions.fromString("---------"));
        locked.add(runsFolder);
        Ended r = run("compare", runs[0].toString(), runs[1].toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("mst-panel compare: " + runs[0] + " cannot be reached: permission denied on " + runsFolder
                        + ". " + HINT + "." + System.lineSeparator());
        Ended trials = run("trials", runs[0].toString());
        assertThat(trials.exit()).isNotZero();
        assertThat(trials.err())
                .contains(runs[0] + " cannot be reached: permission denied on " + runsFolder)
                .doesNotContain("There is no folder");
    }

    @Test
    void aScoresFolderOrAGraderFolderItCannotReadListsItsTrialsAsUnreadableWithTheReasonNotAsUngraded()
            throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        Path scores = runs[0].resolve("scores");
        Files.setPosixFilePermissions(scores, PosixFilePermissions.fromString("---------"));
        locked.add(scores);
        Ended r = run("trials", runs[0].toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .doesNotContain("ungraded")
                .contains("unreadable")
                .contains("The scores folder scores/ could not be read: permission denied. " + HINT)
                .contains("2 unreadable");

        Files.setPosixFilePermissions(scores, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path grader = scores.resolve("judge.accuracy");
        Files.setPosixFilePermissions(grader, PosixFilePermissions.fromString("---------"));
        locked.add(grader);
        Ended json = run("trials", runs[0].toString(), "--json");
        assertThat(json.exit()).as(json.err()).isZero();
        for (var n : new ObjectMapper().readTree(json.out())) {
            assertThat(n.path("status").asText() + ": " + n.path("problem").asText())
                    .startsWith(
                            "unreadable: The score folder scores/judge.accuracy could not be read: permission denied");
        }

        Files.setPosixFilePermissions(grader, PosixFilePermissions.fromString("rwxr-xr-x"));
        Ended again = run("trials", runs[0].toString());
        assertThat(again.out())
                .as("readable again: listed as graded")
                .contains("2 passed")
                .doesNotContain("unreadable");
    }

    @Test
    void aFolderGivenDirectlyThatItCannotListSaysPermissionDeniedNotItsPathAgain() throws Exception {
        Path[] runs = twoRunsTheSecondLocked();
        // a copy whose name is not a run id: read as a results root, whose listing fails
        Path copy = dir.resolve("copy-of-run");
        Files.move(runs[1], copy);
        locked.remove(runs[1]);
        locked.add(copy);
        Ended r = run("trials", copy.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("mst-panel trials: The folder " + copy + " could not be listed: permission denied. " + HINT
                        + "." + System.lineSeparator());
    }
}
