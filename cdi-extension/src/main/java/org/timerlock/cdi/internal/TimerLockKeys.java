package org.timerlock.cdi.internal;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.timerlock.core.StoreFailurePolicy;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.ValueType;

/** The configuration keys of the CDI integration itself; each provider declares its own. */
final class TimerLockKeys {

  static final ConfigKey<Boolean> ENABLED =
      ConfigKey.withDefault(
          "timerlock.enabled",
          ValueType.BOOLEAN,
          true,
          "true",
          "Set to false to switch every lock off: each locked call is skipped on this node,"
              + " with a DISABLED event, and the deployment log says so.");

  static final ConfigKey<String> PROVIDER =
      ConfigKey.withDefault(
          "timerlock.provider",
          ValueType.TEXT,
          "jdbc",
          "jdbc",
          "The lock store: jdbc, redis or in-memory; a LockProvider bean of the application wins"
              + " over it.");

  static final ConfigKey<String> NODE_ID =
      ConfigKey.optional(
          "timerlock.node-id",
          ValueType.text(id -> !id.isEmpty(), "a node name"),
          "the server's instance name (jboss.node.name; <name>@<host> on GlassFish, Payara and"
              + " Open Liberty), else host name and process id",
          "The readable first part of every lock owner value (locked_by), naming this node.");

  static final ConfigKey<StoreFailurePolicy> STORE_FAILURE =
      ConfigKey.withDefault(
          "timerlock.store-failure",
          ValueType.oneOf("skip", "fail")
              .map(
                  word -> StoreFailurePolicy.valueOf(word.toUpperCase(Locale.ROOT)),
                  "one of skip, fail"),
          StoreFailurePolicy.SKIP,
          "skip",
          "What a call does when the lock store cannot answer: skip (log a warning, publish a"
              + " STORE_FAILURE event) or fail (throw the LockException).");

  static final ConfigKey<Duration> DEFAULT_AT_MOST_FOR =
      ConfigKey.optional(
          "timerlock.default.lock-at-most-for",
          ValueType.POSITIVE_DURATION,
          "none: every lock must then name its own",
          "The lockAtMostFor of every lock that neither its annotation nor its own key sets.");

  static final ConfigKey<Duration> DEFAULT_AT_LEAST_FOR =
      ConfigKey.withDefault(
          "timerlock.default.lock-at-least-for",
          ValueType.DURATION,
          Duration.ZERO,
          "0s",
          "The lockAtLeastFor of every lock that neither its annotation nor its own key sets.");

  static final ConfigKey<Integer> METRICS_MAX_LOCKS =
      ConfigKey.withDefault(
          "timerlock.metrics.max-locks",
          ValueType.integer(1, 1_000_000),
          1000,
          "1000",
          "The most lock names the metrics tag their meters with: the metrics expect a fixed set"
              + " of names. Further names are recorded under timerlock.lock.name = _other, with one"
              + " WARNING.");

  static final ConfigKey<Boolean> WATCH_ENABLED =
      ConfigKey.withDefault(
          "timerlock.watch.enabled",
          ValueType.BOOLEAN,
          true,
          "true",
          "Set to false to stop this node from checking for missed fires; the other nodes still"
              + " check, and the deployment log says which locks have no schedule to check.");

  static final ConfigKey<Duration> WATCH_INTERVAL =
      ConfigKey.withDefault(
          "timerlock.watch.interval",
          ValueType.POSITIVE_DURATION,
          Duration.ofMinutes(1),
          "1m",
          "How often the cluster checks for missed fires: at every multiple of it since the epoch,"
              + " one node reads the lock rows once. Every node should have the same value.");

  static final ConfigKey<String> WATCH_LOCK_NAME =
      ConfigKey.withDefault(
          "timerlock.watch.lock-name",
          ValueType.text(name -> !name.isEmpty(), "a lock name"),
          "timerlock-watch",
          "timerlock-watch",
          "The lock that picks the node making each check. Applications that share one lock store"
              + " but not their locks give each its own name, so each checks its own locks.");

  static final ConfigKey<Duration> DEFAULT_GRACE =
      ConfigKey.optional(
          "timerlock.default.grace",
          ValueType.POSITIVE_DURATION,
          "half the lock's period, at most 5m",
          "How long after a slot a scheduled lock's fire may still arrive before the slot counts"
              + " as missed, for every lock that does not set its own grace.");

  static final ConfigKey<Duration> SHUTDOWN_DRAIN_TIMEOUT =
      ConfigKey.withDefault(
          "timerlock.shutdown.drain-timeout",
          ValueType.DURATION,
          Duration.ofSeconds(30),
          "30s",
          "When the application stops, how long it waits for its running locked jobs to end and"
              + " release their locks, while it takes no new lock and reports not ready; 0 does not"
              + " wait. A job still running then keeps its lease until lockAtMostFor.");

  /**
   * Keys under these prefixes belong to TimerLock's own test suite and benchmarks (the servers the
   * build starts inherit their {@code TIMERLOCK_TEST_*} variables) and are never checked.
   */
  static final List<String> RESERVED = List.of("timerlock.test.", "timerlock.bench.");

  private TimerLockKeys() {}

  /** Every key of the integration, in the order the reference lists them. */
  static List<ConfigKey<?>> all() {
    return List.of(
        PROVIDER,
        NODE_ID,
        ENABLED,
        STORE_FAILURE,
        DEFAULT_AT_MOST_FOR,
        DEFAULT_AT_LEAST_FOR,
        DEFAULT_GRACE,
        METRICS_MAX_LOCKS,
        WATCH_ENABLED,
        WATCH_INTERVAL,
        WATCH_LOCK_NAME,
        SHUTDOWN_DRAIN_TIMEOUT);
  }
}
