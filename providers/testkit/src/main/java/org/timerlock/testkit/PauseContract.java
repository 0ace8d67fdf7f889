package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPause;
import org.timerlock.core.spi.HistorySettings;

/**
 * An operator's pause ({@link LockAdmin#pause}, {@link LockAdmin#resume}): kept in the store, so
 * every node, also one started later, is refused with {@link Outcome#PAUSED} until the pause is
 * resumed or its end passes by the store's clock; a fire refused while paused is not consumed. Part
 * of {@link LockAdminContract}.
 */
public interface PauseContract extends ProviderFixture {

  /** Long enough never to expire during a test. */
  Duration LEASE = Duration.ofMinutes(5);

  /** A scheduled fire, far from any real time. */
  Instant PAUSED_FIRE = Instant.parse("2030-09-01T02:00:00Z");

  private LockAdmin pauses() {
    return provider()
        .admin()
        .orElseThrow(() -> new AssertionError(provider() + " has no lock admin"));
  }

  /** A paused lock is refused to every node, shows its pause, and is free again once resumed. */
  @Test
  default void aPausedLockIsRefusedOnEveryNodeUntilResumed() {
    LockConfiguration config = lockFor("pause", LEASE);
    provider().lock(config).orElseThrow().unlock();

    LockInfo paused = pauses().pause(config.name(), null, "ops-alice");
    assertThat(paused.pause()).as("the pause returned").isEqualTo(new LockPause(null, "ops-alice"));

    assertThat(otherNode().tryLock(config).outcome()).as("another node").isEqualTo(Outcome.PAUSED);
    assertThat(provider().tryLock(config).outcome()).as("this node").isEqualTo(Outcome.PAUSED);
    LockInfo seen = otherNode().admin().orElseThrow().find(config.name()).orElseThrow();
    assertThat(seen.paused()).as("paused, seen from the other node: " + seen).isTrue();
    assertThat(seen.pause().by()).isEqualTo("ops-alice");
    assertThat(seen.pause().endsAt()).as("an open-ended pause").isEmpty();
    assertThat(seen.held()).as("a refusal takes nothing: " + seen).isFalse();

    assertThat(pauses().resume(config.name(), "ops-bob")).as("resumed").isTrue();
    assertThat(pauses().resume(config.name(), "ops-bob")).as("resumed twice").isFalse();
    assertThat(pauses().find(config.name()).orElseThrow().pause()).as("after resume").isNull();
    otherNode().lock(config).orElseThrow().unlock();
  }

  /**
   * A pause with an end refuses the lock until that end, by the store's clock, and then lets it be
   * taken without a resume; it reads back with its author and end.
   */
  @Test
  default void aPauseEndsByItselfAtItsEnd() {
    LockConfiguration neverPaused = lockFor("pause-never", LEASE);
    Polling.untilConclusive(
        "a refusal within the two seconds of a pause",
        () -> {
          LockConfiguration attempt = lockFor("pause-until", LEASE);
          long start = System.nanoTime();
          Instant until = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.MILLIS);
          pauses().pause(attempt.name(), until, "deploy-42");
          LockInfo seen = otherNode().admin().orElseThrow().find(attempt.name()).orElseThrow();
          Outcome refused = otherNode().tryLock(attempt).outcome();
          if (!Polling.within(start, Duration.ofMillis(1_500))) {
            return false; // stalled: the pause may have ended before it was read
          }
          assertThat(seen.pause()).as("read back").isEqualTo(new LockPause(until, "deploy-42"));
          assertThat(refused).as("before the end").isEqualTo(Outcome.PAUSED);
          Optional<SimpleLock> after =
              Polling.lockWithin(otherNode(), attempt, Duration.ofSeconds(30));
          assertThat(after).as("taken after the pause ended, without a resume").isPresent();
          after.get().unlock();
          assertThat(pauses().find(attempt.name()).orElseThrow().pause())
              .as("an ended pause is no longer shown")
              .isNull();
          return true;
        });
    assertThat(pauses().resume(neverPaused.name(), "ops")).as("a name never paused").isFalse();
  }

  /** A name that never ran can be paused; it is then found, paused and free, and refused. */
  @Test
  default void aNameThatNeverRanCanBePaused() {
    LockConfiguration config = lockFor("pause-new", LEASE);
    pauses().pause(config.name(), null, "ops");

    LockInfo found = pauses().find(config.name()).orElseThrow();
    assertThat(found.paused()).as(found.toString()).isTrue();
    assertThat(found.held()).isFalse();
    assertThat(found.lastRun()).isNull();
    assertThat(otherNode().tryLock(config).outcome()).isEqualTo(Outcome.PAUSED);

    assertThat(pauses().resume(config.name(), "ops")).isTrue();
    otherNode().lock(config).orElseThrow().unlock();
  }

  /** A pause lives in the store: a node started after it is refused as well. */
  @Test
  default void aPauseOutlivesTheProviderInstance() throws Exception {
    LockConfiguration config = lockFor("pause-restart", LEASE);
    assumeTrue(
        newNode(HistorySettings.OFF).isPresent(), "the fixture starts no new provider instance");
    pauses().pause(config.name(), null, "ops");
    Optional<LockProvider> later = newNode(HistorySettings.OFF);
    assertThat(later.get().tryLock(config).outcome()).isEqualTo(Outcome.PAUSED);
    assertThat(later.get().admin().orElseThrow().find(config.name()).orElseThrow().paused())
        .isTrue();
    assertThat(later.get().admin().orElseThrow().resume(config.name(), "ops")).isTrue();
    later.get().lock(config).orElseThrow().unlock();
  }

  /**
   * A fire refused while paused is not consumed: after the resume it runs, since it is still newer
   * than the latest fire; a pause does not stop a run already in progress from releasing.
   */
  @Test
  default void aFireRefusedWhilePausedRunsAfterTheResume() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD));
    LockConfiguration config = lockFor("pause-fire", LEASE);
    SimpleLock running = provider().lock(config.forFire(PAUSED_FIRE)).orElseThrow();
    pauses().pause(config.name(), null, "ops");
    running.unlock();
    LockInfo afterRun = pauses().find(config.name()).orElseThrow();
    assertThat(afterRun.held()).as("the run in progress released: " + afterRun).isFalse();
    assertThat(afterRun.paused()).as("still paused after the release").isTrue();

    Instant next = PAUSED_FIRE.plusSeconds(60);
    assertThat(otherNode().tryLock(config.forFire(next)).outcome()).isEqualTo(Outcome.PAUSED);
    assertThat(pauses().find(config.name()).orElseThrow().lastFire())
        .as("the refused fire is not recorded")
        .isEqualTo(PAUSED_FIRE);

    pauses().resume(config.name(), "ops");
    assertThat(otherNode().tryLock(config.forFire(PAUSED_FIRE)).outcome())
        .as("the fire that ran before the pause")
        .isEqualTo(Outcome.ALREADY_RAN);
    SimpleLock caughtUp = otherNode().lock(config.forFire(next)).orElseThrow();
    caughtUp.unlock();
    assertThat(provider().tryLock(config.forFire(next)).outcome()).isEqualTo(Outcome.ALREADY_RAN);
  }

  /** Pausing a paused lock replaces the pause; a held lock stays held while paused. */
  @Test
  default void aSecondPauseReplacesTheFirst() {
    LockConfiguration config = lockFor("pause-twice", LEASE);
    SimpleLock held = otherNode().lock(config).orElseThrow();
    pauses().pause(config.name(), null, "first");
    Instant until = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MILLIS);
    pauses().pause(config.name(), until, "second");

    LockInfo found = pauses().find(config.name()).orElseThrow();
    assertThat(found.pause()).isEqualTo(new LockPause(until, "second"));
    assertThat(found.held()).as("held by the run in progress: " + found).isTrue();
    held.unlock();
    assertThat(provider().tryLock(config).outcome()).isEqualTo(Outcome.PAUSED);
    pauses().resume(config.name(), "ops");
  }

  /**
   * A pause that would end in the past, or without an author, is refused with a message code; an
   * author with a line break is kept escaped.
   */
  @Test
  default void badPauseArgumentsAreRefused() {
    LockConfiguration config = lockFor("pause-bad", LEASE);
    assertThatThrownBy(() -> pauses().pause(config.name(), Instant.now().minusSeconds(60), "ops"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-")
        .hasMessageContaining(config.name());
    assertThatThrownBy(() -> pauses().pause(config.name(), null, " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-");
    assertThatThrownBy(() -> pauses().pause(config.name(), null, "x".repeat(10_000)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("TIMERLOCK-");
    assertThat(pauses().find(config.name())).as("nothing stored by a refused pause").isEmpty();

    pauses().pause(config.name(), null, "ops\nTIMERLOCK-999 forged");
    assertThat(pauses().find(config.name()).orElseThrow().pause().by())
        .isEqualTo("ops\\nTIMERLOCK-999 forged");
    pauses().resume(config.name(), "ops");
  }
}
