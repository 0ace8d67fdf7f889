package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt;

/**
 * What the neighbour check remembers is bounded by {@link NeighbourCheck#NAMES}, whatever number of
 * names is refused: lock names made up at run time do not grow it. Below {@link
 * NeighbourCheck#REFUSALS} refusals in a row a name's row is never read, so no connection is needed
 * here.
 */
class NeighbourCheckTest {

  private final NeighbourCheck check =
      new NeighbourCheck(LockTable.shedLockLayout("shedlock"), () -> "test");

  @Test
  void remembersAtMostTheMostRecentlyRefusedNames() {
    for (int i = 0; i < 3 * NeighbourCheck.NAMES; i++) {
      refuse("job-" + i);
    }
    assertThat(check.rememberedNames()).isEqualTo(NeighbourCheck.NAMES);
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
