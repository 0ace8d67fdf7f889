package org.timerlock.redis;

import java.time.Instant;
import java.util.List;
import org.timerlock.core.admin.LockPause;
import org.timerlock.core.spi.PauseArguments;

/**
 * Operators' pauses, kept in the state hash of each name: {@code pause_until} ({@code open} for a
 * pause until resumed, else its end in epoch ms by the server's clock; empty when not paused) and
 * {@code pause_by} (who paused, escaped). The acquire script reads {@code pause_until} ({@link
 * LockCommands#ACQUIRE}); the scripts here write both, one command each, with the commands of the
 * locking ACL only (HGET, HSET, TIME). A resume empties the fields rather than deleting them, so no
 * HDEL is needed.
 */
final class LockPauses {

  /** {@code pause_until} of a pause that lasts until resumed. */
  static final String OPEN = "open";

  /**
   * Pause. KEYS[1] the state hash; ARGV[1] the end in epoch ms or {@code open}, ARGV[2] who pauses.
   * Answers {1} when paused, {0, now in epoch ms} when the end is not after the server's clock
   * (nothing written). Creates the hash for a name that never ran.
   */
  static final LuaScript PAUSE =
      new LuaScript(
          "if redis.replicate_commands then redis.replicate_commands() end\n"
              + "if ARGV[1] ~= 'open' then\n"
              + "  local now = redis.call('TIME')\n"
              + "  local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)\n"
              + "  if tonumber(ARGV[1]) <= ms then return {0, string.format('%.0f', ms)} end\n"
              + "end\n"
              + "redis.call('HSET', KEYS[1], 'pause_until', ARGV[1], 'pause_by', ARGV[2])\n"
              + "return {1}\n");

  /**
   * Resume. KEYS[1] the state hash. Answers 1 when a pause was in force, 0 when none was (or it had
   * ended, by the server's clock); a pause, even an ended one, is emptied. Writes nothing to a name
   * without a pause.
   */
  static final LuaScript RESUME =
      new LuaScript(
          "if redis.replicate_commands then redis.replicate_commands() end\n"
              + "local pause = redis.call('HGET', KEYS[1], 'pause_until')\n"
              + "if not pause or pause == '' then return 0 end\n"
              + "local inForce = 1\n"
              + "if pause ~= 'open' then\n"
              + "  local now = redis.call('TIME')\n"
              + "  if tonumber(pause) <= tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) /"
              + " 1000) then inForce = 0 end\n"
              + "end\n"
              + "redis.call('HSET', KEYS[1], 'pause_until', '', 'pause_by', '')\n"
              + "return inForce\n");

  private final CommandRunner runner;

  LockPauses(CommandRunner runner) {
    this.runner = runner;
  }

  /**
   * Pauses a name, as {@link org.timerlock.core.admin.LockAdmin#pause} describes.
   *
   * @throws IllegalArgumentException when {@code by} is refused, or {@code until} is not after the
   *     server's clock
   */
  void pause(String name, String stateKey, Instant until, String by) {
    String author = PauseArguments.by(name, by);
    String end = until == null ? OPEN : Long.toString(until.toEpochMilli());
    Object answer = runner.call("pause", name, jedis -> PAUSE.run(jedis, stateKey, end, author));
    if (answer instanceof List<?> reply && reply.size() == 2) {
      Instant serverNow = Instant.ofEpochMilli(Long.parseLong(String.valueOf(reply.get(1))));
      throw new IllegalArgumentException(PauseArguments.pastUntil(name, until, serverNow));
    }
  }

  /** Resumes a name; true when a pause was in force. */
  boolean resume(String name, String stateKey) {
    return Long.valueOf(1)
        .equals(runner.call("resume", name, jedis -> RESUME.run(jedis, stateKey)));
  }

  /**
   * The pause the state hash's fields describe, when it is in force.
   *
   * @param until {@code pause_until}, empty when missing
   * @param by {@code pause_by}
   * @param serverNow the server's clock when the fields were read
   * @return the pause, or null when there is none or it has ended (or the fields were edited by
   *     hand into something no script writes)
   */
  static LockPause inForce(String until, String by, Instant serverNow) {
    if (until.isEmpty()) {
      return null;
    }
    if (until.equals(OPEN)) {
      return new LockPause(null, by);
    }
    try {
      Instant end = Instant.ofEpochMilli(Long.parseLong(until));
      return end.isAfter(serverNow) ? new LockPause(end, by) : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
