package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.timerlock.docs.JavaSnippet.Kind;

/** The completion of fragments, and that a block that does not compile is reported precisely. */
class SnippetCompilerTest {

  @TempDir Path classes;

  @Test
  void aBrokenBlockIsReportedWithItsDocumentItsLineAndTheCompilersMessage() {
    Markdown doc =
        Markdown.of(
            "docs/broken.md",
            """
            # Broken

            Some text.

            ```java
            LockConfiguration c = LockConfiguration.of("report", Duration.ofMinutes(10));
            c.lockAtMostFor(42);
            ```
            """);

    List<String> problems = compile(doc);

    assertThat(problems).hasSize(1);
    assertThat(problems.get(0))
        .startsWith("docs/broken.md:5 (java block), line 7: ")
        .contains("lockAtMostFor")
        .contains("c.lockAtMostFor(42);");
  }

  @Test
  void anUndeclaredNameIsAnError() {
    Markdown doc =
        Markdown.of(
            "README.md",
            """
               ```java
               new DefaultLockingTaskExecutor(jdbcProvider);
               ```
            """);

    assertThat(compile(doc))
        .singleElement()
        .asString()
        .startsWith("README.md:1 (java block), line 2: ")
        .contains("cannot find symbol")
        .contains("jdbcProvider");
  }

  @Test
  void aBlockInAListItemIsRead() {
    Markdown doc =
        Markdown.of(
            "README.md",
            """
            1. Annotate the job:

               ```java
               @Singleton
               public class InvoiceRun {
                 @Schedule(hour = "2", persistent = false)
                 @SchedulerLock(lockAtMostFor = "30m", lockAtLeastFor = "1m")
                 void sendInvoices() { ... }
               }
               ```
            """);

    assertThat(compile(doc)).isEmpty();
  }

  @Test
  void eachKindOfFragmentCompiles() {
    Markdown doc =
        Markdown.of(
            "docs/kinds.md",
            """
            ```java
            LockingTaskExecutor executor = new DefaultLockingTaskExecutor(provider);
            executor.executeWithLock(() -> {}, LockConfiguration.of("a", Duration.ofMinutes(1)));
            ```

            ```java
            @Inject LockedTasks lockedTasks;

            String report() { ... }
            ```

            ```java
            @SchedulerLock(lockAtMostFor = "4m")
            public void purge() { ... }
            ```

            ```java
            import jakarta.enterprise.concurrent.Asynchronous;
            import jakarta.enterprise.concurrent.Schedule;

            @ApplicationScoped
            public class Cleanup {
              @Asynchronous(runAt = @Schedule(cron = "0 */5 * * * *"))
              @SchedulerLock(lockAtMostFor = "4m")
              public void purge() { ... }
            }
            ```
            """);

    assertThat(compile(doc)).isEmpty();
  }

  @Test
  void deprecatedAndRawUsesAreErrors() {
    Markdown doc =
        Markdown.of(
            "docs/raw.md",
            """
            ```java
            List list = new ArrayList();
            ```
            """);

    assertThat(compile(doc)).anyMatch(p -> p.contains("raw type"));
  }

  @Test
  void theKindsFollowTheDocumentedRules() {
    assertThat(JavaSnippet.kindOf(List.of("@Singleton", "public class A {}")))
        .isEqualTo(Kind.COMPILATION_UNIT);
    assertThat(JavaSnippet.kindOf(List.of("record Report(String text) {}")))
        .isEqualTo(Kind.COMPILATION_UNIT);
    assertThat(JavaSnippet.kindOf(List.of("// a comment", "void onLock(@Observes LockEvent e) {")))
        .isEqualTo(Kind.MEMBERS);
    assertThat(JavaSnippet.kindOf(List.of("@Inject LockedTasks lockedTasks;")))
        .isEqualTo(Kind.MEMBERS);
    assertThat(JavaSnippet.kindOf(List.of("private final Clock clock = Clock.systemUTC();")))
        .isEqualTo(Kind.MEMBERS);
    assertThat(JavaSnippet.kindOf(List.of("TaskResult<String> r = executor.executeWithLock(")))
        .isEqualTo(Kind.STATEMENTS);
    assertThat(JavaSnippet.kindOf(List.of("executor.executeWithLock(task, c);")))
        .isEqualTo(Kind.STATEMENTS);
    assertThat(JavaSnippet.kindOf(List.of("new Thread(task).start();"))).isEqualTo(Kind.STATEMENTS);
    assertThat(JavaSnippet.kindOf(List.of("  class Indented {}", "var x = 1;")))
        .isEqualTo(Kind.STATEMENTS);
  }

  @Test
  void theBlocksOwnImportReplacesTheStandardImportOfTheSameName() {
    Markdown doc =
        Markdown.of(
            "docs/imports.md",
            """
            ```java
            import jakarta.inject.Named;

            @Named("jobs") String name;
            ```
            """);
    JavaSnippet snippet = JavaSnippet.of(doc.codeBlocks().get(0));

    assertThat(snippet.source())
        .containsOnlyOnce("import jakarta.inject.Named;")
        .contains("package snippets.docs_imports_md.line1;");
    assertThat(compile(doc)).isEmpty();
  }

  private List<String> compile(Markdown doc) {
    return SnippetCompiler.againstTestClassPath(classes).compile(doc.codeBlocks("java"));
  }
}
