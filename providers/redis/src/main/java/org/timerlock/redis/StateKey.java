package org.timerlock.redis;

import java.nio.charset.StandardCharsets;

/**
 * The keys that live beside a lock key in its hash slot. The key of a lock name's state: a hash
 * with the latest granted fire ({@code fire}, epoch milliseconds), the latest fencing token ({@code
 * token}), the latest acquisition's owner and start, the last run ({@link RunFields}) and an
 * operator's pause, which must outlive the lock key and its TTL. And the key of its run history, a
 * stream ({@link HistoryStream}): {@code <lock key>:history:<n>}, found the same way.
 *
 * <p>It is {@code <lock key>:state:<n>}, where n is the smallest number from 0 up that puts it in
 * the lock key's hash slot, so that one script can use both keys on a Redis Cluster:
 *
 * <ul>
 *   <li>a lock key with a hash tag ({@code job-lock:default:{orders}.daily}) keeps it, since the
 *       suffix adds neither brace: n is 0;
 *   <li>a lock key hashed whole (no tag, an unclosed {@code '{'}, or an empty {@code {}} first)
 *       stays hashed whole for the same reason, and n is found by trying 0, 1, 2... (about 16384
 *       tries on average; every slot is reached below 1,000,000, whatever the key: see the tests).
 *       </ul> <p><p>The key starts with the lock key, so an ACL key pattern {@code ~<key-prefix>:*}
 *       covers it. Wrapping the lock key in a hash tag of its own ({@code {<lock key>}:state})
 *       would have been readable without computation, but cannot work for a key that contains a
 *       {@code '}'} and would escape such ACL patterns.
 */
final class StateKey {

  /** Between the lock key and the number. */
  static final String INFIX = ":state:";

  /** Between the lock key and the number, for the history stream. */
  static final String HISTORY_INFIX = ":history:";

  /** Every slot is reachable with a number below this one, whatever the lock key. */
  static final int NUMBERS = 1_000_000;

  private StateKey() {}

  /**
   * The state key of a lock key.
   *
   * @param lockKey {@code <key-prefix>:<environment>:<name>}
   * @return {@code <lockKey>:state:<n>}, in the same hash slot as {@code lockKey}
   */
  static String of(String lockKey) {
    return inSlotOf(lockKey, INFIX);
  }

  /**
   * The history stream key of a lock key.
   *
   * @param lockKey {@code <key-prefix>:<environment>:<name>}
   * @return {@code <lockKey>:history:<n>}, in the same hash slot as {@code lockKey}
   */
  static String historyOf(String lockKey) {
    return inSlotOf(lockKey, HISTORY_INFIX);
  }

  /** {@code <lockKey><infix><n>} with the smallest n that puts it in the lock key's slot. */
  private static String inSlotOf(String lockKey, String infix) {
    String base = lockKey + infix;
    byte[] key = lockKey.getBytes(StandardCharsets.UTF_8);
    if (HashSlot.tag(key) != null) {
      // The tag decides the slot of both keys.
      return base + 0;
    }
    int slot = HashSlot.of(key);
    byte[] baseBytes = base.getBytes(StandardCharsets.UTF_8);
    int baseCrc = HashSlot.crc16(0, baseBytes, 0, baseBytes.length);
    byte[] digits = new byte[7];
    for (int n = 0; n < NUMBERS; n++) {
      int length = decimal(n, digits);
      if (HashSlot.crc16(baseCrc, digits, 0, length) % HashSlot.SLOTS == slot) {
        return base + n;
      }
    }
    throw new IllegalStateException("no state key in the hash slot of " + lockKey);
  }

  /**
   * Writes n's decimal digits at the start of {@code into}, without allocating; returns how many.
   */
  private static int decimal(int n, byte[] into) {
    int length = 1;
    for (int rest = n / 10; rest > 0; rest /= 10) {
      length++;
    }
    int value = n;
    for (int i = length - 1; i >= 0; i--) {
      into[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    return length;
  }
}
