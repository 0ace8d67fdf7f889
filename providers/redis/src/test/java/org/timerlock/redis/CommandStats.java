package org.timerlock.redis;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.Jedis;

/** Calls per command from {@code INFO commandstats}, as the server counts them. */
record CommandStats(Map<String, Long> calls) {

  /** Commands that are not lock operations: our own INFO, the pool's idle checks. */
  private static final Set<String> NOT_LOCKING = Set.of("info", "ping");

  static CommandStats of(Jedis admin) {
    Map<String, Long> calls = new HashMap<>();
    for (String line : admin.info("commandstats").split("\r?\n")) {
      if (!line.startsWith("cmdstat_")) {
        continue;
      }
      String command = line.substring("cmdstat_".length(), line.indexOf(':'));
      for (String field : line.substring(line.indexOf(':') + 1).split(",")) {
        if (field.startsWith("calls=")) {
          calls.put(command, Long.parseLong(field.substring("calls=".length())));
        }
      }
    }
    return new CommandStats(calls);
  }

  long calls(String command) {
    return calls.getOrDefault(command, 0L);
  }

  /** Commands since {@code before}, per command, leaving out INFO and PING. */
  Map<String, Long> since(CommandStats before) {
    Map<String, Long> delta = new HashMap<>();
    calls.forEach(
        (command, count) -> {
          long d = count - before.calls(command);
          if (d != 0 && !NOT_LOCKING.contains(command)) {
            delta.put(command, d);
          }
        });
    return delta;
  }
}
