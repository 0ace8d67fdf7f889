package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;

/** Taking, refusing and releasing locks. */
public interface BasicLockingContract extends ProviderFixture {

  /** Long enough never to expire during a test. */
  Duration HELD = Duration.ofMinutes(5);

  /** A lock can be taken, and once released it can be taken by another node. */
  @Test
  default void acquireThenRelease() {
    LockConfiguration config = lockFor("basic", HELD);

    Optional<SimpleLock> lock = provider().lock(config);
    assertThat(lock).as("first acquisition of a free name").isPresent();
    lock.get().unlock();

    Optional<SimpleLock> again = otherNode().lock(config);
    assertThat(again).as("acquisition by another node after release").isPresent();
    again.get().unlock();
  }

  /** A held name is refused to the same node and to any other node. */
  @Test
  default void heldNameIsRefused() {
    LockConfiguration config = lockFor("held", HELD);
    SimpleLock lock = provider().lock(config).orElseThrow();
    try {
      assertThat(provider().lock(config)).as("same node, name held").isEmpty();
      assertThat(otherNode().lock(config)).as("other node, name held").isEmpty();
    } finally {
      lock.unlock();
    }
  }

  /** Holding one name does not block another. */
  @Test
  default void namesAreIndependent() {
    SimpleLock first = provider().lock(lockFor("first", HELD)).orElseThrow();
    try {
      Optional<SimpleLock> second = otherNode().lock(lockFor("second", HELD));
      assertThat(second).as("a different name while the first is held").isPresent();
      second.get().unlock();
    } finally {
      first.unlock();
    }
  }

  /** Release really frees the name at once: ten acquisitions in a row, alternating nodes. */
  @Test
  default void reacquireRightAfterReleaseTenTimes() {
    LockConfiguration config = lockFor("again", HELD);
    for (int i = 0; i < 10; i++) {
      var node = i % 2 == 0 ? provider() : otherNode();
      Optional<SimpleLock> lock = node.lock(config);
      assertThat(lock).as("acquisition #%d right after the previous release", i + 1).isPresent();
      lock.get().unlock();
    }
  }

  /** Releasing twice is harmless and does not free a lock someone else took in between. */
  @Test
  default void secondReleaseIsHarmless() {
    LockConfiguration config = lockFor("twice", HELD);
    SimpleLock first = provider().lock(config).orElseThrow();
    first.unlock();
    SimpleLock second = otherNode().lock(config).orElseThrow();
    try {
      first.unlock();
      assertThat(provider().lock(config))
          .as("a stale second release must not free the new holder's lock")
          .isEmpty();
    } finally {
      second.unlock();
    }
  }

  /** Fencing tokens, where a provider has them, grow with every acquisition of a name. */
  @Test
  default void fencingTokensGrow() {
    LockConfiguration config = lockFor("fencing", HELD);
    SimpleLock first = provider().lock(config).orElseThrow();
    first.unlock();
    SimpleLock second = otherNode().lock(config).orElseThrow();
    second.unlock();
    if (first.fencingToken().isPresent()) {
      assertThat(second.fencingToken()).isPresent();
      assertThat(second.fencingToken().getAsLong())
          .as("token of the later acquisition")
          .isGreaterThan(first.fencingToken().getAsLong());
    } else {
      assertThat(second.fencingToken()).as("a provider has tokens always or never").isEmpty();
    }
  }
}
