package org.timerlock.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrintableTest {

  @Test
  void plainTextIsKept() {
    assertThat(Printable.of("InvoiceRun.sendInvoices · Ω"))
        .isEqualTo("InvoiceRun.sendInvoices · Ω");
  }

  @Test
  void lineBreaksAndControlCharactersCannotForgeALogLine() {
    assertThat(Printable.of("job\nINFO: forged\r\tx\u0007\u2028y"))
        .isEqualTo("job\\nINFO: forged\\r\\tx\\u0007\\u2028y")
        .doesNotContain("\n", "\r", "\u2028");
  }

  @Test
  void aBackslashIsDoubledSoEscapesStayApart() {
    assertThat(Printable.of("a\\nb")).isEqualTo("a\\\\nb");
    assertThat(Printable.of("a\nb")).isNotEqualTo(Printable.of("a\\nb"));
  }

  @Test
  void nullIsPrintedAsNull() {
    assertThat(Printable.of(null)).isEqualTo("null");
  }

  @Test
  void shortenedKeepsShortTextAndCutsLongTextAfterItsStart() {
    assertThat(Printable.shortened("nightly\nexport")).isEqualTo("nightly\\nexport");
    String hundred = "n".repeat(Printable.SHORTENED_LENGTH);
    assertThat(Printable.shortened(hundred)).isEqualTo(hundred);
    assertThat(Printable.shortened(hundred + "-and-more")).isEqualTo(hundred + "...");
    assertThat(Printable.shortened(null)).isEqualTo("null");
  }

  @Test
  void shortenedNeverSplitsACharacter() {
    String faces = "\uD83D\uDE00".repeat(150);
    assertThat(Printable.shortened(faces)).isEqualTo("\uD83D\uDE00".repeat(100) + "...");
  }
}
