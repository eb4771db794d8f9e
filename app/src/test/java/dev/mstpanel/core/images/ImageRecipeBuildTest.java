package dev.mstpanel.core.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.mst.OutputListener;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recipe built on a real engine from a local base image tagged as MST's image, and listed as built from it. */
class ImageRecipeBuildTest {
    @TempDir
    Path home;

    @Test
    void theGradingRecipeTakesMstsTagAndAddsTheJudgeSdks() throws Exception {
        RecipeCatalog catalog = new RecipeCatalog(TestEngines.projectRoot().resolve("images"));
        ImageRecipe grading = catalog.recipes().stream()
                .filter(r -> r.name().equals("grading"))
                .findFirst()
                .orElseThrow();
        assertThat(grading.from()).isEqualTo("mst-cowork-linux:${BASE_TAG}");
        assertThat(grading.args()).contains("BASE_TAG", "BASE_USER");
        assertThat(grading.basedOnMstImage()).isTrue();
        assertThat(grading.summary()).contains("openai").contains("@anthropic-ai/claude-agent-sdk");
        assertThat(Files.readString(grading.folder().resolve("Dockerfile")))
                .contains("RUN npm install -g openai @anthropic-ai/claude-agent-sdk");
        assertThat(grading.defaultTag("2.0.0")).isEqualTo("mst-grading:2.0.0");
    }

    @Test
    void buildsARecipeOnAnEngineFromALocalBaseImage() throws Exception {
        HostEnvironment env = TestEngines.environment(home);
        DockerContext engine2 = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> c.name().equals("engine-2"))
                        .findFirst()
                        .orElseThrow();
        String baseTag = "t" + UUID.randomUUID().toString().substring(0, 8);
        String base = "mst-cowork-linux:" + baseTag;
        String out = "mst-judge:" + baseTag;
        Path recipe = Files.createDirectories(home.resolve("recipes/judge"));
        Files.writeString(
                recipe.resolve("Dockerfile"),
                String.join(
                        "\n",
                        "ARG BASE_TAG",
                        "FROM mst-cowork-linux:${BASE_TAG}",
                        "ARG BASE_USER=root",
                        "USER root",
                        "RUN echo judge-sdks > /judge.txt",
                        "USER ${BASE_USER}",
                        ""));
        Files.writeString(recipe.resolve("README.md"), "# judge\n\nA test recipe.\n");
        EngineContainers.docker(List.of("docker", "--context", "engine-2", "tag", "mst-test/base:1", base));
        CommandRunner runner = new CommandRunner(env);
        DockerCli cli = new DockerCli(runner);
        ImageBuilds builds = new ImageBuilds(new ProcessSupervisor(), runner, cli, home.resolve("logs"));
        try {
            BuildPlan plan = builds.recipePlan(engine2, ImageRecipe.read(recipe), baseTag, out, "none");
            assertThat(plan.argv()).contains("--build-arg", "BASE_TAG=" + baseTag, "--tag", out);
            if (!builds.buildKitAvailable()) {
                assertThat(plan.extraEnvironment()).containsEntry("DOCKER_BUILDKIT", "0");
                assertThat(plan.note()).contains("legacy builder (DOCKER_BUILDKIT=0)");
            }
            List<String> lines = new CopyOnWriteArrayList<>();
            ProcessSupervisor.SupervisedProcess p = builds.start(plan, new OutputListener() {
                @Override
                public void onLine(Stream stream, String line) {
                    lines.add(line);
                }
            });
            int code = p.exitCode().get(120, TimeUnit.SECONDS);
            assertThat(code).as(String.join("\n", lines)).isZero();
            assertThat(lines.stream().anyMatch(l -> BuildProgress.step(l) != null))
                    .as(String.join("\n", lines))
                    .isTrue();
            assertThat(EngineContainers.docker(List.of(
                                    "docker",
                                    "--context",
                                    "engine-2",
                                    "run",
                                    "--rm",
                                    "--network",
                                    "none",
                                    out,
                                    "cat",
                                    "/judge.txt"))
                            .strip())
                    .isEqualTo("judge-sdks");
            assertThat(Files.readString(plan.logFile())).contains("judge-sdks");

            try (MstImages images = new MstImages(DockerClientFactory.standard(HostEnvironment.fromSystem()))) {
                ContextImages listed = images.list(List.of(engine2), baseTag, Duration.ofSeconds(5))
                        .get(0);
                MstImage built = listed.images().stream()
                        .filter(i -> i.tags().contains(out))
                        .findFirst()
                        .orElseThrow();
                assertThat(built.derived()).isTrue();
                assertThat(built.base()).isEqualTo(base);
                assertThat(built.matchesMst()).isTrue();
                assertThat(listed.images().stream()
                                .filter(i -> i.tags().contains(base))
                                .findFirst()
                                .orElseThrow()
                                .matchesMst())
                        .isTrue();
                FamilyState cowork = listed.states().stream()
                        .filter(s -> s.family() == ImageFamily.COWORK)
                        .findFirst()
                        .orElseThrow();
                assertThat(cowork.status()).isEqualTo(FamilyState.Status.CURRENT);
                ContextImages stale = images.list(List.of(engine2), "99.0.0", Duration.ofSeconds(5))
                        .get(0);
                FamilyState old = stale.states().stream()
                        .filter(s -> s.family() == ImageFamily.COWORK)
                        .findFirst()
                        .orElseThrow();
                assertThat(old.status()).isEqualTo(FamilyState.Status.STALE);
                assertThat(old.message())
                        .startsWith("rebuild after upgrading MST")
                        .contains("MST is 99.0.0");
                FamilyState chatgpt = stale.states().stream()
                        .filter(s -> s.family() == ImageFamily.CHATGPT)
                        .findFirst()
                        .orElseThrow();
                assertThat(chatgpt.message()).isEqualTo("not built yet");
                assertThat(chatgpt.action()).isEqualTo("Build");
            }
        } finally {
            EngineContainers.docker(List.of("docker", "--context", "engine-2", "image", "rm", "-f", out, base));
        }
    }

    @Test
    void refusesBadTagsAndAMissingBaseImage() throws Exception {
        HostEnvironment env = TestEngines.environment(home);
        DockerContext engine1 = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> c.name().equals("engine-1"))
                        .findFirst()
                        .orElseThrow();
        CommandRunner runner = new CommandRunner(env);
        ImageBuilds builds = new ImageBuilds(new ProcessSupervisor(), runner, new DockerCli(runner), home);
        ImageRecipe grading = ImageRecipe.read(TestEngines.projectRoot().resolve("images/grading"));
        assertThatThrownBy(() -> builds.recipePlan(engine1, grading, "1;rm -rf /", "mst-grading:x", null))
                .hasMessageContaining("is not an image tag");
        assertThatThrownBy(() -> builds.recipePlan(engine1, grading, "1.0", "Bad Tag", null))
                .hasMessageContaining("is not an image name");
        assertThatThrownBy(() -> builds.recipePlan(engine1, grading, "0.0.0-none", "mst-grading:x", null))
                .hasMessageContaining("mst-cowork-linux:0.0.0-none is not on engine-1");
    }
}
