package org.timerlock.redis;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
import org.timerlock.core.LockException;
import org.timerlock.core.spi.Printable;

/**
 * {@code WAIT} for replicas after a write, when {@code timerlock.redis.wait-for-replicas} asks for
 * it: narrows the window in which a failover loses a lock that was just written.
 */
final class ReplicaWait {

  private final CommandRunner runner;
  private final int replicas;
  private final long timeoutMillis;

  /**
   * @param replicas how many replicas must acknowledge each write; 0 for no waiting
   * @param timeoutMillis how long to wait for them
   */
  /**
   * Refuses a replica wait that could outlast the socket timeout: the wait would end as a failed
   * connection rather than as a reported shortfall of replicas.
   *
   * @param socketTimeout the time allowed for an answer
   * @param replicas the replicas to wait for, 0 for none
   * @param timeout the wait
   */
  static void requireShorterThan(Duration socketTimeout, int replicas, Duration timeout) {
    if (replicas > 0 && timeout.compareTo(socketTimeout) >= 0) {
      throw new IllegalArgumentException(
          RedisMessage.INVALID_ARGUMENT.text(
              "the replica wait timeout ("
                  + timeout.toMillis()
                  + " ms) must be shorter than the socket timeout ("
                  + socketTimeout.toMillis()
                  + " ms)"));
    }
  }

  ReplicaWait(CommandRunner runner, int replicas, long timeoutMillis) {
    this.runner = runner;
    this.replicas = replicas;
    this.timeoutMillis = timeoutMillis;
  }

  /**
   * After an acquisition.
   *
   * @return the failure to report when fewer replicas than required acknowledged it in time: the
   *     acquisition must then be given up
   */
  Optional<LockException> afterAcquire(String name, String key) {
    if (replicas <= 0) {
      return Optional.empty();
    }
    long acknowledged = await("acquire", name, key);
    if (acknowledged >= replicas) {
      return Optional.empty();
    }
    return Optional.of(
        new LockException(
            RedisMessage.NOT_REPLICATED.text(
                runner.where()
                    + " could not acquire lock '"
                    + Printable.of(name)
                    + "': only "
                    + acknowledged
                    + " of the "
                    + replicas
                    + " replicas required by timerlock.redis.wait-for-replicas acknowledged it"
                    + " within "
                    + timeoutMillis
                    + " ms")));
  }

  /** After an extension, which stands either way: too few replicas only make a warning. */
  void afterExtend(String name, String key) {
    if (replicas <= 0) {
      return;
    }
    long acknowledged = await("extend", name, key);
    if (acknowledged < replicas) {
      RedisLockProvider.LOG.log(
          Level.WARNING,
          RedisMessage.NOT_REPLICATED.text(
              "Extension of lock ''{0}'' reached only {1} of {2} replicas within {3} ms: a"
                  + " failover now could shorten it"),
          Printable.of(name),
          acknowledged,
          replicas,
          timeoutMillis);
    }
  }

  /** The server, for messages. */
  String where() {
    return runner.where();
  }

  private long await(String action, String name, String key) {
    return runner.call(action, name, jedis -> jedis.waitReplicas(key, replicas, timeoutMillis));
  }
}
