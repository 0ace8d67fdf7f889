package org.timerlock.redis;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Redis keys of one provider's locks: the lock key of a name, and the key of its state hash,
 * whose search for a key in the lock key's cluster slot is remembered per name.
 */
final class LockKeys {

  /** State keys remembered per provider before the memory is cleared. */
  private static final int STATE_KEYS_CACHED = 4096;

  /** {@code <key-prefix>:<environment>:}, escaped ({@link KeyFormat}). */
  private final String base;

  private final Map<String, String> stateKeys = new ConcurrentHashMap<>();

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
    String known = stateKeys.get(key);
    if (known != null) {
      return known;
    }
    if (stateKeys.size() >= STATE_KEYS_CACHED) {
      // Lock names are usually few; a program inventing names without end only costs a search.
      stateKeys.clear();
    }
    return stateKeys.computeIfAbsent(key, StateKey::of);
  }
}
