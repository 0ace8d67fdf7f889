package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * The fire guard: a request for a scheduled fire at or before the latest fire the store granted for
 * the name is refused as "already ran", whatever the lease says. Runs when the fixture expects
 * {@link LockProvider.Feature#FIRE_GUARD}; a provider without it is checked to keep the lease
 * behaviour.
 */
public interface FireGuardContract extends ProviderFixture {

  /** A scheduled fire, far from any real time so that no clock matters. */
  Instant FIRE = Instant.parse("2030-01-01T02:00:00Z");

  /** Long enough never to expire during a test. */
  Duration LEASE = Duration.ofMinutes(5);

  /** After its first acquisition, the provider reports the features the fixture expects. */
  @Test
  default void reportsItsFeatures() {
    provider().lock(lockFor("features", LEASE)).orElseThrow().unlock();
    assertThat(provider().features()).isEqualTo(expectedFeatures());
  }

  /** A fire that ran is refused to every node after the release, with no lockAtLeastFor. */
  @Test
  default void aFireRunsOnceEvenAfterItsRelease() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD));
    LockConfiguration config = lockFor("fire-once", LEASE);
    acquire(provider(), config.forFire(FIRE)).unlock();

    assertThat(otherNode().tryLock(config.forFire(FIRE)).outcome())
        .as("another node, same fire, after the release")
        .isEqualTo(Outcome.ALREADY_RAN);
    assertThat(provider().tryLock(config.forFire(FIRE)).outcome())
        .as("the same node, same fire")
        .isEqualTo(Outcome.ALREADY_RAN);
    assertThat(otherNode().tryLock(config.forFire(FIRE.minusMillis(1))).outcome())
        .as("an earlier fire")
        .isEqualTo(Outcome.ALREADY_RAN);
    acquire(otherNode(), config.forFire(FIRE.plusMillis(1))).unlock();
  }

  /** The guard outlives the lease: a crashed holder's fire stays refused after its expiry. */
  @Test
  default void theGuardOutlivesAnExpiredLease() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD));
    LockConfiguration config = lockFor("fire-expired", Duration.ofMillis(300));
    acquire(provider(), config.forFire(FIRE)); // never released: a crashed holder

    SimpleLock plain =
        Polling.lockWithin(otherNode(), config, Duration.ofSeconds(30))
            .orElseThrow(() -> new AssertionError("the lease never expired"));
    plain.unlock();

    assertThat(otherNode().tryLock(config.forFire(FIRE)).outcome())
        .as("the crashed holder's fire, after its lease expired")
        .isEqualTo(Outcome.ALREADY_RAN);
  }

  /** A live lease refuses a later fire as held elsewhere, and that refusal grants nothing. */
  @Test
  default void aLiveLeaseRefusesALaterFireWithoutConsumingIt() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD));
    LockConfiguration config = lockFor("fire-held", LEASE);
    SimpleLock holder = acquire(provider(), config.forFire(FIRE));

    assertThat(otherNode().tryLock(config.forFire(FIRE.plusSeconds(60))).outcome())
        .isEqualTo(Outcome.HELD_ELSEWHERE);
    holder.unlock();
    acquire(otherNode(), config.forFire(FIRE.plusSeconds(60))).unlock();
  }

  /** A plain call is decided by the lease alone and does not make the store forget the fire. */
  @Test
  default void aPlainCallKeepsTheLeaseBehaviourAndTheLatestFire() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD));
    LockConfiguration config = lockFor("fire-plain", LEASE);
    acquire(provider(), config.forFire(FIRE)).unlock();

    acquire(otherNode(), config).unlock();

    assertThat(provider().tryLock(config.forFire(FIRE)).outcome()).isEqualTo(Outcome.ALREADY_RAN);
  }

  /**
   * Many threads on two nodes race for every fire of a schedule, each round starting with no live
   * lease: every fire is taken exactly once, and every other request is refused.
   */
  @Test
  default void racingNodesRunEveryFireExactlyOnce() throws Exception {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD));
    LockConfiguration config = lockFor("fire-race", LEASE);
    int threads = 8;
    int fires = 25;
    Map<Instant, AtomicInteger> taken = new ConcurrentHashMap<>();
    CyclicBarrier round = new CyclicBarrier(threads);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> racers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        LockProvider node = t % 2 == 0 ? provider() : otherNode();
        racers.add(
            pool.submit(
                () -> {
                  for (int f = 0; f < fires; f++) {
                    Instant fire = FIRE.plusSeconds(f);
                    round.await(30, TimeUnit.SECONDS);
                    LockAttempt attempt = node.tryLock(config.forFire(fire));
                    attempt
                        .lock()
                        .ifPresent(
                            lock -> {
                              taken
                                  .computeIfAbsent(fire, x -> new AtomicInteger())
                                  .incrementAndGet();
                              lock.unlock();
                            });
                    round.await(30, TimeUnit.SECONDS);
                  }
                  return null;
                }));
      }
      awaitAll(racers);
    } finally {
      pool.shutdownNow();
    }
    for (int f = 0; f < fires; f++) {
      AtomicInteger count = taken.get(FIRE.plusSeconds(f));
      assertThat(count).as("fire #%d was taken", f).isNotNull();
      assertThat(count.get()).as("times fire #%d was taken", f).isEqualTo(1);
    }
  }

  /** Without the guard, a fire instant changes nothing: the lease alone decides. */
  @Test
  default void withoutTheGuardTheLeaseAloneDecides() {
    assumeTrue(!expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD));
    LockConfiguration config = lockFor("no-guard", LEASE);
    acquire(provider(), config.forFire(FIRE)).unlock();

    acquire(otherNode(), config.forFire(FIRE)).unlock();
  }

  /**
   * Waits for every racer; when some failed, throws the failure that is not a broken barrier (the
   * others' barrier breaks only because one racer stopped), so the report shows the real cause.
   */
  private static void awaitAll(List<Future<?>> racers) throws Exception {
    List<Throwable> failures = new ArrayList<>();
    for (Future<?> racer : racers) {
      try {
        racer.get(2, TimeUnit.MINUTES);
      } catch (ExecutionException e) {
        failures.add(e.getCause());
      }
    }
    if (failures.isEmpty()) {
      return;
    }
    failures.sort(
        Comparator.comparing(
            f -> f instanceof BrokenBarrierException || f instanceof TimeoutException));
    AssertionError error = new AssertionError("a racer failed", failures.get(0));
    failures.stream().skip(1).forEach(error::addSuppressed);
    throw error;
  }

  private static SimpleLock acquire(LockProvider node, LockConfiguration config) {
    LockAttempt attempt = node.tryLock(config);
    assertThat(attempt.outcome()).as("taking %s", config).isEqualTo(Outcome.ACQUIRED);
    return attempt.lock().orElseThrow();
  }
}
