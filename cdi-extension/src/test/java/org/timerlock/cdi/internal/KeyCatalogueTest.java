package org.timerlock.cdi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.timerlock.core.spi.ConfigKey;

class KeyCatalogueTest {

  private final KeyCatalogue catalogue = KeyCatalogue.load();

  @Test
  void spellsKeysAsMicroProfileConfigLooksThemUpInTheEnvironment() {
    assertThat(KeyCatalogue.environmentSpelling("timerlock.default.lock-at-least-for"))
        .isEqualTo("TIMERLOCK_DEFAULT_LOCK_AT_LEAST_FOR");
    assertThat(
            KeyCatalogue.environmentSpelling(
                "timerlock.lock.\"InvoiceRun.sendInvoices\".lock-at-most-for"))
        .isEqualTo("TIMERLOCK_LOCK__INVOICERUN_SENDINVOICES__LOCK_AT_MOST_FOR");
  }

  @Test
  void suggestsTheNearestKeyOnlyWhenItIsClose() {
    assertThat(catalogue.nearest("timerlock.recording.tabel-name"))
        .contains("timerlock.recording.table-name");
    assertThat(catalogue.nearest("timerlock.needs-endpoint.sentinel.nodez"))
        .contains("timerlock.needs-endpoint.sentinel.nodes");
    assertThat(catalogue.nearest("timerlock.something-else-entirely")).isEmpty();
  }

  @Test
  void listsEveryKeyOnceWithADescription() {
    assertThat(catalogue.entries()).extracting(ConfigKey::name).doesNotHaveDuplicates();
    assertThat(catalogue.entries())
        .extracting(ConfigKey::name)
        .contains(
            "timerlock.provider",
            "timerlock.enabled",
            "timerlock.lock.\"<name>\".enabled",
            "timerlock.recording.table-name",
            "timerlock.needs-endpoint.key-prefix");
    assertThat(catalogue.entries()).allSatisfy(k -> assertThat(k.description()).isNotBlank());
  }
}
