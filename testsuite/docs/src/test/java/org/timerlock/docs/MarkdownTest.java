package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.timerlock.docs.Markdown.CodeBlock;
import org.timerlock.docs.Markdown.InlineCode;

/** What the checks read of a document: its code blocks and its inline code. */
class MarkdownTest {

  private static final Markdown DOC =
      Markdown.of(
          "docs/sample.md",
          """
          # Sample

          Set `timerlock.provider` to `redis`; a span may wrap `across
          lines` and ``a `tick` inside``.

          ```properties
          timerlock.provider=redis
          ```

          1. In a list:

             ```java
             void run() { ... }
             ```

          ```
          `timerlock.not.inline` in a plain block
          ```
          """);

  @Test
  void codeBlocksHaveTheirLanguageLineAndUnindentedLines() {
    List<CodeBlock> blocks = DOC.codeBlocks();

    assertThat(blocks).extracting(CodeBlock::language).containsExactly("properties", "java", "");
    assertThat(blocks).extracting(CodeBlock::fenceLine).containsExactly(6, 12, 16);
    assertThat(blocks.get(1).lines()).containsExactly("void run() { ... }");
    assertThat(blocks.get(1).documentLine(0)).isEqualTo(13);
    assertThat(blocks.get(1).where()).isEqualTo("docs/sample.md:12 (java block)");
  }

  @Test
  void inlineCodeOutsideTheBlocks() {
    assertThat(DOC.inlineCode())
        .containsExactly(
            new InlineCode("docs/sample.md", 3, "timerlock.provider"),
            new InlineCode("docs/sample.md", 3, "redis"),
            new InlineCode("docs/sample.md", 3, "across lines"),
            new InlineCode("docs/sample.md", 4, "a `tick` inside"));
  }

  @Test
  void aBlockThatIsNeverClosedIsAnError() {
    Markdown open = Markdown.of("README.md", "text\n```java\nvoid run() {}\n");

    assertThatThrownBy(open::codeBlocks)
        .hasMessage("README.md:2: the code block opened here is never closed");
  }

  @Test
  void theProjectsDocumentsAreFound() {
    assertThat(Markdown.projectDocuments(Markdown.repositoryRoot()))
        .extracting(Markdown::name)
        .contains("README.md", "docs/configuration.md", "docs/providers/jdbc.md");
  }
}
