package org.timerlock.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import java.net.URI;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisClientConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.timerlock.core.LockProvider;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.redis.RedisLockProvider;
import org.timerlock.teststores.StoreKind;

/**
 * Each library's provider on a store, configured as that library recommends, over a pool or client
 * of its own: what every benchmark node is built on.
 */
public final class Providers {

  private Providers() {}

  /**
   * A provider and what closes its connections.
   *
   * @param provider the provider
   * @param closer closes its pool or client
   * @param <P> TimerLock's or ShedLock's provider type
   */
  public record Opened<P>(P provider, Runnable closer) {}

  /**
   * TimerLock's provider.
   *
   * @param store {@link StoreKind#POSTGRES}, {@link StoreKind#MARIADB} or {@link StoreKind#REDIS}
   * @param namespace the table and key prefix
   * @param nodeName names the pool and the owner values
   * @param connections the pool's size
   * @param createTable whether the provider creates its table (with the fire and token columns)
   * @return the provider
   */
  public static Opened<LockProvider> timerLock(
      StoreKind store,
      Stores.Namespace namespace,
      String nodeName,
      int connections,
      boolean createTable) {
    if (store == StoreKind.REDIS) {
      RedisLockProvider provider =
          RedisLockProvider.builder()
              .uri(Stores.redisUri())
              .poolSize(connections)
              .keyPrefix(namespace.keyPrefix())
              .environment(Stores.REDIS_ENVIRONMENT)
              .nodeId(nodeName)
              .build();
      return new Opened<>(provider, provider::close);
    }
    HikariDataSource pool = Stores.pool(store, nodeName, connections);
    JdbcLockProvider provider =
        JdbcLockProvider.builder()
            .dataSource(pool)
            .tableName(namespace.table())
            .createTable(createTable)
            .nodeId(nodeName)
            .build();
    return new Opened<>(provider, pool::close);
  }

  /**
   * ShedLock's provider: the JdbcTemplate one with database time, or the Spring Data Redis one over
   * a pooled Jedis connection factory.
   *
   * @param store {@link StoreKind#POSTGRES}, {@link StoreKind#MARIADB} or {@link StoreKind#REDIS}
   * @param namespace the table (ShedLock's layout) and key prefix
   * @param nodeName names the pool and the owner values
   * @param connections the pool's size
   * @return the provider
   */
  public static Opened<net.javacrumbs.shedlock.core.LockProvider> shedLock(
      StoreKind store, Stores.Namespace namespace, String nodeName, int connections) {
    if (store == StoreKind.REDIS) {
      URI uri = URI.create(Stores.redisUri());
      GenericObjectPoolConfig<Object> poolConfig = new GenericObjectPoolConfig<>();
      poolConfig.setMaxTotal(connections);
      poolConfig.setMaxIdle(connections);
      poolConfig.setMinIdle(0);
      JedisConnectionFactory factory =
          new JedisConnectionFactory(
              new RedisStandaloneConfiguration(uri.getHost(), uri.getPort()),
              JedisClientConfiguration.builder().usePooling().poolConfig(poolConfig).build());
      factory.afterPropertiesSet();
      factory.start();
      return new Opened<>(
          new net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider(
              factory, Stores.REDIS_ENVIRONMENT, namespace.keyPrefix()),
          factory::destroy);
    }
    HikariDataSource pool = Stores.pool(store, nodeName, connections);
    return new Opened<>(
        new JdbcTemplateLockProvider(
            JdbcTemplateLockProvider.Configuration.builder()
                .withJdbcTemplate(new JdbcTemplate(pool))
                .withTableName(namespace.table())
                .withLockedByValue(nodeName)
                .usingDbTime()
                .build()),
        pool::close);
  }
}
