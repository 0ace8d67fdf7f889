package org.timerlock.redis;

/**
 * The Redis Cluster hash slot of a key, as the server computes it: CRC16 (XMODEM: polynomial
 * 0x1021, initial value 0) of the key's bytes, modulo 16384. When the key has a hash tag, only the
 * tag counts: the bytes between the first {@code '{'} and the first {@code '}'} after it, provided
 * there is at least one byte between them. A key whose first {@code '{'} has no {@code '}'} after
 * it, or is directly followed by one ({@code "{}"}), is hashed whole.
 */
final class HashSlot {

  /** The number of hash slots of a Redis Cluster. */
  static final int SLOTS = 16384;

  private static final int[] TABLE = new int[256];

  static {
    for (int b = 0; b < 256; b++) {
      int crc = b << 8;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
      }
      TABLE[b] = crc & 0xFFFF;
    }
  }

  private HashSlot() {}

  /**
   * The slot of a key.
   *
   * @param key the key's bytes (Jedis sends a {@code String} key as UTF-8)
   * @return 0 to 16383
   */
  static int of(byte[] key) {
    int[] tag = tag(key);
    return tag == null
        ? crc16(0, key, 0, key.length) % SLOTS
        : crc16(0, key, tag[0], tag[1]) % SLOTS;
  }

  /**
   * Where the hash tag is.
   *
   * @return {start, end} of the tag's content (end exclusive), or null when the key is hashed whole
   */
  static int[] tag(byte[] key) {
    int open = indexOf(key, (byte) '{', 0);
    if (open < 0) {
      return null;
    }
    int close = indexOf(key, (byte) '}', open + 1);
    if (close < 0 || close == open + 1) {
      return null;
    }
    return new int[] {open + 1, close};
  }

  /**
   * Continues a CRC16 over more bytes.
   *
   * @param crc the CRC of the bytes before, 0 for none
   * @return the CRC of the bytes before followed by {@code bytes[from..to)}
   */
  static int crc16(int crc, byte[] bytes, int from, int to) {
    for (int i = from; i < to; i++) {
      crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ bytes[i]) & 0xFF]) & 0xFFFF;
    }
    return crc;
  }

  private static int indexOf(byte[] bytes, byte wanted, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == wanted) {
        return i;
      }
    }
    return -1;
  }
}
