package org.timerlock.teststores;

/**
 * A key prefix of its own for one test class on a shared Redis. Lock keys always carry a TTL, so
 * what a test leaves behind expires by itself.
 *
 * @param server where Redis answers
 * @param keyPrefix a prefix no other test class uses, e.g. {@code tl-test-redistest-x1y2}
 */
public record RedisNamespace(StoreAddress server, String keyPrefix) {

  /**
   * The Redis URI.
   *
   * @return e.g. {@code redis://127.0.0.1:6379}
   */
  public String uri() {
    return server.url();
  }
}
