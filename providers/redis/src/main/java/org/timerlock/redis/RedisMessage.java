package org.timerlock.redis;

import org.timerlock.core.spi.MessageCode;

/**
 * The codes of the Redis provider's messages, TIMERLOCK-401 to TIMERLOCK-499;
 * docs/troubleshooting.md has an entry for each. A code is never reused or renumbered once
 * published: a message kind that goes away leaves its number unused, a new one takes the next free
 * number.
 */
enum RedisMessage implements MessageCode {
  /** No Redis topology configured. */
  NO_TOPOLOGY(401),
  /** Settings that exclude each other, or one that needs another. */
  CONFLICTING_SETTINGS(402),
  /** A configured value the provider cannot use. */
  INVALID_SETTING(403),
  /** An argument of the provider's builder or the lock admin that cannot be used. */
  INVALID_ARGUMENT(404),
  /** A lock name longer than the provider accepts. */
  NAME_TOO_LONG(405),
  /** Redis failed while taking, extending or releasing a lock. */
  STORE_FAILURE(406),
  /** A fire instant too far from 1970 for the store. */
  FIRE_OUT_OF_RANGE(407),
  /** Fewer replicas than required acknowledged an acquisition or extension. */
  NOT_REPLICATED(408),
  /** A lock key that was gone or taken over when its holder released it. */
  LOST_AT_RELEASE(409),
  /** A lock key that was gone or taken over when its holder extended it. */
  LOST_AT_EXTENSION(410),
  /** A lock key deleted or overwritten by another program, very likely a ShedLock node. */
  KEY_DELETED_BY_OTHER(411),
  /** The Redis client library, or a library it needs, missing from the class path. */
  CLIENT_LIBRARY_MISSING(412),
  /** A JVM without SHA-1, which the lock scripts need. */
  NO_SHA1(413),
  /** A closed provider asked to take a lock. */
  CLOSED(414);

  private final int number;

  RedisMessage(int number) {
    this.number = number;
  }

  @Override
  public int number() {
    return number;
  }
}
