package org.timerlock.redis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;
import org.timerlock.core.admin.LockPause;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.Printable;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The lock keys of a {@link RedisLockProvider}, for operators.
 *
 * <ul>
 *   <li>A listing walks the key space with {@code SCAN MATCH <key-prefix>:<environment>:* TYPE
 *       string} (never {@code KEYS}); on a Redis Cluster, each master in turn. The state hashes
 *       beside the lock keys are hashes, so {@code TYPE string} leaves them out. Each page then
 *       reads its keys' owners and expiries in one pipeline. The cursor is {@code <master>:<SCAN
 *       cursor>}.
 *   <li>A look-up reads the key's value (the owner), its TTL, the server's {@code TIME} and the
 *       state hash (the latest fire, the latest owner, the last run, the pause) in one script, so
 *       the expiry and the end of a pause are the server's clock. A listing runs the same script
 *       for each key of the page, in its one pipeline.
 *   <li>A pause and a resume are one script each on the state hash ({@link LockPauses}); the
 *       history is read and a missed slot appended with one script each ({@link HistoryStream}).
 *   <li>A release deletes the lock key only while it holds the given owner (the provider's
 *       owner-checked release script, recording no run); the state hash stays, so the fire guard,
 *       the fencing tokens and the last run are kept.
 * </ul>
 *
 * A key exists only while its lock is held (its TTL is the lease), so Redis lists held locks only
 * (a paused lock that is free is found by name, not listed). A lock's acquisition time is the state
 * hash's {@code started} when the hash names the key's owner (not an extension's time); unknown for
 * a key that a ShedLock node wrote. A look-up of a name whose key is gone answers from the state
 * hash: a free lock with its latest owner, fire, run and pause; a name paused before it ever ran
 * has the owner "".
 */
final class RedisLockAdmin implements LockAdmin {

  /**
   * KEYS[1] a lock key, KEYS[2] its state hash. Answers {owner, PTTL, seconds, microseconds} by the
   * server's clock, then the state hash's {@code fire}, {@code owner}, {@code token}, {@code
   * started}, {@link RunFields#FIELDS}, {@code pause_until} and {@code pause_by} (empty strings for
   * what is missing); the owner is empty and PTTL -2 when the lock key is gone. Answers {} when the
   * key is no lock (not a string), or when the lock key is gone and the hash names neither an owner
   * nor a pause. Only the locking ACL's commands: no {@code TYPE}, a hash answers GET with an error
   * that pcall turns into a table, and one HGET per field rather than HMGET; so the readiness
   * check, which runs this, needs no more rights than locking.
   */
  static final LuaScript INSPECT =
      new LuaScript(
          "local owner = redis.pcall('GET', KEYS[1])\n"
              + "if type(owner) == 'table' then return {} end\n"
              + "local ttl = -2\n"
              + "if owner then ttl = redis.call('PTTL', KEYS[1]) else owner = '' end\n"
              + "local now = redis.call('TIME')\n"
              + "local answer = {owner, ttl, now[1], now[2]}\n"
              + "for _, field in ipairs({'fire', 'owner', 'token', 'started', '"
              + String.join("', '", RunFields.FIELDS)
              + "', 'pause_until', 'pause_by'}) do\n"
              + "  local value = redis.pcall('HGET', KEYS[2], field)\n"
              + "  if type(value) ~= 'string' then value = '' end\n"
              + "  answer[#answer + 1] = value\n"
              + "end\n"
              + "if owner == '' and answer[6] == '' and answer[#answer - 1] == '' then return {} end\n"
              + "return answer\n");

  /**
   * KEYS[1] a key of the provider's key space, which routes the script on a cluster and lies in the
   * ACL's key pattern. Answers the server's {@code TIME}: {seconds, microseconds}.
   */
  static final LuaScript TIME = new LuaScript("return redis.call('TIME')\n");

  /** Where the fencing token is in the answer. */
  private static final int TOKEN = 6;

  /** Where the start of the hash owner's acquisition is in the answer. */
  private static final int STARTED = TOKEN + 1;

  /**
   * Where the run's fields start in the answer: after the lock key's four, the fire, the owner, the
   * token, the start.
   */
  private static final int RUN_START = STARTED + 1;

  /** Where the pause's two fields start in the answer. */
  private static final int PAUSE_START = RUN_START + RunFields.FIELDS.size();

  /** The answer's length. */
  private static final int ANSWER_LENGTH = PAUSE_START + 2;

  /** Every key of a type other than string is not a lock: the state hashes. */
  private static final String LOCK_KEY_TYPE = "string";

  private final CommandRunner runner;
  private final LockCommands commands;
  private final LockKeys lockKeys;
  private final String keyBase;
  private final LockPauses pauses;
  private final HistoryStream history;

  RedisLockAdmin(
      CommandRunner runner, LockCommands commands, LockKeys keys, HistoryStream history) {
    this.runner = runner;
    this.commands = commands;
    this.lockKeys = keys;
    this.keyBase = keys.base();
    this.pauses = new LockPauses(runner);
    this.history = history;
  }

  @Override
  public LockPage list(String cursor, int limit) {
    int size = LockAdmin.pageSize(limit);
    ScanCursor start = ScanCursor.parse(cursor);
    return runner.call(
        "list the locks",
        jedis -> {
          List<Scanner> scanners = scanners(jedis);
          ScanParams params = new ScanParams().match(glob(keyBase) + "*").count(size);
          List<String> keys = new ArrayList<>();
          ScanCursor at = start;
          while (at != null && keys.size() < size) {
            if (at.node() >= scanners.size()) {
              throw new IllegalArgumentException(
                  RedisMessage.INVALID_ARGUMENT.text(
                      "LockAdmin.list: the cursor '"
                          + ScanCursor.shown(cursor)
                          + "' names a Redis master that is no longer there; start again with"
                          + " null"));
            }
            ScanResult<String> scanned = scanners.get(at.node()).scan(at.cursor(), params);
            keys.addAll(scanned.getResult());
            at = at.next(scanned.getCursor(), scanners.size());
          }
          return new LockPage(read(jedis, keys), at == null ? null : at.toString());
        });
  }

  /**
   * The server's {@code TIME}, in a script as the acquire script reads it (the locking ACL allows
   * it there); on a cluster, the clock of the master that holds the key space's base key.
   */
  @Override
  public Optional<Instant> storeTime() {
    return runner.call(
        "read the clock",
        jedis -> {
          List<?> time = (List<?>) TIME.run(jedis, keyBase);
          return Optional.of(
              Instant.ofEpochSecond(
                  Long.parseLong(String.valueOf(time.get(0))),
                  Long.parseLong(String.valueOf(time.get(1))) * 1000));
        });
  }

  @Override
  public Optional<LockInfo> find(String name) {
    List<String> both = List.of(lockKeys.key(name), lockKeys.stateKey(name));
    return runner.call(
        "look up", name, jedis -> Optional.ofNullable(info(name, INSPECT.run(jedis, both), true)));
  }

  @Override
  public boolean release(String name, String owner) {
    // The release script with all of the TTL dropped: deleted if and only if the owner holds it.
    return Long.valueOf(1).equals(commands.releaseUnrecorded(name, keyBase + name, owner));
  }

  /** One script, then the look-up that shows the lock as paused. */
  @Override
  public LockInfo pause(String name, Instant until, String by) {
    checkName(name);
    pauses.pause(name, lockKeys.stateKey(name), until, by);
    return find(name)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    RedisMessage.STORE_FAILURE.text(
                        "lock '"
                            + Printable.of(name)
                            + "' was paused, but its state hash was gone when read back")));
  }

  @Override
  public boolean resume(String name, String by) {
    checkName(name);
    return pauses.resume(name, lockKeys.stateKey(name));
  }

  @Override
  public boolean keepsHistory() {
    return history.enabled();
  }

  @Override
  public List<RunRecord> history(String name, int limit) {
    int size = LockAdmin.pageSize(limit);
    checkName(name);
    return history.enabled()
        ? history.read(runner, name, lockKeys.historyKey(name), size)
        : List.of();
  }

  @Override
  public void recordMissed(String name, Instant slot, String nodeId) {
    checkName(name);
    Objects.requireNonNull(slot, "slot");
    Objects.requireNonNull(nodeId, "nodeId");
    if (history.enabled()) {
      history.recordMissed(runner, name, lockKeys.historyKey(name), slot, nodeId);
    }
  }

  /** The checks a lock request makes of a name (not blank, no U+0000, not too long for keys). */
  private static void checkName(String name) {
    LockConfiguration.checkName(name);
    Acquisitions.checkLength(name);
  }

  /**
   * Reads every key's owner and TTL, and its state hash, in one pipeline; keys gone since the scan
   * are left out.
   */
  private List<LockInfo> read(UnifiedJedis jedis, List<String> keys) {
    List<Response<Object>> answers = new ArrayList<>(keys.size());
    try (AbstractPipeline pipeline = jedis.pipelined()) {
      for (String key : keys) {
        answers.add(
            pipeline.eval(INSPECT.text(), List.of(key, lockKeys.stateKeyOf(key)), List.of()));
      }
      pipeline.sync();
    }
    List<LockInfo> locks = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      LockInfo info = info(keys.get(i).substring(keyBase.length()), answers.get(i).get(), false);
      if (info != null) {
        locks.add(info);
      }
    }
    return locks;
  }

  /**
   * The lock from the inspect script's answer, or null when there is none.
   *
   * @param free whether a lock whose key is gone is answered from its state hash (a look-up); a
   *     listing shows lock keys only
   */
  private static LockInfo info(String name, Object answer, boolean free) {
    if (!(answer instanceof List<?> fields) || fields.size() != ANSWER_LENGTH) {
      return null;
    }
    long ttl = (Long) fields.get(1);
    String owner = String.valueOf(fields.get(0));
    Instant now =
        Instant.ofEpochSecond(
            Long.parseLong(String.valueOf(fields.get(2))),
            Long.parseLong(String.valueOf(fields.get(3))) * 1000);
    LockPause pause =
        LockPauses.inForce(
            String.valueOf(fields.get(PAUSE_START)),
            String.valueOf(fields.get(PAUSE_START + 1)),
            now);
    LockInfo lock;
    if (ttl == -2) {
      // Gone, or expired between GET and PTTL: free, its last acquisition's owner from the hash
      // ("" for a name paused before it ever ran).
      String lastOwner = String.valueOf(fields.get(5));
      if (!free || (lastOwner.isEmpty() && pause == null)) {
        return null;
      }
      lock = new LockInfo(name, lastOwner, started(fields), null, false);
    } else {
      // -1: a key without TTL, written by hand; held until someone deletes it.
      Instant until = ttl == -1 ? null : now.plusMillis(ttl);
      // The hash's start is this acquisition's when the hash names the key's owner; a ShedLock
      // node's key leaves the hash as the latest TimerLock acquisition wrote it.
      Instant since = owner.equals(String.valueOf(fields.get(5))) ? started(fields) : null;
      lock = new LockInfo(name, owner, since, until, true);
    }
    Instant lastFire;
    try {
      lastFire = RunFields.instantOrNull(String.valueOf(fields.get(4)));
    } catch (RuntimeException e) {
      lastFire = null; // not what the acquire script writes: a hash edited by hand
    }
    return lock.withHistory(lastFire, RunFields.read(fields.subList(RUN_START, PAUSE_START)))
        .withPause(pause)
        .withFencingToken(tokenOrNull(String.valueOf(fields.get(TOKEN))));
  }

  /** The start of the hash owner's acquisition; null when there is none or it is no number. */
  private static Instant started(List<?> fields) {
    try {
      return RunFields.instantOrNull(String.valueOf(fields.get(STARTED)));
    } catch (RuntimeException e) {
      return null; // not what the acquire script writes: a hash edited by hand
    }
  }

  /** The stored token; null when there is none, or it is no number (a hash edited by hand). */
  private static Long tokenOrNull(String stored) {
    try {
      return stored.isEmpty() ? null : Long.valueOf(stored);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Where SCAN runs: the server, or each master of a cluster in the order of their addresses. */
  private static List<Scanner> scanners(UnifiedJedis jedis) {
    if (!(jedis instanceof RedisClusterClient cluster)) {
      return List.of((cursor, params) -> jedis.scan(cursor, params, LOCK_KEY_TYPE));
    }
    List<Scanner> masters = new ArrayList<>();
    for (ConnectionPool pool : new TreeMap<>(cluster.getClusterNodes()).values()) {
      Scanner node =
          (cursor, params) -> {
            try (Connection connection = pool.getResource()) {
              return new Jedis(connection).scan(cursor, params, LOCK_KEY_TYPE);
            }
          };
      if (isMaster(pool)) {
        masters.add(node);
      }
    }
    return masters;
  }

  private static boolean isMaster(ConnectionPool pool) {
    try (Connection connection = pool.getResource()) {
      return "master".equals(String.valueOf(new Jedis(connection).role().get(0)));
    }
  }

  /** The key base as a SCAN pattern: its glob characters escaped. */
  static String glob(String text) {
    StringBuilder pattern = new StringBuilder(text.length() + 8);
    for (char c : text.toCharArray()) {
      if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') {
        pattern.append('\\');
      }
      pattern.append(c);
    }
    return pattern.toString();
  }

  /** One SCAN call on one server. */
  @FunctionalInterface
  private interface Scanner {
    ScanResult<String> scan(String cursor, ScanParams params);
  }

  /**
   * Where a listing stands: the master (index in address order; 0 on a single server) and its SCAN
   * cursor.
   */
  record ScanCursor(int node, String cursor) {

    /** How much of a bad cursor a message shows; a real one has at most 31 characters. */
    private static final int SHOWN_LENGTH = 64;

    static ScanCursor parse(String text) {
      if (text == null) {
        return new ScanCursor(0, ScanParams.SCAN_POINTER_START);
      }
      int colon = text.indexOf(':');
      try {
        if (colon > 0) {
          int node = Integer.parseInt(text.substring(0, colon));
          String cursor = text.substring(colon + 1);
          if (node >= 0 && Long.parseUnsignedLong(cursor) >= 0) {
            return new ScanCursor(node, cursor);
          }
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException(
          RedisMessage.INVALID_ARGUMENT.text(
              "LockAdmin.list: '" + shown(text) + "' is not a cursor of the Redis lock admin"));
    }

    /**
     * A cursor as a message quotes it: it comes from the caller, perhaps from a request, so its
     * control characters are escaped and only its start is shown.
     */
    static String shown(String text) {
      int length = text.codePointCount(0, text.length());
      return length <= SHOWN_LENGTH
          ? Printable.of(text)
          : Printable.of(text.substring(0, text.offsetByCodePoints(0, SHOWN_LENGTH)))
              + "... ("
              + length
              + " characters)";
    }

    /** After a SCAN call: the same master, the next one, or null when the last one is done. */
    ScanCursor next(String scanCursor, int nodes) {
      if (!ScanParams.SCAN_POINTER_START.equals(scanCursor)) {
        return new ScanCursor(node, scanCursor);
      }
      return node + 1 < nodes ? new ScanCursor(node + 1, ScanParams.SCAN_POINTER_START) : null;
    }

    @Override
    public String toString() {
      return node + ":" + cursor;
    }
  }
}
