package org.timerlock.redis;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.RedisSentinelClient;
import redis.clients.jedis.UnifiedJedis;

/**
 * Which Redis the provider talks to: one standalone server, a master found through Sentinel, a
 * cluster, or a client the application made. The builder holds one of these, so that choosing a
 * kind of Redis is one value, and adding a kind is one more record.
 */
sealed interface Topology {

  /** The port of a Sentinel when a node list gives none. */
  int SENTINEL_PORT = 26379;

  /**
   * The client of this topology, with its description for messages. Does not connect.
   *
   * @throws IllegalArgumentException when the settings contradict the topology
   * @throws IllegalStateException when a class the client needs cannot be loaded
   */
  ClientSource source(ClientSettings settings);

  /**
   * What the builder holds besides the topology and what every client is made with. A setting that
   * a topology has no use for (the Sentinels' login for a cluster, say) is ignored by it.
   *
   * @param username the ACL user of the data nodes, or null
   * @param password the password of the data nodes, or null
   * @param database the database index given apart from a URI, or null
   * @param ssl TLS given apart from a URI, or null
   * @param sentinelUsername the ACL user of the Sentinels themselves, or null
   * @param sentinelPassword the password of the Sentinels themselves, or null
   * @param clusterMaxAttempts how often a cluster command is tried
   * @param connection timeouts, pool and TLS options of every connection
   */
  /**
   * Refuses a builder on which no kind of Redis, or more than one, was chosen.
   *
   * @param chosen the latest choice, or null
   * @param several whether kinds of more than one sort were chosen
   */
  static void requireOne(Topology chosen, boolean several) {
    if (chosen == null || several) {
      throw new IllegalArgumentException(
          RedisMessage.INVALID_ARGUMENT.text(
              (chosen == null ? "no Redis was configured" : "more than one Redis was configured")
                  + ": choose exactly one of a URI (standalone), Sentinel, Cluster or a client"));
    }
  }

  record ClientSettings(
      String username,
      String password,
      Integer database,
      Boolean ssl,
      String sentinelUsername,
      String sentinelPassword,
      int clusterMaxAttempts,
      ConnectionOptions connection) {

    /** TLS to Sentinel and Cluster nodes, which have no URI to say it. */
    boolean tls() {
      return ssl != null && ssl;
    }
  }

  /**
   * A standalone Redis (or a proxy in front of one), through a connection pool.
   *
   * @param uri where it is, possibly with the login, the database and TLS
   */
  record Standalone(RedisUri uri) implements Topology {

    /** Reads a {@code redis://} or {@code rediss://} URI, never quoting its password. */
    static Standalone parse(String uri) {
      try {
        return new Standalone(RedisUri.parse(uri));
      } catch (IllegalArgumentException e) {
        throw new UnreadableValue("the Redis URI", RedisUri.shown(uri), RedisUri.ACCEPTED, e);
      }
    }

    @Override
    public ClientSource source(ClientSettings settings) {
      ClientClasses.check();
      String user = merge(uri.user(), settings.username(), "user");
      String secret = merge(uri.password(), settings.password(), "password");
      int db = database(settings.database());
      if (settings.ssl() != null && settings.ssl() != uri.ssl()) {
        throw new IllegalArgumentException(
            RedisMessage.INVALID_ARGUMENT.text(
                "TLS is chosen by the URI's scheme: use rediss:// for TLS and redis:// without"));
      }
      ConnectionOptions connection = settings.connection();
      DefaultJedisClientConfig config = connection.clientConfig(user, secret, db, uri.ssl());
      ConnectionPoolConfig pool = connection.poolConfig();
      HostAndPort node = new HostAndPort(uri.host(), uri.port());
      String description =
          "Redis at "
              + uri.address()
              + (db == 0 ? "" : " (database " + db + ")")
              + connection.tlsLabel(uri.ssl());
      return new ClientSource(
          description,
          () ->
              RedisClient.builder().hostAndPort(node).clientConfig(config).poolConfig(pool).build(),
          true,
          ClientSource.secrets(secret));
    }

    /** The URI's database, unless another is given apart; both, when they differ, contradict. */
    private int database(Integer separately) {
      int db = uri.database();
      if (separately != null && db != 0 && db != separately) {
        throw new IllegalArgumentException(
            RedisMessage.INVALID_ARGUMENT.text(
                "the database is given both in the URI (/"
                    + db
                    + ") and separately ("
                    + separately
                    + ")"));
      }
      return separately != null ? separately : db;
    }

    private static String merge(String fromUri, String separately, String what) {
      if (fromUri != null && separately != null && !fromUri.equals(separately)) {
        throw new IllegalArgumentException(
            RedisMessage.INVALID_ARGUMENT.text(
                "the " + what + " is given both in the URI and separately, with different values"));
      }
      return fromUri != null ? fromUri : separately;
    }
  }

  /**
   * A master found through Redis Sentinel; the client follows failovers.
   *
   * @param master the name the Sentinels monitor the master under
   * @param nodes the Sentinels
   */
  record Sentinel(String master, Set<HostAndPort> nodes) implements Topology {

    /** Reads the master's name and the Sentinels' {@code host:port} list. */
    static Sentinel parse(String master, String nodes) {
      if (master == null || master.isBlank()) {
        throw new IllegalArgumentException(
            RedisMessage.INVALID_ARGUMENT.text("the Sentinel master name must not be blank"));
      }
      return new Sentinel(master.trim(), readNodes("the Sentinel nodes", nodes, SENTINEL_PORT));
    }

    @Override
    public ClientSource source(ClientSettings settings) {
      ClientClasses.check();
      int db = settings.database() == null ? 0 : settings.database();
      boolean tls = settings.tls();
      ConnectionOptions connection = settings.connection();
      DefaultJedisClientConfig masterConfig =
          connection.clientConfig(settings.username(), settings.password(), db, tls);
      DefaultJedisClientConfig sentinelConfig =
          connection.clientConfig(settings.sentinelUsername(), settings.sentinelPassword(), 0, tls);
      ConnectionPoolConfig pool = connection.poolConfig();
      String description =
          "Redis master '"
              + master
              + "' via Sentinel "
              + Endpoints.format(nodes)
              + (db == 0 ? "" : " (database " + db + ")")
              + connection.tlsLabel(tls);
      Set<HostAndPort> sentinels = Set.copyOf(nodes);
      return new ClientSource(
          description,
          () ->
              SentinelReasons.open(
                  () ->
                      RedisSentinelClient.builder()
                          .masterName(master)
                          .sentinels(sentinels)
                          .clientConfig(masterConfig)
                          .sentinelClientConfig(sentinelConfig)
                          .poolConfig(pool)
                          .build(),
                  sentinels,
                  sentinelConfig,
                  master),
          true,
          ClientSource.secrets(settings.password(), settings.sentinelPassword()));
    }
  }

  /**
   * A Redis Cluster; the client discovers every master from these seed nodes.
   *
   * @param nodes some nodes of the cluster
   */
  record Cluster(Set<HostAndPort> nodes) implements Topology {

    /** Reads the seed nodes' {@code host:port} list. */
    static Cluster parse(String nodes) {
      return new Cluster(readNodes("the cluster nodes", nodes, RedisUri.DEFAULT_PORT));
    }

    @Override
    public ClientSource source(ClientSettings settings) {
      ClientClasses.check();
      Integer database = settings.database();
      if (database != null && database != 0) {
        throw new IllegalArgumentException(
            RedisMessage.INVALID_ARGUMENT.text(
                "a Redis Cluster has only database 0, database " + database + " was configured"));
      }
      boolean tls = settings.tls();
      ConnectionOptions connection = settings.connection();
      DefaultJedisClientConfig config =
          connection.clientConfig(settings.username(), settings.password(), 0, tls);
      ConnectionPoolConfig pool = connection.poolConfig();
      Set<HostAndPort> seeds = Set.copyOf(nodes);
      int attempts = settings.clusterMaxAttempts();
      String description =
          "Redis Cluster via " + Endpoints.format(nodes) + connection.tlsLabel(tls);
      return new ClientSource(
          description,
          () ->
              RedisClusterClient.builder()
                  .nodes(seeds)
                  .clientConfig(config)
                  .poolConfig(pool)
                  .maxAttempts(attempts)
                  .build(),
          true,
          ClientSource.secrets(settings.password()));
    }
  }

  /**
   * A client created and closed by the application; no setting of the builder applies to it.
   *
   * @param client the client, which the provider never closes
   * @param description where it connects to, for messages
   */
  record GivenClient(UnifiedJedis client, String description) implements Topology {

    public GivenClient {
      Objects.requireNonNull(client, "client");
      if (description == null || description.isBlank()) {
        description = "Redis (application's client)";
      }
    }

    @Override
    public ClientSource source(ClientSettings settings) {
      return new ClientSource(description, () -> client, false, List.of());
    }
  }

  /** Reads a {@code host:port} list, never quoting what may be a password in it. */
  private static Set<HostAndPort> readNodes(String what, String nodes, int defaultPort) {
    try {
      return Endpoints.parseList(nodes, defaultPort);
    } catch (IllegalArgumentException e) {
      throw new UnreadableValue(what, Endpoints.shown(nodes, defaultPort), Endpoints.ACCEPTED, e);
    }
  }
}
