package org.timerlock.example.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.concurrent.Asynchronous;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.internal.CdiMessage;
import org.timerlock.servertests.Deployments;
import org.timerlock.servertests.Recorder;
import org.timerlock.servertests.RunThreads;
import org.timerlock.servertests.ScheduledMethodJob;
import org.timerlock.servertests.ServerLog;

/**
 * WildFly 39 has the Jakarta Concurrency 3.0 API, whose {@code @Asynchronous} has no {@code runAt}:
 * it runs a {@code runAt} method once per call, and says nothing. TimerLock's deployment says it,
 * one INFO line per such method, naming it.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class IgnoredRunAtIT {

  private static final String APP = "runat-on-concurrency-30";

  @ArquillianResource Deployer deployer;

  /**
   * The example with {@link ScheduledMethodJob}, compiled against Concurrency 3.1, and what it
   * needs to deploy: the beans it injects, whose {@value Recorder#DATASOURCE} is here node1's own
   * datasource, and the durations of the lock of the task it schedules through {@code LockedTasks}.
   * That datasource has no table of runs, so the task's runs fail while the application is
   * deployed, and WildFly logs an ERROR for each: the runs are not what this test checks.
   */
  @Deployment(name = APP, managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive app() {
    String webXml =
        """
        <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
          <resource-ref>
            <res-ref-name>%s</res-ref-name>
            <lookup-name>java:jboss/datasources/ExampleDS</lookup-name>
          </resource-ref>
        </web-app>
        """
            .formatted(Recorder.DATASOURCE);
    String task = "timerlock.lock.\"" + ScheduledMethodJob.VIRTUAL_TASK_LOCK + "\".";
    return Deployments.withConfig(
            Deployments.exampleApp(APP),
            task + "lock-at-most-for=" + ScheduledMethodJob.LOCK_AT_MOST_FOR.toSeconds() + "s")
        .addClasses(
            ScheduledMethodJob.class, Recorder.class, RunThreads.class, RunThreads.Seen.class)
        .addAsWebInfResource(new StringAsset(webXml), "web.xml");
  }

  @Test
  void theDeploymentNamesEachRunAtMethodTheServerIgnores() throws Exception {
    // Every locked @Asynchronous method of the job has runAt, which this class path's Concurrency
    // 3.0 API cannot show: the methods are found by their other annotations.
    List<String> runAtMethods =
        Arrays.stream(ScheduledMethodJob.class.getDeclaredMethods())
            .filter(m -> m.isAnnotationPresent(Asynchronous.class))
            .filter(m -> m.isAnnotationPresent(SchedulerLock.class))
            .map(Method::getName)
            .toList();
    assertThat(runAtMethods).isNotEmpty();
    ServerLog log =
        ServerLog.wildFly(Path.of(System.getProperty("nodes.dir"), "node1", "log", "server.log"));
    long mark = log.mark();
    deployer.deploy(APP);
    try {
      // The lines come with the deployment summary, before deploy returns; a deadline in case
      // the log is written late. The example's other locked methods have no runAt.
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      List<String> ignored = ignoredRunAt(log, mark);
      while (ignored.size() < runAtMethods.size() && System.nanoTime() < deadline) {
        Thread.sleep(200);
        ignored = ignoredRunAt(log, mark);
      }
      assertThat(ignored)
          .as("one INFO line per runAt method, in " + log)
          .hasSameSizeAs(runAtMethods)
          .allSatisfy(
              line ->
                  assertThat(line)
                      .contains(" INFO ")
                      .contains("Jakarta Concurrency 3.1")
                      .contains("LockedTasks"));
      for (String method : runAtMethods) {
        assertThat(ignored)
            .as("the line of " + method)
            .anyMatch(
                line -> line.contains(ScheduledMethodJob.class.getName() + "." + method + "()"));
      }
    } finally {
      deployer.undeploy(APP);
    }
  }

  private static List<String> ignoredRunAt(ServerLog log, long mark) {
    return log.entriesSince(mark).stream()
        .filter(e -> e.contains(CdiMessage.RUN_AT_IGNORED.code()))
        .toList();
  }
}
