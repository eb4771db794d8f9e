package dev.mstpanel.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The house's rules, checked on the compiled main classes (tests are left out): the layers (cli and ui over
 * core, core over nothing of theirs and no JavaFX, so the headless commands and core's tests run without a
 * display), no package that imports itself back through others, and the rooms that alone may start
 * processes, open file choosers and write to the process's stdout and stderr.
 */
class ArchitectureTest {
    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.mstpanel");
    }

    @Test
    void coreUsesNeitherTheWindowNorTheCommandsNorJavafx() {
        noClasses()
                .that()
                .resideInAPackage("dev.mstpanel.core..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.mstpanel.ui..", "dev.mstpanel.cli..", "javafx..")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("dev.mstpanel.Main")
                .check(main);
    }

    @Test
    void theWindowAndTheCommandsAreTwinsThatNeverUseEachOther() {
        noClasses()
                .that()
                .resideInAPackage("dev.mstpanel.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.mstpanel.ui..")
                .check(main);
        noClasses()
                .that()
                .resideInAPackage("dev.mstpanel.ui..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.mstpanel.cli..")
                .check(main);
    }

    @Test
    void loggingIsTheGroundFloor() {
        noClasses()
                .that()
                .resideInAPackage("dev.mstpanel.logging..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.mstpanel.core..", "dev.mstpanel.ui..", "dev.mstpanel.cli..")
                .check(main);
    }

    @Test
    void noPackageImportsItselfBackThroughOthers() {
        slices().matching("dev.mstpanel.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void processesAreStartedOnlyInTheHostAndEngineRooms() {
        // core/startup starts the JVM once to write its class-data archive: a process of its own kind
        noClasses()
                .that()
                .resideOutsideOfPackages(
                        "dev.mstpanel.core.shell..",
                        "dev.mstpanel.core.docker..",
                        "dev.mstpanel.core.mst..",
                        "dev.mstpanel.core.startup..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName(ProcessBuilder.class.getName())
                .orShould()
                .callMethod(Runtime.class, "exec", String.class)
                .orShould()
                .callMethod(Runtime.class, "exec", String[].class)
                .check(main);
    }

    @Test
    void fileChoosersAreOpenedOnlyByTheDialogService() {
        // one place builds them, so every chooser gets its owner window and the same handling of a cancel
        noClasses()
                .that()
                .haveNameNotMatching(room("dev.mstpanel.ui.common.DialogService"))
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("javafx.stage.FileChooser")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("javafx.stage.DirectoryChooser")
                .check(main);
    }

    @Test
    void onlyTheCommandsMainAndLoggingWriteToStdoutAndStderr() {
        // App prints the first frame's time for the start-up benchmark; ProbeContainers' shutdown hook says a
        // check container was left when logging may already be gone
        noClasses()
                .that()
                .resideOutsideOfPackages("dev.mstpanel.cli..", "dev.mstpanel.logging..")
                .and()
                .haveNameNotMatching(room("dev.mstpanel.Main"))
                .and()
                .haveNameNotMatching(room("dev.mstpanel.ui.App"))
                .and()
                .haveNameNotMatching(room("dev.mstpanel.core.doctor.ProbeContainers"))
                .should()
                .accessField(System.class, "out")
                .orShould()
                .accessField(System.class, "err")
                .check(main);
    }

    /** A class's name with its nested and anonymous classes (lambdas compile into the class itself). */
    private static String room(String className) {
        return java.util.regex.Pattern.quote(className) + "(\\$.*)?";
    }
}
