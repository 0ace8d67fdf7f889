package org.timerlock.redis;

import java.lang.System.Logger.Level;
import java.util.Optional;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.spi.Printable;

/**
 * The lock protocol of {@link RedisLockProvider}: one acquisition from the request to the lock
 * handed out, or to a refusal. The acquire script decides; what follows is making sure a key this
 * node wrote never stays behind an acquisition that is not handed out (a replica wait that failed,
 * an error), since no node could take the name until lockAtMostFor has passed.
 */
final class Acquisitions {

  private final LockCommands commands;
  private final ReplicaWait replicas;
  private final LockKeys keys;
  private final String nodeId;
  private final HistoryStream history;

  Acquisitions(
      LockCommands commands,
      ReplicaWait replicas,
      LockKeys keys,
      String nodeId,
      HistoryStream history) {
    this.commands = commands;
    this.replicas = replicas;
    this.keys = keys;
    this.nodeId = nodeId;
    this.history = history;
  }

  /** One attempt, as {@link RedisLockProvider#tryLock} describes it. */
  LockAttempt tryLock(LockConfiguration configuration) {
    String name = configuration.name();
    checkLength(name);
    Long fire = LockCommands.fireMillis(configuration);
    String key = keys.key(name);
    String owner = OwnerIds.newOwnerId(nodeId);
    long atMostFor = LockCommands.millis(configuration.lockAtMostFor());
    long atLeastFor = LockCommands.millis(configuration.lockAtLeastFor());
    long started = System.nanoTime();
    String stateKey = keys.stateKeyOf(key);
    LockCommands.Answer answer = commands.acquire(name, key, stateKey, owner, atMostFor, fire);
    switch (answer.outcome()) {
      case HELD_ELSEWHERE:
        RedisLockProvider.LOG.log(
            Level.TRACE, "Lock ''{0}'' is held elsewhere", Printable.of(name));
        return LockAttempt.heldElsewhere();
      case ALREADY_RAN:
        RedisLockProvider.LOG.log(
            Level.TRACE,
            "Lock ''{0}'': the fire at {1} already ran",
            Printable.of(name),
            configuration.fireInstant());
        return LockAttempt.alreadyRan();
      case PAUSED:
        RedisLockProvider.LOG.log(Level.TRACE, "Lock ''{0}'' is paused", Printable.of(name));
        return LockAttempt.paused();
      default:
        break;
    }
    RedisLock lock =
        new RedisLock(
            commands,
            replicas,
            new RedisLock.Acquisition(
                name,
                key,
                stateKey,
                history.enabled() ? keys.historyKeyOf(key) : null,
                fire,
                configuration.kind(),
                owner,
                history.bounds()),
            atMostFor,
            atLeastFor,
            started,
            answer.token());
    // From here on the key is ours: whatever fails before the lock is handed out, the key must go,
    // or no node could take the name until lockAtMostFor has passed.
    Optional<LockException> unreplicated;
    try {
      unreplicated = replicas.afterAcquire(name, key);
    } catch (LockException e) {
      throw givenUp(lock, e);
    } catch (RuntimeException e) {
      throw givenUp(
          lock,
          new LockException(
              RedisMessage.STORE_FAILURE.text(
                  replicas.where() + " could not acquire lock '" + Printable.of(name) + "': " + e),
              e));
    } catch (Error e) {
      try {
        givenUp(
            lock,
            new LockException(
                RedisMessage.STORE_FAILURE.text("the acquisition failed with an error"), e));
      } catch (Error again) {
        e.addSuppressed(again);
      }
      throw e;
    }
    if (unreplicated.isPresent()) {
      throw givenUp(lock, unreplicated.get());
    }
    RedisLockProvider.LOG.log(
        Level.TRACE,
        "Acquired lock ''{0}'' as {1}, token {2}",
        Printable.of(name),
        owner,
        answer.token());
    return LockAttempt.acquired(lock);
  }

  /**
   * Refuses a name longer than {@link RedisLockProvider#MAX_NAME_LENGTH}, showing only its start.
   */
  static void checkLength(String name) {
    if (name.length() <= RedisLockProvider.MAX_NAME_LENGTH) {
      return;
    }
    throw new IllegalArgumentException(
        RedisMessage.NAME_TOO_LONG.text(
            "The lock name starting '"
                + Printable.shortened(name)
                + "' has "
                + name.length()
                + " characters, but the Redis lock store accepts at most "
                + RedisLockProvider.MAX_NAME_LENGTH
                + ": choose a shorter name"));
  }

  /**
   * An acquisition that must not count as held: its key goes (owner-checked: only while it still
   * holds this acquisition), and the failure to throw says whether it went. The state hash is left
   * as the acquisition wrote it: the token must not go back, and the fire stays recorded (see the
   * provider's documentation, "wait-for-replicas").
   *
   * @return the failure to report, as a store failure
   */
  private static LockException givenUp(RedisLock lock, LockException failure) {
    String outcome;
    RuntimeException releaseFailure = null;
    try {
      lock.giveUp();
      outcome = "the acquisition was given up: its lock key was deleted";
    } catch (RuntimeException e) {
      releaseFailure = e;
      outcome =
          "giving the acquisition up failed too ("
              + e.getMessage()
              + "): the name stays locked until lockAtMostFor has passed";
    }
    LockException reported = new LockException(failure.getMessage() + "; " + outcome, failure);
    if (releaseFailure != null) {
      reported.addSuppressed(releaseFailure);
    }
    RedisLockProvider.LOG.log(Level.DEBUG, "Lock ''{0}'': {1}", Printable.of(lock.name()), outcome);
    return reported;
  }
}
