package org.timerlock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;

/**
 * The optional run history of a lock: a stream beside the lock key, in its hash slot ({@link
 * StateKey#historyOf}), whose entries have the {@link RunFields} of the state hash.
 *
 * <ul>
 *   <li>The release script appends the run it records (same script, same round trip) when it is
 *       given the stream's key; {@link #recordMissed} appends a MISSED entry for a slot no node
 *       ran.
 *   <li>Each append trims: {@code XADD ... MAXLEN ~ <max-per-lock>} by count, then {@code XTRIM
 *       MINID ~ <now - max-age>} by age, both by the server's clock (the entry IDs are its TIME in
 *       ms). The {@code ~} lets Redis drop whole internal nodes only (about 100 entries), so that a
 *       trim costs little; the stream may hold that many more than the bounds for a while.
 *   <li>A read ({@code XREVRANGE}, newest first) applies both bounds exactly: at most max-per-lock
 *       entries, none older than max-age by the server's clock.
 * </ul>
 */
final class HistoryStream {

  /**
   * A Lua function the scripts that append share: {@code append(stream, maxlen, maxage, now,
   * fields)}, where {@code now} is the server's TIME and {@code fields} the flat list of field and
   * value.
   */
  static final String APPEND_FUNCTION =
      "local function append(stream, maxlen, maxage, now, fields)\n"
          + "  redis.call('XADD', stream, 'MAXLEN', '~', maxlen, '*', unpack(fields))\n"
          + "  local cutoff = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)"
          + " - tonumber(maxage)\n"
          + "  if cutoff > 0 then\n"
          + "    redis.call('XTRIM', stream, 'MINID', '~', string.format('%.0f', cutoff))\n"
          + "  end\n"
          + "end\n";

  /**
   * A missed slot. KEYS[1] the stream; ARGV[1] max-per-lock, ARGV[2] max-age in ms, ARGV[3] the
   * node that found it, ARGV[4] the slot in epoch ms. Its start and end are the server's TIME.
   */
  static final LuaScript MISSED =
      new LuaScript(
          "if redis.replicate_commands then redis.replicate_commands() end\n"
              + APPEND_FUNCTION
              + "local now = redis.call('TIME')\n"
              + "local at = now[1] .. string.format('%03d', math.floor(tonumber(now[2]) / 1000))\n"
              + "append(KEYS[1], ARGV[1], ARGV[2], now, {'run_outcome', 'MISSED', 'run_kind',"
              + " 'SCHEDULED', 'run_node', ARGV[3], 'run_fire', ARGV[4], 'run_started', at,"
              + " 'run_ended', at, 'run_error_class', '', 'run_error_message', ''})\n"
              + "return 1\n");

  /**
   * A read. KEYS[1] the stream; ARGV[1] how many, ARGV[2] max-age in ms. The newest entries first,
   * none older than max-age by the server's clock.
   */
  static final LuaScript READ =
      new LuaScript(
          "local now = redis.call('TIME')\n"
              + "local cutoff = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)"
              + " - tonumber(ARGV[2])\n"
              + "if cutoff < 0 then cutoff = 0 end\n"
              + "return redis.call('XREVRANGE', KEYS[1], '+', string.format('%.0f', cutoff),"
              + " 'COUNT', ARGV[1])\n");

  private final HistorySettings settings;
  private final String maxPerLock;
  private final String maxAgeMillis;

  HistoryStream(HistorySettings settings) {
    this.settings = settings;
    this.maxPerLock = Integer.toString(settings.maxPerLock());
    this.maxAgeMillis = Long.toString(LockCommands.millis(settings.maxAge()));
  }

  /** Whether runs are recorded. */
  boolean enabled() {
    return settings.enabled();
  }

  /** ARGV[9..10] of the release script when it appends: max-per-lock, max-age in ms. */
  List<String> bounds() {
    return List.of(maxPerLock, maxAgeMillis);
  }

  /** Appends a MISSED entry, in one command. */
  void recordMissed(CommandRunner runner, String name, String stream, Instant slot, String nodeId) {
    String fire = Long.toString(slot.toEpochMilli());
    runner.call(
        "record a missed slot of",
        name,
        jedis -> MISSED.run(jedis, stream, maxPerLock, maxAgeMillis, nodeId, fire));
  }

  /** The newest entries within the bounds, at most {@code limit}, in one command. */
  List<RunRecord> read(CommandRunner runner, String name, String stream, int limit) {
    String count = Integer.toString(Math.min(limit, settings.maxPerLock()));
    Object reply =
        runner.call(
            "read the history of", name, jedis -> READ.run(jedis, stream, count, maxAgeMillis));
    List<RunRecord> records = new ArrayList<>();
    if (reply instanceof List<?> entries) {
      for (Object entry : entries) {
        RunRecord run = record(entry);
        if (run != null) {
          records.add(run);
        }
      }
    }
    return records;
  }

  /**
   * An entry of the XREVRANGE reply, {@code [id, [field, value, ...]]}, as a record; null when it
   * is not one the scripts wrote (an entry added by hand).
   */
  private static RunRecord record(Object entry) {
    if (!(entry instanceof List<?> parts)
        || parts.size() != 2
        || !(parts.get(1) instanceof List<?> flat)) {
      return null;
    }
    Map<String, String> fields = new HashMap<>();
    for (int i = 0; i + 1 < flat.size(); i += 2) {
      fields.put(text(flat.get(i)), text(flat.get(i + 1)));
    }
    List<String> values = new ArrayList<>(RunFields.FIELDS.size());
    for (String field : RunFields.FIELDS) {
      values.add(fields.getOrDefault(field, ""));
    }
    return RunFields.read(values);
  }

  private static String text(Object value) {
    return value instanceof byte[] bytes
        ? new String(bytes, StandardCharsets.UTF_8)
        : String.valueOf(value);
  }
}
