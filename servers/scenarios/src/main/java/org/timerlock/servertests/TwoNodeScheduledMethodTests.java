package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.servertests.ExecutionsTable.Run;
import org.timerlock.teststores.IsolatedDatabase;

/**
 * Two server nodes calling {@link ScheduledMethodJob}, an {@code @Asynchronous(runAt = ...)}
 * method, on its schedule, with the lock in PostgreSQL: every fire of the schedule runs on exactly
 * one node, labelled with the fire the schedule gives. For servers with Jakarta Concurrency 3.1;
 * the nodes and system properties are those {@link TwoNodeTests} describes, and a server module
 * runs the scenario with an empty subclass.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public abstract class TwoNodeScheduledMethodTests {

  private static final IsolatedDatabase DB =
      ExecutionsTable.create(TwoNodeScheduledMethodTests.class);

  /** How many fires the test checks. */
  static final int FIRES = 10;

  @ArquillianResource ContainerController controller;
  @ArquillianResource Deployer deployer;

  @Deployment(name = "scheduled-node1", managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive onNode1() {
    return app();
  }

  @Deployment(name = "scheduled-node2", managed = false, testable = false)
  @TargetsContainer("node2")
  static WebArchive onNode2() {
    return app();
  }

  private static WebArchive app() {
    return TwoNodeTests.recordingApp(DB, "timerlock.jdbc.datasource=" + Recorder.DATASOURCE)
        .addClass(ScheduledMethodJob.class);
  }

  @Test
  public void everyFireOfTheScheduleRunsOnceAcrossTheTwoNodesLabelledWithItsFire()
      throws Exception {
    controller.start("node2");
    deployer.deploy("scheduled-node1");
    deployer.deploy("scheduled-node2");
    try {
      checkEveryFireRanOnce();
    } finally {
      deployer.undeploy("scheduled-node2");
      deployer.undeploy("scheduled-node1");
      controller.stop("node2");
    }
  }

  private void checkEveryFireRanOnce() throws Exception {
    ExecutionsTable executions = new ExecutionsTable(DB);
    Duration period = ScheduledMethodJob.PERIOD;
    // FIRES fires, starting a little after both nodes have the application.
    Instant from = TwoNodeTests.firstFireFrom(Instant.now().plusSeconds(2), period);
    Instant to = from.plus(period.multipliedBy(FIRES));
    List<Instant> fires = new ArrayList<>();
    for (Instant fire = from; fire.isBefore(to); fire = fire.plus(period)) {
      fires.add(fire);
    }
    long deadline =
        System.nanoTime() + Duration.between(Instant.now(), to).plusSeconds(60).toNanos();
    List<Run> runs = executions.runsOfFires(ScheduledMethodJob.LOCK, from, to);
    while (!allRanAndEnded(fires, runs) && System.nanoTime() < deadline) {
      Thread.sleep(500);
      runs = executions.runsOfFires(ScheduledMethodJob.LOCK, from, to);
    }
    // A node whose executor calls late for a fire of the window would show up now.
    Thread.sleep(period.multipliedBy(2).toMillis());
    runs = executions.runsOfFires(ScheduledMethodJob.LOCK, from, to);

    TwoNodeTests.assertNoOverlap(runs, ScheduledMethodJob.LOCK_AT_MOST_FOR);
    Map<Instant, Run> byFire = new TreeMap<>();
    for (Run run : runs) {
      assertTrue(
          run.fire().getNano() == 0 && run.fire().getEpochSecond() % period.toSeconds() == 0,
          "a run is labelled with a fire of the schedule: " + run);
      Run earlier = byFire.put(run.fire(), run);
      assertTrue(earlier == null, "fire " + run.fire() + " ran twice: " + earlier + " and " + run);
    }
    assertEquals(fires, List.copyOf(byFire.keySet()), "every fire ran, once; runs: " + runs);
    long onNode1 = runs.stream().filter(r -> r.node().equals("node1")).count();
    System.out.printf(
        "%s: %d fires from %s to %s, %d on node1 and %d on node2%n",
        ScheduledMethodJob.LOCK, runs.size(), from, to, onNode1, runs.size() - onNode1);
  }

  private static boolean allRanAndEnded(List<Instant> fires, List<Run> runs) {
    return runs.stream().allMatch(r -> r.ended() != null)
        && runs.stream().map(Run::fire).distinct().count() == fires.size();
  }
}
