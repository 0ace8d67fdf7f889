package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.timerlock.docs.Markdown.CodeBlock;

/**
 * Every {@code java} block of the README and of {@code docs/} compiles against TimerLock's modules
 * and the server APIs, completed as {@link JavaSnippet} describes.
 */
class JavaBlocksTest {

  @Test
  void everyJavaBlockOfTheDocsCompiles() {
    List<CodeBlock> blocks =
        Markdown.projectDocuments(Markdown.repositoryRoot()).stream()
            .flatMap(d -> d.codeBlocks("java").stream())
            .toList();
    // The docs have Java blocks: finding none means they were not found.
    assertThat(blocks).hasSizeGreaterThan(10);

    List<String> problems =
        SnippetCompiler.againstTestClassPath(Path.of("target", "docs-snippets")).compile(blocks);

    assertThat(problems)
        .withFailMessage(
            "Java blocks of the docs that do not compile (the conventions for fragments are in"
                + " JavaSnippet):%n%s",
            String.join(System.lineSeparator(), problems))
        .isEmpty();
  }
}
