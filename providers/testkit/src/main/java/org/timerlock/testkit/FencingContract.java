package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * Fencing tokens: every acquisition of a name gets a token greater than every earlier one, across
 * nodes, extensions and a store that forgot the name. Runs when the fixture expects {@link
 * LockProvider.Feature#FENCING_TOKENS}.
 */
public interface FencingContract extends ProviderFixture {

  /** Long enough never to expire during a test. */
  Duration LEASE = Duration.ofMinutes(5);

  /** Twenty acquisitions, alternating nodes: each token is greater than the one before. */
  @Test
  default void tokensIncreaseAcrossNodes() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FENCING_TOKENS));
    LockConfiguration config = lockFor("tokens", LEASE);
    long previous = Long.MIN_VALUE;
    for (int i = 0; i < 20; i++) {
      SimpleLock lock = (i % 2 == 0 ? provider() : otherNode()).lock(config).orElseThrow();
      long token = token(lock);
      assertThat(token).as("token of acquisition #%d", i).isGreaterThan(previous);
      previous = token;
      lock.unlock();
    }
  }

  /** A lock taken over after its lease expired gets a greater token than the lapsed holder's. */
  @Test
  default void aTakeOverAfterExpiryGetsAGreaterToken() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FENCING_TOKENS));
    LockConfiguration config = lockFor("tokens-expired", Duration.ofMillis(300));
    long stale = token(provider().lock(config).orElseThrow());

    SimpleLock successor =
        Polling.lockWithin(otherNode(), config, Duration.ofSeconds(30))
            .orElseThrow(() -> new AssertionError("the lease never expired"));

    assertThat(token(successor)).isGreaterThan(stale);
    successor.unlock();
  }

  /** Extending a lock keeps its token. */
  @Test
  default void extensionKeepsTheToken() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FENCING_TOKENS));
    assumeTrue(supportsExtension());
    SimpleLock lock = provider().lock(lockFor("tokens-extend", LEASE)).orElseThrow();
    long token = token(lock);

    SimpleLock extended = lock.extend(Duration.ofMinutes(6), Duration.ZERO).orElseThrow();

    assertThat(token(extended)).isEqualTo(token);
    extended.unlock();
  }

  /** After the store forgot the name (row or keys deleted), tokens still do not go backwards. */
  @Test
  default void tokensDoNotGoBackwardsWhenTheStoreForgetsTheName() {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FENCING_TOKENS));
    LockConfiguration config = lockFor("tokens-forgotten", LEASE);
    long before = Long.MIN_VALUE;
    for (int i = 0; i < 5; i++) {
      SimpleLock lock = provider().lock(config).orElseThrow();
      before = token(lock);
      lock.unlock();
    }
    assumeTrue(forgetStoredState(config.name()), "the fixture cannot make the store forget");

    SimpleLock after = otherNode().lock(config).orElseThrow();

    assertThat(token(after)).isGreaterThan(before);
    after.unlock();
  }

  /**
   * Eight threads on two nodes take the lock in turns for a while; the tokens, recorded inside the
   * critical section, strictly increase in the order of the acquisitions.
   */
  @Test
  default void concurrentAcquisitionsGetIncreasingTokens() throws Exception {
    assumeTrue(expectedFeatures().contains(LockProvider.Feature.FENCING_TOKENS));
    LockConfiguration config = lockFor("tokens-race", LEASE);
    List<Long> tokens = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> racers = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        LockProvider node = t % 2 == 0 ? provider() : otherNode();
        racers.add(
            pool.submit(
                () -> {
                  int taken = 0;
                  for (int attempt = 0; attempt < 2_000 && taken < 10; attempt++) {
                    var lock = node.lock(config);
                    if (lock.isPresent()) {
                      tokens.add(token(lock.get()));
                      taken++;
                      lock.get().unlock();
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> racer : racers) {
        racer.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(tokens).hasSizeGreaterThan(8);
    for (int i = 1; i < tokens.size(); i++) {
      assertThat(tokens.get(i)).as("token #%d", i).isGreaterThan(tokens.get(i - 1));
    }
  }

  private static long token(SimpleLock lock) {
    OptionalLong token = lock.fencingToken();
    assertThat(token).as("fencing token of %s", lock).isPresent();
    return token.getAsLong();
  }
}
