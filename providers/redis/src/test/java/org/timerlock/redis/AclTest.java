package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.resps.AccessControlLogEntry;

/**
 * The ACLs that docs/security.md documents for each feature, on a private server with a replica:
 * each is enough for everything TimerLock sends (acquire after the script cache was flushed, a
 * refusal, extend, release that keeps and that deletes the key, the fire guard, the pool's idle
 * check, the readiness check's look-up, and the feature's own commands) with nothing refused in the
 * server's {@code ACL LOG}; and each command in it is needed: without it something fails or is
 * refused. The user is created from the documented line itself, only its password and key pattern
 * replaced.
 */
class AclTest {

  private static final String ADMIN_PASSWORD = "adm-S3cret-pw";
  private static final String LOCKER_PASSWORD = "lck-S3cret-pw";
  private static final AtomicInteger RUNS = new AtomicInteger();

  /** The commands of every deployment, as in docs/security.md. */
  static final List<String> BASE =
      List.of(
          "evalsha", "eval", "get", "set", "pttl", "pexpire", "del", "hget", "hset", "time",
          "ping");

  /** A feature in use, and the ACL docs/security.md gives for it. */
  enum Feature {
    STANDALONE(BASE),
    DATABASE(with(BASE, "select")),
    WAIT_FOR_REPLICAS(with(BASE, "wait")),
    /** {@code LockAdmin}: listing (and its look-up and release, which need nothing more). */
    ADMIN(with(BASE, "scan")),
    /** The run history: the release appends and trims, the admin reads. */
    HISTORY(with(BASE, "xadd", "xtrim", "xrevrange"));

    final List<String> commands;

    Feature(List<String> commands) {
      this.commands = commands;
    }
  }

  private static RedisServerProcess master;
  private static RedisServerProcess replica;

  @BeforeAll
  static void start() {
    master = RedisServerProcess.launch("--requirepass", ADMIN_PASSWORD);
    replica =
        RedisServerProcess.launch(
            "--requirepass",
            ADMIN_PASSWORD,
            "--masterauth",
            ADMIN_PASSWORD,
            "--replicaof",
            "127.0.0.1",
            "" + master.port());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    try (Jedis onMaster = admin()) {
      while (!onMaster.info("replication").contains("state=online")) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("replica never linked: " + onMaster.info("replication"));
        }
        RedisServerProcess.sleep(50);
      }
    }
  }

  @AfterAll
  static void stop() {
    if (replica != null) {
      replica.close();
    }
    if (master != null) {
      master.close();
    }
  }

  private static Jedis admin() {
    Jedis admin = new Jedis("127.0.0.1", master.port());
    admin.auth(ADMIN_PASSWORD);
    return admin;
  }

  private static List<String> with(List<String> base, String... more) {
    List<String> all = new ArrayList<>(base);
    all.addAll(List.of(more));
    return List.copyOf(all);
  }

  /**
   * The ACLs in the documentation are the ones tested here: the {@code ACL SETUSER} lines of
   * docs/security.md and docs/providers/redis.md, and the additions per feature.
   */
  @Test
  void theDocumentationShowsTheTestedAcls() {
    String security = readDoc("docs/security.md");
    String provider = readDoc("docs/providers/redis.md");
    for (String doc : List.of(security, provider)) {
      assertThat(rules(doc, "ACL SETUSER locker")).containsExactlyInAnyOrderElementsOf(plus(BASE));
    }
    assertThat(rules(security, "ACL SETUSER watcher"))
        .containsExactlyInAnyOrderElementsOf(
            RedisSentinelTest.SENTINEL_ACL.stream()
                .map(r -> r.startsWith("&") ? r : "+" + r)
                .toList());
    assertThat(security)
        .contains("| `+select` |", "| `+wait` |", "| `+scan` |", "| `+xadd +xtrim +xrevrange` |")
        .contains("also `+" + String.join(" +", RedisClusterTest.CLUSTER_ADMIN_ACL) + "`")
        .contains(
            "| `"
                + String.join(" ", plus(RedisClusterTest.CLUSTER_ACL)).replace("|", "\\|")
                + "` |");
  }

  private static List<String> plus(List<String> commands) {
    return commands.stream().map(c -> "+" + c).toList();
  }

  /** The +command and &channel rules of every line of the document that starts so. */
  private static List<String> rules(String document, String start) {
    List<String> lines = document.lines().filter(l -> l.startsWith(start)).toList();
    assertThat(lines).as("lines starting with %s", start).isNotEmpty();
    List<String> rules = new ArrayList<>();
    for (String line : lines) {
      List<String> here =
          Stream.of(line.split("\\s+"))
              .filter(t -> t.startsWith("+") || t.startsWith("&"))
              .toList();
      if (!rules.isEmpty()) {
        assertThat(here).as("every such line").containsExactlyInAnyOrderElementsOf(rules);
      }
      rules = here;
    }
    return rules;
  }

  @ParameterizedTest
  @EnumSource(Feature.class)
  void theDocumentedAclIsEnough(Feature feature) {
    List<String> refused = exercise(feature, feature.commands);
    assertThat(refused).as("failures and ACL LOG entries").isEmpty();
  }

  /**
   * Opening a connection sends nothing the server answers with an error: Jedis's {@code CLIENT
   * SETINFO} handshake is off. Redis before 7.2 does not know the command and the documented ACL
   * refuses it on 7.2+; either way error-rate monitoring would count two errors per connection, at
   * every reconnect. This server is the test's own, so no other client adds to its count.
   */
  @Test
  void openingConnectionsCausesNoErrorReply() {
    try (Jedis admin = admin()) {
      List<String> rules = new ArrayList<>(List.of("reset", "on", ">" + LOCKER_PASSWORD, "~acl:*"));
      BASE.forEach(c -> rules.add("+" + c));
      admin.aclSetUser("locker", rules.toArray(String[]::new));
      String name = "connections-" + RUNS.incrementAndGet();
      // Loads the script, so that the measured run's EVALSHA finds it.
      lockAndRelease(name);
      long before = errorReplies(admin);

      lockAndRelease(name);

      assertThat(errorReplies(admin)).as("error replies").isEqualTo(before);
    }
  }

  private static void lockAndRelease(String name) {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .uri("redis://locker:" + LOCKER_PASSWORD + "@127.0.0.1:" + master.port())
            .keyPrefix("acl")
            .build()) {
      provider.lock(LockConfiguration.of(name, Duration.ofMinutes(1))).orElseThrow().unlock();
    }
  }

  private static long errorReplies(Jedis admin) {
    return admin
        .info("stats")
        .lines()
        .filter(line -> line.startsWith("total_error_replies:"))
        .map(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no total_error_replies in INFO stats"));
  }

  static Stream<Arguments> everyCommandOfEveryFeature() {
    return Stream.of(Feature.values())
        .flatMap(feature -> feature.commands.stream().map(c -> Arguments.of(feature, c)));
  }

  @ParameterizedTest
  @MethodSource("everyCommandOfEveryFeature")
  void everyCommandOfTheAclIsNeeded(Feature feature, String command) {
    List<String> without = new ArrayList<>(feature.commands);
    without.remove(command);
    assertThat(exercise(feature, without))
        .as("what fails or is refused without +%s", command)
        .isNotEmpty();
  }

  /**
   * Gives the user exactly these commands on the keys of its prefix, runs everything the feature
   * does, and returns what failed and what the server refused.
   */
  private static List<String> exercise(Feature feature, List<String> commands) {
    List<String> problems = new ArrayList<>();
    try (Jedis admin = admin()) {
      List<String> rules = new ArrayList<>(List.of("reset"));
      rules.addAll(documentedUserRules());
      commands.forEach(c -> rules.add("+" + c));
      admin.aclSetUser("locker", rules.toArray(String[]::new));
      admin.scriptFlush();
      admin.aclLogReset();
      try (RedisLockProvider provider =
          RedisLockProvider.builder()
              .uri(
                  "redis://locker:"
                      + LOCKER_PASSWORD
                      + "@127.0.0.1:"
                      + master.port()
                      + (feature == Feature.DATABASE ? "/3" : ""))
              .keyPrefix("acl")
              .waitForReplicas(
                  feature == Feature.WAIT_FOR_REPLICAS ? 1 : 0, Duration.ofMillis(1000))
              .history(
                  feature == Feature.HISTORY
                      ? new HistorySettings(true, 10, Duration.ofDays(1))
                      : HistorySettings.OFF)
              .build()) {
        try {
          everything(provider, feature);
        } catch (LockException e) {
          problems.add(e.getMessage());
        }
      }
      for (AccessControlLogEntry entry : admin.aclLog()) {
        problems.add("ACL LOG: " + entry.getlogEntry());
      }
    }
    return problems;
  }

  /**
   * The documented locker line of docs/security.md with its command rules left out (the caller adds
   * the commands under test): {@code on}, the password, the key pattern, {@code resetchannels},
   * {@code -@all} as written there, with this test's password and key prefix.
   */
  private static List<String> documentedUserRules() {
    String line =
        readDoc("docs/security.md")
            .lines()
            .filter(l -> l.startsWith("ACL SETUSER locker "))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no ACL SETUSER locker line in security.md"));
    return Stream.of(line.substring("ACL SETUSER locker ".length()).trim().split("\\s+"))
        .filter(rule -> !rule.startsWith("+"))
        .map(rule -> rule.equals(">secret") ? ">" + LOCKER_PASSWORD : rule)
        .map(rule -> rule.equals("~job-lock:*") ? "~acl:*" : rule)
        .toList();
  }

  private static String readDoc(String path) {
    Path root =
        Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent().getParent();
    try {
      return Files.readString(root.resolve(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void everything(RedisLockProvider provider, Feature feature) {
    String name = "everything-" + RUNS.incrementAndGet();
    Instant fire = Instant.parse("2032-01-01T00:00:00Z");
    LockConfiguration config =
        new LockConfiguration(name, Duration.ofMinutes(1), Duration.ofSeconds(30));
    // The first acquisition finds no script on the server: EVALSHA, then EVAL.
    LockAttempt first = provider.tryLock(config.forFire(fire));
    assertThat(first.outcome()).isEqualTo(Outcome.ACQUIRED);
    assertThat(provider.tryLock(config.forFire(fire.plusSeconds(1))).outcome())
        .isEqualTo(Outcome.HELD_ELSEWHERE);
    SimpleLock extended =
        first
            .lock()
            .orElseThrow()
            .extend(Duration.ofMinutes(2), Duration.ofSeconds(30))
            .orElseThrow();
    // lockAtLeastFor has not passed: the key stays for the rest of it.
    extended.unlock();
    // The fire guard: the fire that ran is refused after the release.
    assertThat(provider.tryLock(config.forFire(fire)).outcome()).isEqualTo(Outcome.ALREADY_RAN);
    // Nothing left of lockAtLeastFor: the key is deleted.
    provider
        .lock(LockConfiguration.of(name + "-deleted", Duration.ofMinutes(1)))
        .orElseThrow()
        .unlock();
    LockAdmin admin = provider.admin().orElseThrow();
    // The readiness check's probe: a look-up, whatever features are in use.
    assertThat(admin.find("timerlock-health-probe")).isEmpty();
    assertThat(admin.find(name)).hasValueSatisfying(lock -> assertThat(lock.held()).isTrue());
    // The state hash read by the look-up: the fire guard's fire and the last run.
    LockInfo ran = admin.find(name).orElseThrow();
    assertThat(ran.lastFire()).isEqualTo(fire);
    assertThat(ran.lastRun().fire()).isEqualTo(fire);
    assertThat(ran.lastRun().outcome()).isEqualTo(RunOutcome.SUCCEEDED);
    LockInfo free = admin.find(name + "-deleted").orElseThrow();
    assertThat(free.held()).as("a released lock, found by its state hash").isFalse();
    assertThat(free.lastRun().fire()).isNull();
    // A pause, refused acquisitions while it lasts, and a resume: the same commands as locking.
    admin.pause(name + "-deleted", fire, "ops");
    assertThat(
            provider
                .tryLock(LockConfiguration.of(name + "-deleted", Duration.ofMinutes(1)))
                .outcome())
        .isEqualTo(Outcome.PAUSED);
    assertThat(admin.resume(name + "-deleted", "ops")).isTrue();
    if (feature == Feature.HISTORY) {
      admin.recordMissed(name, fire.plusSeconds(60), "watcher");
      assertThat(admin.history(name, 10))
          .extracting(RunRecord::outcome)
          .containsExactly(RunOutcome.MISSED, RunOutcome.SUCCEEDED);
    }
    if (feature == Feature.ADMIN) {
      String listed = name + "-listed";
      SimpleLock held =
          provider.lock(LockConfiguration.of(listed, Duration.ofMinutes(1))).orElseThrow();
      assertThat(admin.stream(10).map(LockInfo::name)).contains(name, listed);
      assertThat(admin.stream(10).filter(lock -> lock.name().equals(name)))
          .as("listed with its state hash, read in the page's pipeline")
          .singleElement()
          .satisfies(lock -> assertThat(lock.lastRun().outcome()).isEqualTo(RunOutcome.SUCCEEDED));
      LockInfo info = admin.find(listed).orElseThrow();
      assertThat(admin.release(listed, info.owner())).isTrue();
      // Released by the admin: free for anyone at once; the old holder's unlock does nothing.
      provider.lock(LockConfiguration.of(listed, Duration.ofMinutes(1))).orElseThrow().unlock();
      held.unlock();
      assertThat(admin.release(name)).isPresent();
    }
    // The pool's idle check: PING on every idle connection.
    try {
      ((RedisClient) provider.clientIfCreated()).getPool().evict();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
