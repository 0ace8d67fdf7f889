package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;

/** Lock names are data: any text up to the store's limit, stored and compared exactly. */
public interface NameContract extends ProviderFixture {

  /** The longest name tried on stores without a limit. */
  int UNBOUNDED_TRY = 1000;

  /** A name exactly as long as {@link org.timerlock.core.LockProvider#maxNameLength()} works. */
  @Test
  default void nameAtTheLengthLimit() {
    int limit = Math.min(provider().maxNameLength(), UNBOUNDED_TRY);
    String unique = uniqueName("max");
    assertThat(unique.length())
        .as("the store's limit leaves room for a test name")
        .isLessThan(limit);
    String name = unique + "x".repeat(limit - unique.length());
    assertExclusive(name);
  }

  /** Names are whatever text the user chose, quotes and store syntax included. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "Rechnungslauf-nächtlich-請求書-🧾",
        "it's \"quoted\"; DROP TABLE shedlock; --",
        "redis:meta*chars?[a-z]{1}\\",
        "percent%_under\\score",
        "new\nline\ttab",
        "   leading and trailing spaces   "
      })
  default void unusualNamesWork(String text) {
    assertExclusive(uniqueName("n") + text);
  }

  /** Names differing only in letter case or a trailing space are different locks. */
  @Test
  default void namesAreComparedExactly() {
    String base = uniqueName("Case");
    SimpleLock upper =
        provider()
            .lock(LockConfiguration.of(base + "Job", BasicLockingContract.HELD))
            .orElseThrow();
    try {
      for (String variant : new String[] {base + "job", base + "JOB", base + "Job "}) {
        Optional<SimpleLock> other =
            otherNode().lock(LockConfiguration.of(variant, BasicLockingContract.HELD));
        assertThat(other).as("'%s' is a different lock from '%sJob'", variant, base).isPresent();
        other.get().unlock();
      }
    } finally {
      upper.unlock();
    }
  }

  private void assertExclusive(String name) {
    LockConfiguration config = LockConfiguration.of(name, Duration.ofMinutes(5));
    SimpleLock lock =
        provider()
            .lock(config)
            .orElseThrow(() -> new AssertionError("could not lock a free name: " + name));
    try {
      assertThat(otherNode().lock(config)).as("held name '%s' refused", name).isEmpty();
    } finally {
      lock.unlock();
    }
    Optional<SimpleLock> again = otherNode().lock(config);
    assertThat(again).as("name '%s' free after release", name).isPresent();
    again.get().unlock();
  }
}
