package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Reading the schema search path back from the statement H2 2.x shows in SESSION_STATE. */
class H2SearchPathTest {

  @Test
  void quotedIdentifiersInOrder() {
    assertThat(H2Dialect.quotedIdentifiers("SET SCHEMA_SEARCH_PATH \"B\", \"a b\", \"PUBLIC\""))
        .containsExactly("B", "a b", "PUBLIC");
  }

  @Test
  void doubledQuotesAreOneQuote() {
    assertThat(H2Dialect.quotedIdentifiers("SET SCHEMA_SEARCH_PATH \"x\"\"y\", \"Z\""))
        .containsExactly("x\"y", "Z");
  }

  @Test
  void nothingToRead() {
    assertThat(H2Dialect.quotedIdentifiers(null)).isEmpty();
    assertThat(H2Dialect.quotedIdentifiers("SET SCHEMA_SEARCH_PATH \"unterminated")).isEmpty();
  }
}
