package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The messages the docs quote are messages the code writes: every inline quote that starts with a
 * message code ({@code `TIMERLOCK-nnn ...`}), and every message quoted in a code's row of the
 * troubleshooting tables, and every line of a {@code text} block that starts with a code, is
 * checked piece by piece against the string literals of the main sources ({@link
 * MessageTemplates}). The docs' own ellipses ({@code ...}, {@code …}) and placeholders ({@code
 * <name>}) separate the pieces; example values within a piece are allowed where the code inserts a
 * value. A message reworded in the code, or paraphrased in the docs, fails here.
 */
class QuotedMessagesTest {

  private static final Path ROOT = Markdown.repositoryRoot();

  private static final List<String> MODULES =
      List.of("core", "cdi-extension", "providers/jdbc", "providers/redis", "console");

  private static final Pattern CODED_QUOTE = Pattern.compile("^TIMERLOCK-\\d{3} (.+)$");

  /** A row of the troubleshooting tables: code, then the messages of that code. */
  private static final Pattern TABLE_ROW = Pattern.compile("^\\| TIMERLOCK-\\d{3} \\| (.*?) \\|");

  private static final Pattern INLINE = Pattern.compile("`([^`]+)`");

  private static final Pattern ELLIPSIS = Pattern.compile("\\.\\.\\.|…|<[^>]*>");

  private static final MessageTemplates CODE = MessageTemplates.of(ROOT, MODULES);

  @Test
  void everyQuotedMessageIsOneTheCodeWrites() {
    List<String> unknown = new ArrayList<>();
    int checked = 0;
    for (Markdown document : Markdown.projectDocuments(ROOT)) {
      for (Quote quote : quotes(document)) {
        for (String piece : pieces(quote.text())) {
          checked++;
          if (!CODE.canProduce(piece)) {
            unknown.add(quote.where() + ": \"" + piece + "\"");
          }
        }
      }
    }
    assertThat(checked).as("pieces of quoted messages found in the docs").isGreaterThan(100);
    assertThat(unknown)
        .as("quoted message texts that no message of the code produces; quote the code's text")
        .isEmpty();
  }

  @Test
  void theCheckTellsAMessageFromAParaphrase() {
    assertThat(CODE.canProduce("was released by an operator on node app-1:5120")).isTrue();
    assertThat(CODE.canProduce("TimerLock: lock 'nightly-report' was freed by an operator"))
        .isFalse();
    assertThat(CODE.canProduce("has no columns last_fire and fencing_token")).isTrue();
    assertThat(CODE.canProduce("Lock table shedlock has no column last_fire and")).isFalse();
  }

  @Test
  void gapsStandForValuesNotForSentences() {
    String template =
        MessageTemplates.templatesOf("x(\"Lock '\" + name + \"' is held by \" + owner);").get(0);
    assertThat(MessageTemplates.produces(template, "Lock 'report' is held by app-1")).isTrue();
    assertThat(MessageTemplates.produces(template, "Lock 'report' is owned by app-1")).isFalse();
    assertThat(
            MessageTemplates.produces(
                template, "Lock 'a b c d e f g h i j k l m n o p q r s' is held by x"))
        .as("a gap of more than a value")
        .isFalse();
  }

  private static List<Quote> quotes(Markdown document) {
    List<Quote> quotes = new ArrayList<>();
    for (Markdown.InlineCode code : document.inlineCode()) {
      Matcher coded = CODED_QUOTE.matcher(code.text().strip().replaceAll("\\s+", " "));
      if (coded.matches()) {
        quotes.add(new Quote(document.name() + ":" + code.line(), coded.group(1)));
      }
    }
    for (Markdown.CodeBlock block : document.codeBlocks("text")) {
      for (int k = 0; k < block.lines().size(); k++) {
        Matcher coded = CODED_QUOTE.matcher(block.lines().get(k).strip());
        if (coded.matches()) {
          quotes.add(new Quote(document.name() + ":" + block.documentLine(k), coded.group(1)));
        }
      }
    }
    for (int line = 0; line < document.lines().size(); line++) {
      Matcher row = TABLE_ROW.matcher(document.lines().get(line));
      if (row.find()) {
        Matcher inline = INLINE.matcher(row.group(1));
        while (inline.find()) {
          quotes.add(new Quote(document.name() + ":" + (line + 1), inline.group(1)));
        }
      }
    }
    return quotes;
  }

  private static List<String> pieces(String quote) {
    return Arrays.stream(ELLIPSIS.split(quote.replaceAll("\\s+", " ")))
        .map(String::strip)
        .filter(piece -> piece.length() >= 8)
        .toList();
  }

  private record Quote(String where, String text) {}
}
