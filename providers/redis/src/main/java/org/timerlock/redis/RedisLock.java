package org.timerlock.redis;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunKind;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.spi.Printable;

/**
 * One acquisition of a lock. Releasing or extending it acts only while the key still holds this
 * acquisition's owner value. Each object is released or extended once; an extension hands out a new
 * one.
 */
final class RedisLock implements SimpleLock {

  /**
   * What identifies one acquisition, and stays the same when it is extended: the name, its keys
   * (the history stream's null when no history is kept), the fire it serves (epoch ms, null for a
   * plain call), what started it, its owner value, and the stream's {@link HistoryStream#bounds}.
   */
  record Acquisition(
      String name,
      String key,
      String stateKey,
      String historyKey,
      Long fire,
      RunKind kind,
      String owner,
      List<String> historyBounds) {

    /** What the release script records: the run, and the stream's bounds when it appends. */
    List<String> run(RunEnd end) {
      List<String> run = RunFields.arguments(end, owner, fire, kind);
      if (historyKey == null) {
        return run;
      }
      List<String> withBounds = new ArrayList<>(run);
      withBounds.addAll(historyBounds);
      return withBounds;
    }
  }

  private final LockCommands commands;
  private final Acquisition acquisition;
  private final ReplicaWait replicas;
  private final String name;
  private final String key;
  private final String stateKey;
  private final String owner;
  private final long atMostFor;
  private final long atLeastFor;
  private final long startedNanos;
  private final long token;
  private boolean spent;

  RedisLock(
      LockCommands commands,
      ReplicaWait replicas,
      Acquisition acquisition,
      long atMostFor,
      long atLeastFor,
      long startedNanos,
      long token) {
    this.commands = commands;
    this.replicas = replicas;
    this.acquisition = acquisition;
    // Unpacked: every operation names them.
    this.name = acquisition.name();
    this.key = acquisition.key();
    this.stateKey = acquisition.stateKey();
    this.owner = acquisition.owner();
    this.atMostFor = atMostFor;
    this.atLeastFor = atLeastFor;
    this.startedNanos = startedNanos;
    this.token = token;
  }

  /** Releases as a run that returned normally. */
  @Override
  public void unlock() {
    unlock(RunEnd.succeeded());
  }

  /**
   * Keeps the key for what is left of lockAtLeastFor, or deletes it, and records the run in the
   * state hash, and in the history stream when one is kept, in the same script (as LOCK_LOST when
   * the key expired meanwhile).
   */
  @Override
  public synchronized void unlock(RunEnd end) {
    if (spent) {
      return;
    }
    // The TTL still counts down from lockAtMostFor: dropping the difference leaves what is left of
    // lockAtLeastFor, on the server's clock.
    Object result =
        commands.release(
            name,
            key,
            stateKey,
            acquisition.historyKey(),
            owner,
            atMostFor - atLeastFor,
            acquisition.run(end));
    spent = true;
    if (Long.valueOf(0).equals(result)) {
      RedisLockProvider.LOG.log(
          Level.WARNING,
          RedisMessage.LOST_AT_RELEASE.text(
              "Lock ''{0}'' was no longer held by {1} when released, {2} after it was taken"
                  + " (lockAtMostFor {3} ms): the task ran longer than lockAtMostFor, or the key"
                  + " was removed or lost (Redis restart or failover)"),
          Printable.of(name),
          owner,
          heldFor(),
          atMostFor);
      commands.foreignReleases().afterLostKey(name, key, heldMillis(), atMostFor);
    } else {
      RedisLockProvider.LOG.log(
          Level.TRACE, "Released lock ''{0}'' ({1})", Printable.of(name), result);
    }
  }

  @Override
  public synchronized Optional<SimpleLock> extend(Duration lockAtMostFor, Duration lockAtLeastFor) {
    LockConfiguration extended = new LockConfiguration(name, lockAtMostFor, lockAtLeastFor);
    if (spent) {
      return Optional.empty();
    }
    long newAtMostFor = LockCommands.millis(extended.lockAtMostFor());
    long started = System.nanoTime();
    boolean stillHeld = commands.extend(name, key, owner, newAtMostFor);
    spent = true;
    if (!stillHeld) {
      RedisLockProvider.LOG.log(
          Level.WARNING,
          RedisMessage.LOST_AT_EXTENSION.text(
              "Lock ''{0}'' could not be extended: it was no longer held by {1}, {2} after it was"
                  + " taken"),
          Printable.of(name),
          owner,
          heldFor());
      commands.foreignReleases().afterLostKey(name, key, heldMillis(), atMostFor);
      return Optional.empty();
    }
    replicas.afterExtend(name, key);
    return Optional.of(
        new RedisLock(
            commands,
            replicas,
            acquisition,
            newAtMostFor,
            LockCommands.millis(extended.lockAtLeastFor()),
            started,
            token));
  }

  /** The token this acquisition got; an extension keeps it. */
  @Override
  public OptionalLong fencingToken() {
    return OptionalLong.of(token);
  }

  /**
   * Deletes the key of an acquisition that must not count as held, so that no one waits for it to
   * expire: the release script, told to drop all of lockAtMostFor, deletes the key while it still
   * holds this acquisition's owner. It leaves the state hash alone, so the token never goes back.
   * Tried once more after a broken connection, which is safe: a second run finds the key gone or
   * someone else's, and does nothing.
   */
  synchronized void giveUp() {
    spent = true;
    commands.giveUp(name, key, owner, atMostFor);
  }

  /** The lock name. */
  String name() {
    return name;
  }

  @Override
  public String toString() {
    return "RedisLock[" + key + " by " + owner + ", token " + token + "]";
  }

  private String heldFor() {
    return heldMillis() + " ms";
  }

  private long heldMillis() {
    return Duration.ofNanos(System.nanoTime() - startedNanos).toMillis();
  }
}
