package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt;

/**
 * What the foreign clock check remembers is bounded by {@link ForeignClockCheck#NAMES}, whatever
 * number of names is refused: lock names made up at run time do not grow it. Below {@link
 * ForeignClockCheck#REFUSALS} refusals in a row a name's row is never read, so no connection is
 * needed here.
 */
class ForeignClockCheckTest {

  private final ForeignClockCheck check =
      new ForeignClockCheck(LockTable.shedLockLayout("shedlock"), () -> "test");

  @Test
  void remembersAtMostTheMostRecentlyRefusedNames() {
    for (int i = 0; i < 3 * ForeignClockCheck.NAMES; i++) {
      refuse("job-" + i);
    }
    assertThat(check.rememberedNames()).isEqualTo(ForeignClockCheck.NAMES);
  }

  @Test
  void anAttemptThatWasNotRefusedAddsNoName() {
    LockAttempt ran = LockAttempt.alreadyRan();
    assertThat(check.afterAttempt(null, null, "ran", ran)).isSameAs(ran);
    assertThat(check.rememberedNames()).isZero();
  }

  private void refuse(String name) {
    LockAttempt refused = LockAttempt.heldElsewhere();
    assertThat(check.afterAttempt(null, null, name, refused)).isSameAs(refused);
  }
}
