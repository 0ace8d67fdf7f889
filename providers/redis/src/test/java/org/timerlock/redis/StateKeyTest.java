package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The state key lands in the lock key's hash slot, checked against Jedis' own slot computation
 * (which the cluster client routes by), for names with every kind of brace.
 */
class StateKeyTest {

  /** Lock names whose braces make, or fail to make, a hash tag. */
  static final String[] BRACED_NAMES = {
    "plain",
    "{",
    "}",
    "{}",
    "{a}",
    "}{",
    "}{a}",
    "{}{a}",
    "a{b",
    "a}b",
    "a{b}c",
    "{{a}}",
    "x{}y{z}",
    "{a}{b}",
    "ü{€}",
    "🧾{",
    "redis:meta*chars?[a-z]{1}\\"
  };

  static String[] bracedNames() {
    return BRACED_NAMES.clone();
  }

  @ParameterizedTest
  @MethodSource("bracedNames")
  void theStateKeyIsInTheLockKeysSlot(String name) {
    for (String prefix : new String[] {"job-lock:default:", "{app}:default:", "a{:b}:"}) {
      String lockKey = prefix + name;
      String stateKey = StateKey.of(lockKey);
      assertThat(stateKey).startsWith(lockKey + StateKey.INFIX);
      assertThat(JedisClusterCRC16.getSlot(stateKey))
          .as("slot of %s, for lock key %s", stateKey, lockKey)
          .isEqualTo(JedisClusterCRC16.getSlot(lockKey));
      assertThat(StateKey.of(lockKey)).as("the same for every node").isEqualTo(stateKey);
      String historyKey = StateKey.historyOf(lockKey);
      assertThat(historyKey).startsWith(lockKey + StateKey.HISTORY_INFIX);
      assertThat(JedisClusterCRC16.getSlot(historyKey))
          .as("slot of %s, for lock key %s", historyKey, lockKey)
          .isEqualTo(JedisClusterCRC16.getSlot(lockKey));
    }
  }

  @Test
  void aTaggedLockKeyKeepsItsTagAndNumberZero() {
    assertThat(StateKey.of("job-lock:default:{orders}.daily"))
        .isEqualTo("job-lock:default:{orders}.daily:state:0");
    assertThat(StateKey.of("{app}:default:report")).isEqualTo("{app}:default:report:state:0");
    assertThat(StateKey.historyOf("{app}:default:report"))
        .isEqualTo("{app}:default:report:history:0");
  }

  @Test
  void slotsAgreeWithJedisForRandomKeys() {
    Random random = new Random(42);
    char[] alphabet = "ab{}:xé€🧾".toCharArray();
    for (int i = 0; i < 20_000; i++) {
      StringBuilder key = new StringBuilder();
      int length = random.nextInt(12);
      for (int c = 0; c < length; c++) {
        key.append(alphabet[random.nextInt(alphabet.length)]);
      }
      String text = key.toString();
      assertThat(HashSlot.of(text.getBytes(StandardCharsets.UTF_8)))
          .as("slot of '%s'", text)
          .isEqualTo(JedisClusterCRC16.getSlot(text));
    }
  }

  @Test
  void stateKeysOfRandomNamesShareTheLockKeysSlot() {
    Random random = new Random(7);
    char[] alphabet = "ab{}:-é".toCharArray();
    for (int i = 0; i < 300; i++) {
      StringBuilder name = new StringBuilder("job-lock:default:");
      int length = 1 + random.nextInt(10);
      for (int c = 0; c < length; c++) {
        name.append(alphabet[random.nextInt(alphabet.length)]);
      }
      String lockKey = name.toString();
      assertThat(JedisClusterCRC16.getSlot(StateKey.of(lockKey)))
          .as("state key of %s", lockKey)
          .isEqualTo(JedisClusterCRC16.getSlot(lockKey));
    }
  }

  /**
   * The search for n always ends: CRC16 with initial value 0 is linear, so the CRC of a key
   * followed by six digits is crc(key followed by six zero bytes) XOR crc16(the digits alone). When
   * the six digit numbers 100000..999999 alone reach every value of the low 14 bits (the slot), a
   * six-digit n reaches every slot whatever the key before it.
   */
  @Test
  void everySlotIsReachedBelowTheSearchLimitWhateverTheKey() {
    byte[] zeros = new byte[6];
    Random random = new Random(3);
    for (int i = 0; i < 1000; i++) {
      int state = random.nextInt(1 << 16);
      byte[] digits = Integer.toString(100_000 + random.nextInt(900_000)).getBytes();
      assertThat(HashSlot.crc16(state, digits, 0, 6))
          .as("linearity")
          .isEqualTo(HashSlot.crc16(state, zeros, 0, 6) ^ HashSlot.crc16(0, digits, 0, 6));
    }
    BitSet reached = new BitSet(HashSlot.SLOTS);
    for (int n = 100_000; n < StateKey.NUMBERS; n++) {
      byte[] digits = Integer.toString(n).getBytes(StandardCharsets.US_ASCII);
      reached.set(HashSlot.crc16(0, digits, 0, digits.length) % HashSlot.SLOTS);
    }
    assertThat(reached.cardinality()).isEqualTo(HashSlot.SLOTS);
  }
}
