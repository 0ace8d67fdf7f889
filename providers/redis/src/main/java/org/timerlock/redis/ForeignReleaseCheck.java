package org.timerlock.redis;

import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.spi.Printable;

/**
 * Notices a dangerous neighbour on shared keys: a program that deletes or overwrites a key it does
 * not hold. ShedLock's Redis provider does that without {@code safeUpdate(true)}: a ShedLock node
 * whose run overran its lockAtMostFor releases with a plain {@code DEL}, deleting the key of the
 * node that took the lock over meanwhile. A TimerLock node sees it when its release or extension
 * finds its key gone, or holding a value no TimerLock node writes, while its lease should still
 * run. It warns once per lock name, naming the likely cause and the fix.
 */
final class ForeignReleaseCheck {

  /** Lease left below which a vanished key may simply have expired. */
  static final long MARGIN_MILLIS = 500;

  private final LockCommands commands;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  ForeignReleaseCheck(LockCommands commands) {
    this.commands = commands;
  }

  /**
   * Called when a release or extension found that the key no longer held this acquisition.
   *
   * @param heldMillis how long ago the acquisition was made, on this node's clock
   * @param atMostForMillis its lease
   */
  void afterLostKey(String name, String key, long heldMillis, long atMostForMillis) {
    long left = atMostForMillis - heldMillis;
    if (left < MARGIN_MILLIS || warned.contains(name)) {
      return;
    }
    String value;
    try {
      value = commands.value(name, key);
    } catch (RuntimeException e) {
      // A diagnosis only: the caller has reported the lost key already.
      RedisLockProvider.LOG.log(Level.DEBUG, () -> "Could not read " + key + ": " + e);
      return;
    }
    if ((value == null || !OwnerIds.isOwnerId(value)) && warned.add(name)) {
      RedisLockProvider.LOG.log(
          Level.WARNING,
          RedisMessage.KEY_DELETED_BY_OTHER.text(
              "Lock ''{0}'' (key {1}) was {2} while this node''s lease still had {3} ms to run:"
                  + " another"
                  + " program deleted or overwrote the key. Most likely a ShedLock node whose"
                  + " RedisLockProvider runs without safeUpdate(true) (ShedLock''s default) overran"
                  + " its lockAtMostFor and its release deleted the key whoever held it, so another"
                  + " node may have run the task while this one still ran. Build ShedLock''s"
                  + " RedisLockProvider with safeUpdate(true) (see migration-from-shedlock.md)."
                  + " If no"
                  + " ShedLock node uses these keys, the key was lost (Redis restart without"
                  + " persistence, failover, eviction). Warned once per lock."),
          Printable.of(name),
          Printable.of(key),
          value == null ? "deleted" : "taken by '" + Printable.of(value) + "'",
          left);
    }
  }
}
