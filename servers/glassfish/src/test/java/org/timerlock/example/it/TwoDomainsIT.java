package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.example.DigestMailer;
import org.timerlock.example.NightlyReport;
import org.timerlock.servertests.ServerLog;

/**
 * Two GlassFish domains ({@code gf1}, {@code gf2}, port bases 24000 and 24200) with the same
 * application on one PostgreSQL schema: every fire of the EJB timer and of the {@code runAt} method
 * runs on exactly one of them, and no two runs overlap; and neither domain logs a warning about
 * TimerLock while deploying it.
 */
@ExtendWith(Servers.class)
class TwoDomainsIT {

  private static final String APP = "cluster";

  /** Both jobs fire every 2 s. */
  private static final Duration PERIOD = Duration.ofSeconds(2);

  /** How many fires of each job the test checks. */
  private static final int FIRES = 10;

  /**
   * The APIs TimerLock uses when the application sees them, which GlassFish 8 lacks: its classes
   * that refer to them must not make the server's class scan complain.
   */
  private static final List<String> OPTIONAL_APIS =
      List.of("io.micrometer", "io.opentelemetry", "org.eclipse.microprofile.health");

  /** How long a domain may take to log the deployment's summary after asadmin deploy returned. */
  private static final Duration SUMMARY_WAIT = Duration.ofSeconds(60);

  private static final List<GlassFishDomain> NODES = new ArrayList<>();

  /** Each domain's console log before this class deployed the application on it. */
  private static final Map<String, Long> MARKS = new HashMap<>();

  @BeforeAll
  static void deployOnBoth() {
    for (int number = 1; number <= 2; number++) {
      GlassFishDomain node = Servers.node(number);
      MARKS.put(node.name(), console(node).mark());
      GlassFishDomain.Result result = node.deploy(Deployments.exampleApp(), APP);
      assertTrue(result.succeeded(), "the example deploys on " + node.name() + ": " + result);
      NODES.add(node);
    }
  }

  @AfterAll
  static void undeployFromBoth() {
    for (GlassFishDomain node : NODES) {
      node.undeploy(APP);
    }
  }

  /**
   * The console, not {@code server.log}: it has every record as it is logged (see {@link
   * GlassFishDomain}). GlassFish scans every class of the WAR's jars at deployment, so a class of
   * TimerLock's that refers to an API the server lacks would show here too, whoever logs it.
   */
  @Test
  void aCleanDeploymentLogsNoWarningAboutTimerLockOnEitherDomain() throws Exception {
    for (GlassFishDomain node : NODES) {
      ServerLog log = console(node);
      long mark = MARKS.get(node.name());
      Audit.await(
          "the deployment's summary in " + log,
          SUMMARY_WAIT,
          () -> log.deploymentSummarySince(mark));
      List<String> warnings = new ArrayList<>(log.timerLockWarningsSince(mark));
      warnings.removeIf(TwoDomainsIT::isHelidonGlobalConfigWarning);
      warnings.addAll(log.missingClassWarningsSince(mark, OPTIONAL_APIS));
      assertEquals(
          List.of(),
          warnings,
          "WARNING or SEVERE records about TimerLock, or a class of "
              + OPTIONAL_APIS
              + " not found, in "
              + log
              + " since the deployment");
    }
  }

  @Test
  void everyTimerFireRunsOnExactlyOneDomain() throws Exception {
    checkExactlyOncePerFire(NightlyReport.LOCK);
  }

  @Test
  void everyScheduledMethodFireRunsOnExactlyOneDomain() throws Exception {
    checkExactlyOncePerFire(DigestMailer.LOCK);
  }

  private static void checkExactlyOncePerFire(String job) throws Exception {
    Audit audit = new Audit(Servers.database());
    // FIRES fires from a little after now: both domains have the application by then.
    long firstSecond = Instant.now().plusSeconds(3).getEpochSecond();
    Instant from = Instant.ofEpochSecond(firstSecond + firstSecond % 2);
    Instant to = from.plus(PERIOD.multipliedBy(FIRES));
    List<Instant> fires = new ArrayList<>();
    for (Instant fire = from; fire.isBefore(to); fire = fire.plus(PERIOD)) {
      fires.add(fire);
    }
    Audit.await(
        "every fire of " + job + " from " + from + " to " + to + " run and ended",
        Duration.between(Instant.now(), to).plusSeconds(90),
        () -> {
          List<Audit.Run> runs = runsOfFires(audit, job, from, to);
          return runs.stream().allMatch(r -> r.ended() != null)
              && runs.stream().map(Audit.Run::fire).distinct().count() == fires.size();
        });
    // Late fires of the window may still come in on the slower domain: give them a period.
    Thread.sleep(PERIOD.multipliedBy(2).toMillis());
    List<Audit.Run> runs = runsOfFires(audit, job, from, to);
    Map<Instant, Audit.Run> byFire = new HashMap<>();
    for (Audit.Run run : runs) {
      Audit.Run earlier = byFire.put(run.fire(), run);
      assertTrue(earlier == null, "fire " + run.fire() + " ran twice: " + earlier + ", " + run);
      assertTrue(run.locked(), "every run holds the lock: " + run);
    }
    for (int i = 1; i < runs.size(); i++) {
      assertTrue(
          !runs.get(i).started().isBefore(runs.get(i - 1).ended()),
          "runs never overlap: " + runs.get(i - 1) + " and " + runs.get(i));
    }
    long onGf1 = runs.stream().filter(r -> r.node().equals("gf1")).count();
    System.out.printf(
        "%s: %d fires from %s to %s, %d on gf1 and %d on gf2%n",
        job, runs.size(), from, to, onGf1, runs.size() - onGf1);
  }

  /**
   * GlassFish 8.0.0-M12's Helidon logs this WARNING at the first {@code ConfigProvider.getConfig()}
   * of a domain, whichever application calls it; its stack trace names TimerLock's extension only
   * because that is the first caller. GlassFish 8.0.0 no longer logs it. Whether it falls into this
   * class's deployment depends on which test class deployed first on the domain.
   */
  private static boolean isHelidonGlobalConfigWarning(String entry) {
    return entry.contains("|io.helidon.common.config.GlobalConfig|")
        && entry.contains(
            "Contract io.helidon.common.config.Config is not provided by any service");
  }

  private static ServerLog console(GlassFishDomain node) {
    return ServerLog.glassFishConsole(node.consoleLog());
  }

  /** The runs of the fires in [from, to), in the order they started. */
  private static List<Audit.Run> runsOfFires(Audit audit, String job, Instant from, Instant to)
      throws Exception {
    return audit.runs(job, from.minusSeconds(1)).stream()
        .filter(r -> r.fire() != null && !r.fire().isBefore(from) && r.fire().isBefore(to))
        .toList();
  }
}
