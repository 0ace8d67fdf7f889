package org.timerlock.cdi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LockKeysTest {

  @Test
  void readsBackTheKeyItWrites() {
    for (LockKeys property : LockKeys.values()) {
      assertThat(LockKeys.parse(property.key("InvoiceRun.sendInvoices")))
          .contains(new LockKeys.LockKey("InvoiceRun.sendInvoices", property.property(), property));
    }
    assertThat(LockKeys.parse("timerlock.lock.\"a\".colour"))
        .contains(new LockKeys.LockKey("a", "colour", null));
    assertThat(LockKeys.parse("timerlock.lock.a.enabled")).isEmpty();
  }

  @Test
  void takesAPerLockVariableApartInAnySpellingASourceListsItWith() {
    for (String listed :
        new String[] {
          "TIMERLOCK_LOCK__INVOICERUN_SENDINVOICES__LOCK_AT_MOST_FOR",
          "timerlock.lock.\"invoicerun.sendinvoices\".lock.at.most.for",
          "timerlock_lock__invoicerun_sendinvoices__lock_at_most_for"
        }) {
      assertThat(LockKeys.parseEnvironment(listed))
          .as(listed)
          .contains(
              new LockKeys.LockKey(
                  "INVOICERUN_SENDINVOICES", "lock-at-most-for", LockKeys.LOCK_AT_MOST_FOR));
    }
    assertThat(LockKeys.parseEnvironment("TIMERLOCK_LOCK__A__COLOUR")).isEmpty();
  }

  @Test
  void suggestsTheNearestLockProperty() {
    assertThat(LockKeys.nearestProperty("lock-at-most")).contains("lock-at-most-for");
  }
}
