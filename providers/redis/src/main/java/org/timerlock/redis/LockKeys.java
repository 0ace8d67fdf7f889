package org.timerlock.redis;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The Redis keys of one provider's locks: the lock key of a name, and the keys of its state hash
 * and its history stream, whose search for a key in the lock key's cluster slot is remembered per
 * name.
 */
final class LockKeys {

  /** State keys remembered per provider before the memory is cleared. */
  private static final int STATE_KEYS_CACHED = 4096;

  /** {@code <key-prefix>:<environment>:}, escaped ({@link KeyFormat}). */
  private final String base;

  private final Map<String, String> stateKeys = new ConcurrentHashMap<>();
  private final Map<String, String> historyKeys = new ConcurrentHashMap<>();

  LockKeys(String base) {
    this.base = base;
  }

  String base() {
    return base;
  }

  String key(String name) {
    return base + name;
  }

  String stateKey(String name) {
    return stateKeyOf(key(name));
  }

  String stateKeyOf(String key) {
    return cached(stateKeys, key, StateKey::of);
  }

  String historyKey(String name) {
    return historyKeyOf(key(name));
  }

  String historyKeyOf(String key) {
    return cached(historyKeys, key, StateKey::historyOf);
  }

  private static String cached(Map<String, String> keys, String key, UnaryOperator<String> search) {
    String known = keys.get(key);
    if (known != null) {
      return known;
    }
    if (keys.size() >= STATE_KEYS_CACHED) {
      // Lock names are usually few; a program inventing names without end only costs a search.
      keys.clear();
    }
    return keys.computeIfAbsent(key, search);
  }
}
