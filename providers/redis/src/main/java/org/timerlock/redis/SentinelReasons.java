package org.timerlock.redis;

import java.util.Set;
import java.util.function.Supplier;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * Why no Sentinel could name the master. When Jedis cannot ask any Sentinel it reports only "All
 * sentinels down", having merely logged each Sentinel's failure; asking each Sentinel once more
 * recovers those reasons (a TLS host name check, a refused login), which are attached to the
 * client's exception for {@link JedisFailures} to put into words.
 */
final class SentinelReasons {

  private SentinelReasons() {}

  /**
   * Creates the Sentinel client; when that fails because no Sentinel answered, the exception
   * carries each Sentinel's own failure as a suppressed exception.
   *
   * @param opener creates the client
   * @param sentinels the Sentinels the client asks
   * @param config how the client connects to the Sentinels
   * @param master the name the Sentinels monitor the master under
   */
  static UnifiedJedis open(
      Supplier<UnifiedJedis> opener,
      Set<HostAndPort> sentinels,
      JedisClientConfig config,
      String master) {
    try {
      return opener.get();
    } catch (JedisConnectionException e) {
      for (HostAndPort sentinel : sentinels) {
        try (Jedis jedis = new Jedis(sentinel, config)) {
          jedis.sentinelGetMasterAddrByName(master);
        } catch (RuntimeException reason) {
          e.addSuppressed(reason);
        }
      }
      throw e;
    }
  }
}
