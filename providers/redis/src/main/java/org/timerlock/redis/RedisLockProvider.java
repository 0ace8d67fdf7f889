package org.timerlock.redis;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javax.net.ssl.SSLSocketFactory;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.spi.HistorySettings;
import redis.clients.jedis.UnifiedJedis;

/**
 * Locks in Redis: standalone, Sentinel-managed or Cluster, through one Jedis {@link UnifiedJedis}
 * client.
 *
 * <p>A lock is the key {@code <key-prefix>:<environment>:<name>} (by default {@code
 * job-lock:default:<name>}, ShedLock's format; a {@code ':'} or {@code '%'} in the prefix or the
 * environment is percent-encoded, see {@link #key}). Its value is the owner of the acquisition,
 * {@code <node-id>/<unique suffix>}; its TTL is the lock's expiry, counted by the Redis server.
 * Beside it, each name has a {@linkplain #stateKey state hash} without TTL that keeps the latest
 * fire, the latest fencing token, the last run (written by its release) and an operator's pause,
 * beyond the lock key; and, when the {@linkplain Builder#history history} is kept, a capped stream
 * of its runs ({@link #historyKey}).
 *
 * <p>Acquire, release and extend are one command each: Lua scripts on both keys, documented with
 * {@link LockCommands}. A refusal ({@link LockAttempt.Outcome#ALREADY_RAN} for a fire at or before
 * the stored one, {@link LockAttempt.Outcome#HELD_ELSEWHERE} while the lock key exists, {@link
 * LockAttempt.Outcome#PAUSED} while an operator's pause lasts) writes nothing; release and extend
 * act only while the key still holds this acquisition's owner. The release appends the run to the
 * history stream in the same script.
 *
 * <p>The fencing token strictly increases per name across nodes, deleted keys and a restart without
 * persistence, unless the state hash is lost and the clock of the Redis server that answers next is
 * behind the latest token (a clock stepped back, or a failover to a replica whose clock is behind
 * and which had not received the latest token). The fire guard is as durable as the state hash: a
 * restart without persistence, a failover that loses the latest write, eviction or a manual {@code
 * DEL} forget it (docs/providers/redis.md gives the exact conditions).
 *
 * <p>Failures of the store are thrown as {@link LockException}s naming the server, never its
 * password. Nothing learnt about the server outlives a failure (broken connections are discarded,
 * scripts re-sent), so the provider works again as soon as Redis does.
 *
 * <p>The client is created at the first lock attempt (a Redis down at start-up does not keep the
 * provider from being built); {@link #close} closes it, unless {@link Builder#client} gave it.
 */
public final class RedisLockProvider implements LockProvider, AutoCloseable {

  /** ShedLock's default key prefix. */
  public static final String DEFAULT_KEY_PREFIX = "job-lock";

  /** ShedLock's default environment. */
  public static final String DEFAULT_ENVIRONMENT = "default";

  /** Time allowed to open a connection, by default. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);

  /** Time allowed for an answer, by default. */
  public static final Duration DEFAULT_SOCKET_TIMEOUT = Duration.ofSeconds(2);

  /** Connections per server, by default. */
  public static final int DEFAULT_POOL_SIZE = 8;

  /** Attempts of a command across cluster redirections and reconnections, by default. */
  public static final int DEFAULT_CLUSTER_MAX_ATTEMPTS = 5;

  /**
   * The longest lock name, in {@code char}s ({@link String#length()}): 1024. A name is part of two
   * keys sent with every acquisition, so its key stays under 3 KB of UTF-8 plus the key prefix and
   * environment; a longer name is refused with an {@link IllegalArgumentException}, at deployment
   * (through {@link #maxNameLength()}) and by {@link #tryLock}.
   */
  public static final int MAX_NAME_LENGTH = 1024;

  /** Time to wait for replicas when {@link Builder#waitForReplicas} is used, by default. */
  public static final Duration DEFAULT_WAIT_TIMEOUT = Duration.ofMillis(500);

  private static final Set<Feature> FEATURES =
      Collections.unmodifiableSet(EnumSet.of(Feature.FIRE_GUARD, Feature.FENCING_TOKENS));

  /** The one logger of the provider and its parts, so that one logger name configures them all. */
  static final System.Logger LOG = System.getLogger(RedisLockProvider.class.getName());

  private final String description;

  private final LockKeys keys;
  private final LazyClient client;
  private final Acquisitions acquisitions;
  private final RedisLockAdmin admin;

  private RedisLockProvider(Builder builder, ClientSource source) {
    this.keys = new LockKeys(KeyFormat.base(builder.keyPrefix, builder.environment));
    this.description = source.description() + ", keys " + key("<name>");
    this.client = new LazyClient(source, toString());
    CommandRunner runner = new CommandRunner(client, source, builder.socketTimeout.toMillis());
    LockCommands commands = new LockCommands(runner);
    ReplicaWait replicas =
        new ReplicaWait(runner, builder.waitForReplicas, builder.waitTimeout.toMillis());
    HistoryStream history = new HistoryStream(builder.history);
    this.acquisitions = new Acquisitions(commands, replicas, keys, builder.nodeId, history);
    this.admin = new RedisLockAdmin(runner, commands, keys, history);
  }

  /**
   * Starts building a provider; choose one of {@link Builder#uri}, {@link Builder#sentinel}, {@link
   * Builder#cluster} or {@link Builder#client}.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    return tryLock(configuration).lock();
  }

  @Override
  public LockAttempt tryLock(LockConfiguration configuration) {
    Objects.requireNonNull(configuration, "configuration");
    return acquisitions.tryLock(configuration);
  }

  /**
   * {@value #MAX_NAME_LENGTH} characters: a name is part of the keys sent with every command.
   *
   * @return {@link #MAX_NAME_LENGTH}
   */
  @Override
  public int maxNameLength() {
    return MAX_NAME_LENGTH;
  }

  /**
   * The lock keys of this provider's prefix and environment, for operators: see {@link
   * RedisLockAdmin}. Listings use {@code SCAN} (each master of a cluster), never {@code KEYS}; a
   * release deletes the lock key and keeps the state hash.
   *
   * @return the admin view of the same keys
   */
  @Override
  public Optional<LockAdmin> admin() {
    return Optional.of(admin);
  }

  /** Both: the state hash of each name keeps the latest fire and the latest token. */
  @Override
  public Set<Feature> features() {
    return FEATURES;
  }

  @Override
  public String description() {
    return description;
  }

  /**
   * The Redis key of a lock name: ShedLock's key, except that a {@code ':'} or {@code '%'} in the
   * key prefix or the environment is percent-encoded ({@code %3A}, {@code %25}), so that no two
   * (prefix, environment, name) share a key. The name is used as it is.
   *
   * @param name the lock name
   * @return {@code <key-prefix>:<environment>:<name>}
   */
  public String key(String name) {
    return keys.key(name);
  }

  /**
   * The Redis key of a lock name's state: a hash with the latest fire ({@code fire}, epoch ms), the
   * latest fencing token ({@code token}), the last run ({@code run_*}) and an operator's pause
   * ({@code pause_until}, {@code pause_by}). It has no TTL: it must outlive the lock key. It is
   * {@code <lock key>:state:<n>}, with the smallest n from 0 up that puts it in the lock key's
   * Redis Cluster hash slot (0 when the lock key has a hash tag).
   *
   * @param name the lock name
   * @return the key, e.g. {@code job-lock:default:nightly-report:state:29212}
   */
  public String stateKey(String name) {
    return keys.stateKey(name);
  }

  /**
   * The Redis key of a lock name's run history: a stream, capped by count and age, with one entry
   * per recorded run or missed slot (the {@code run_*} fields of the state hash). It exists only
   * when the history is kept. It is {@code <lock key>:history:<n>}, with the smallest n from 0 up
   * that puts it in the lock key's Redis Cluster hash slot.
   *
   * @param name the lock name
   * @return the key, e.g. {@code job-lock:default:nightly-report:history:8101}
   */
  public String historyKey(String name) {
    return keys.historyKey(name);
  }

  /** The client, if the first lock attempt created it; for tests. */
  UnifiedJedis clientIfCreated() {
    return client.ifCreated();
  }

  /** Closes the Redis client, unless it was given to {@link Builder#client}. */
  @Override
  public void close() {
    client.close();
  }

  @Override
  public String toString() {
    return "RedisLockProvider[" + description() + "]";
  }

  /**
   * Builds a {@link RedisLockProvider}. Exactly one of {@link #uri}, {@link #sentinel}, {@link
   * #cluster} and {@link #client} must be chosen. Every setter validates its argument and throws
   * {@link IllegalArgumentException} with the reason (never a password).
   */
  public static final class Builder {
    private Topology topology;
    private boolean severalTopologies;
    private String username;
    private String password;
    private Integer database;
    private Boolean ssl;
    private SSLSocketFactory sslSocketFactory;
    private boolean verifyHostname = true;
    private String sentinelUsername;
    private String sentinelPassword;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration socketTimeout = DEFAULT_SOCKET_TIMEOUT;
    private int poolSize = DEFAULT_POOL_SIZE;
    private int clusterMaxAttempts = DEFAULT_CLUSTER_MAX_ATTEMPTS;
    private String keyPrefix = DEFAULT_KEY_PREFIX;
    private String environment = DEFAULT_ENVIRONMENT;
    private String nodeId;
    private int waitForReplicas;
    private Duration waitTimeout = DEFAULT_WAIT_TIMEOUT;
    private HistorySettings history = HistorySettings.OFF;

    private Builder() {}

    /**
     * A standalone Redis (or a proxy in front of one), through a connection pool.
     *
     * @param uri {@code redis://[[user]:password@]host[:port][/database]}, or {@code rediss://} for
     *     TLS; a user-info without a colon is a password for the default user
     * @return this builder
     */
    public Builder uri(String uri) {
      return choose(Topology.Standalone.parse(uri));
    }

    /**
     * A master found through Redis Sentinel; the client follows failovers.
     *
     * @param masterName the name the Sentinels monitor the master under
     * @param nodes the Sentinels, {@code host:port[,host:port...]} (port 26379 when absent)
     * @return this builder
     */
    public Builder sentinel(String masterName, String nodes) {
      return choose(Topology.Sentinel.parse(masterName, nodes));
    }

    /**
     * A Redis Cluster; the client discovers every master from these seed nodes.
     *
     * @param nodes some nodes of the cluster, {@code host:port[,host:port...]}
     * @return this builder
     */
    public Builder cluster(String nodes) {
      return choose(Topology.Cluster.parse(nodes));
    }

    /**
     * A client created and closed by the application. Connection settings of this builder do not
     * apply to it, and {@link RedisLockProvider#close()} leaves it open.
     *
     * @param client the client
     * @param description where it connects to, for messages, e.g. {@code "Redis at cache:6379"}
     * @return this builder
     */
    public Builder client(UnifiedJedis client, String description) {
      return choose(new Topology.GivenClient(client, description));
    }

    /** Another kind of Redis than the one chosen before is reported by {@link #build}. */
    private Builder choose(Topology chosen) {
      severalTopologies |= topology != null && topology.getClass() != chosen.getClass();
      topology = chosen;
      return this;
    }

    /**
     * The ACL user, when not given in the URI.
     *
     * @param username the user; null for the default user
     * @return this builder
     */
    public Builder username(String username) {
      this.username = ArgumentChecks.blankToNull(username);
      return this;
    }

    /**
     * The password, when not given in the URI (keeps it out of the URI).
     *
     * @param password the password; null for none
     * @return this builder
     */
    public Builder password(String password) {
      this.password = ArgumentChecks.emptyToNull(password);
      return this;
    }

    /**
     * The database index, when not given in the URI (standalone and Sentinel only).
     *
     * @param database 0 or more
     * @return this builder
     */
    public Builder database(int database) {
      if (database < 0) {
        throw new IllegalArgumentException(
            RedisMessage.INVALID_ARGUMENT.text("the database index must not be negative"));
      }
      this.database = database;
      return this;
    }

    /**
     * TLS to Sentinel and Cluster nodes. For a standalone server use a {@code rediss://} URI.
     *
     * @param ssl true for TLS
     * @return this builder
     */
    public Builder ssl(boolean ssl) {
      this.ssl = ssl;
      return this;
    }

    /**
     * The TLS socket factory, e.g. one trusting a private certificate authority. By default the
     * JVM's default trust store ({@code javax.net.ssl.trustStore}) decides.
     *
     * @param factory the factory
     * @return this builder
     */
    public Builder sslSocketFactory(SSLSocketFactory factory) {
      this.sslSocketFactory = Objects.requireNonNull(factory, "factory");
      return this;
    }

    /**
     * Whether a TLS server's certificate must name the host the connection was made to, as for
     * HTTPS: a host name must be one of its DNS names, an IP address one of its IP addresses. On by
     * default, for every TLS connection: the standalone server, the Sentinels, the master they name
     * and every cluster node. Without it, any certificate that the trust store accepts is taken for
     * any server, so that whoever holds a certificate from the same authority for another name can
     * pose as Redis. Switch it off only for set-ups reached at addresses their certificates cannot
     * name.
     *
     * @param verify false to accept a trusted certificate whatever host it names
     * @return this builder
     */
    public Builder verifyHostname(boolean verify) {
      this.verifyHostname = verify;
      return this;
    }

    /**
     * Credentials for the Sentinels themselves, when they require authentication.
     *
     * @param username the user, or null for the default user
     * @param password the password, or null
     * @return this builder
     */
    public Builder sentinelCredentials(String username, String password) {
      this.sentinelUsername = ArgumentChecks.blankToNull(username);
      this.sentinelPassword = ArgumentChecks.emptyToNull(password);
      return this;
    }

    /**
     * Time allowed to open a connection.
     *
     * @param timeout positive
     * @return this builder
     */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = ArgumentChecks.positiveMillis(timeout, "the connect timeout");
      return this;
    }

    /**
     * Time allowed for each answer; a server that does not answer in time fails the lock attempt.
     *
     * @param timeout positive
     * @return this builder
     */
    public Builder socketTimeout(Duration timeout) {
      this.socketTimeout = ArgumentChecks.positiveMillis(timeout, "the socket timeout");
      return this;
    }

    /**
     * The most connections open to one server (per node in a cluster).
     *
     * @param size 1 or more
     * @return this builder
     */
    public Builder poolSize(int size) {
      this.poolSize = ArgumentChecks.atLeast(1, size, "the pool size");
      return this;
    }

    /**
     * How often a cluster command is tried across redirections and reconnections.
     *
     * @param attempts 1 or more
     * @return this builder
     */
    public Builder clusterMaxAttempts(int attempts) {
      this.clusterMaxAttempts = ArgumentChecks.atLeast(1, attempts, "the cluster max attempts");
      return this;
    }

    /**
     * The first part of every key.
     *
     * @param keyPrefix not blank; {@code job-lock} by default
     * @return this builder
     */
    public Builder keyPrefix(String keyPrefix) {
      this.keyPrefix = ArgumentChecks.notBlank(keyPrefix, "the key prefix");
      return this;
    }

    /**
     * The second part of every key, separating environments that share one Redis.
     *
     * @param environment not blank; {@code default} by default
     * @return this builder
     */
    public Builder environment(String environment) {
      this.environment = ArgumentChecks.notBlank(environment, "the environment");
      return this;
    }

    /**
     * The readable prefix of the owner values this node writes.
     *
     * @param nodeId not blank; host name and process id by default
     * @return this builder
     */
    public Builder nodeId(String nodeId) {
      this.nodeId = ArgumentChecks.notBlank(nodeId, "the node id");
      return this;
    }

    /**
     * After each acquisition and extension, waits ({@code WAIT}) until this many replicas have the
     * write. An acquisition that fewer replicas acknowledged in time is given up and reported as a
     * {@link LockException}. Costs one more round trip per acquisition; narrows, but does not
     * close, the window in which a failover loses a lock.
     *
     * @param replicas 0 (the default: no waiting) or more
     * @param timeout how long to wait, positive and shorter than the socket timeout
     * @return this builder
     */
    public Builder waitForReplicas(int replicas, Duration timeout) {
      if (replicas < 0) {
        throw new IllegalArgumentException(
            RedisMessage.INVALID_ARGUMENT.text(
                "the number of replicas to wait for must not be negative, was " + replicas));
      }
      this.waitTimeout = ArgumentChecks.positiveMillis(timeout, "the replica wait timeout");
      this.waitForReplicas = replicas;
      return this;
    }

    /**
     * Whether to keep a run history per lock, and its bounds: each release appends its run to a
     * stream beside the lock key, in the same script, trimmed to about max-per-lock entries and to
     * max-age by the server's clock; {@link LockAdmin#history} reads it. Off by default.
     *
     * @param history the history settings ({@code timerlock.history.*})
     * @return this builder
     */
    public Builder history(HistorySettings history) {
      this.history = Objects.requireNonNull(history, "history");
      return this;
    }

    /**
     * Builds the provider. Does not connect: the client is created at the first lock attempt. The
     * classes that client will need are loaded now, unless an application's client was given.
     *
     * @return the provider
     * @throws IllegalArgumentException when no or several topologies were chosen, or settings
     *     contradict each other
     * @throws IllegalStateException when a class Jedis needs (from SLF4J or Commons Pool, say)
     *     cannot be loaded; the message names it
     */
    public RedisLockProvider build() {
      Topology.requireOne(topology, severalTopologies);
      ReplicaWait.requireShorterThan(socketTimeout, waitForReplicas, waitTimeout);
      if (nodeId == null) {
        nodeId = OwnerIds.defaultNodeId();
      }
      ConnectionOptions connection =
          new ConnectionOptions(
              connectTimeout, socketTimeout, poolSize, sslSocketFactory, verifyHostname);
      ClientSource source =
          topology.source(
              new Topology.ClientSettings(
                  username,
                  password,
                  database,
                  ssl,
                  sentinelUsername,
                  sentinelPassword,
                  clusterMaxAttempts,
                  connection));
      return new RedisLockProvider(this, source);
    }
  }
}
