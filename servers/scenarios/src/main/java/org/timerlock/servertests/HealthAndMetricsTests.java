package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.teststores.RedisServerProcess;

/**
 * TimerLock's readiness check and metrics as the server publishes them, read from the server's own
 * endpoints. The example application runs on {@code node1} with its locks in a private redis-server
 * that the test stops and starts again on the same port: the check {@code timerlock-lock-store}
 * turns DOWN, naming the store and the error, and UP once the store is back; the counters of the
 * example's job {@code cache-refresh} (every 3 s) grow with its fires, and its store failures while
 * the store is down.
 *
 * <p>A server module's subclass names the endpoints: the readiness report (MicroProfile Health
 * JSON) and a Prometheus text export of the application's metrics. A server that has no endpoint
 * for the application's metrics reads them where it exports them instead, by overriding {@link
 * #counter}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public abstract class HealthAndMetricsTests {

  /** The name of the application. */
  public static final String APP = "observed";

  /**
   * The system property in which a server module's build gives the application more configuration
   * lines, separated by {@code |}: the exporter of a server that publishes the application's meters
   * through OpenTelemetry, for instance.
   */
  public static final String EXTRA_CONFIG = "observed.config";

  /** The job whose fires are counted: the example's CacheRefresher, every 3 s. */
  static final String LOCK = "cache-refresh";

  static final String CHECK = "timerlock-lock-store";
  static final String ACQUIRED = "timerlock_lock_acquired_total";
  static final String STORE_FAILURES = "timerlock_store_failures_total";
  static final String LOCK_LABEL = "timerlock_lock_name";
  static final String OPERATION_LABEL = "timerlock_store_operation";

  private static final Duration DEADLINE = Duration.ofSeconds(60);

  /** Started when the class loads: the deployment names its port. */
  private static final RedisServerProcess REDIS = RedisServerProcess.launch();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Deployment(name = APP, testable = false)
  @TargetsContainer("node1")
  static WebArchive app() {
    List<String> config = new ArrayList<>();
    config.add("timerlock.provider=redis");
    config.add("timerlock.redis.uri=" + REDIS.uri());
    String extra = System.getProperty(EXTRA_CONFIG, "");
    if (!extra.isBlank()) {
      config.addAll(List.of(extra.split("\\|")));
    }
    return Deployments.withConfig(Deployments.exampleApp(APP), config.toArray(String[]::new));
  }

  @AfterAll
  static void stopTheStore() {
    REDIS.close();
  }

  /**
   * The server's readiness endpoint.
   *
   * @return e.g. {@code http://127.0.0.1:9990/health/ready}
   */
  protected abstract URI readiness();

  /**
   * The server's Prometheus text export, with the application's metrics; read by {@link #counter}
   * unless a subclass reads its counters elsewhere.
   *
   * @return e.g. {@code http://127.0.0.1:9990/prometheus}
   */
  protected URI prometheus() {
    throw new UnsupportedOperationException(
        getClass().getSimpleName() + " names no Prometheus export and does not override counter");
  }

  /**
   * The labels the server adds to this application's series, to tell them from other applications'
   * series of the same names.
   *
   * @return label name to value; empty if the server adds none
   */
  protected Map<String, String> applicationLabels() {
    return Map.of();
  }

  @Test
  public void theAcquisitionCounterGrowsWithTheFires() throws Exception {
    double before = counter(ACQUIRED, Map.of(LOCK_LABEL, LOCK));
    SingleNodeTests.await(
        ACQUIRED + " of " + LOCK + " two fires past " + before,
        () -> counter(ACQUIRED, Map.of(LOCK_LABEL, LOCK)) >= before + 2,
        DEADLINE);
  }

  @Test
  public void readinessFollowsTheStoreAndItsFailuresAreCounted() throws Exception {
    Map<String, Object> up = awaitCheck("UP");
    assertTrue(
        String.valueOf(data(up).get("store")).contains(REDIS.address()),
        "the check names the store: " + up);
    double failures = counter(STORE_FAILURES, Map.of(LOCK_LABEL, LOCK, OPERATION_LABEL, "acquire"));

    REDIS.kill();
    try {
      Map<String, Object> down = awaitCheck("DOWN");
      assertTrue(
          String.valueOf(data(down).get("store")).contains(REDIS.address()),
          "the check names the store: " + down);
      Object error = data(down).get("error");
      assertNotNull(error, "the check says why: " + down);
      assertTrue(String.valueOf(error).contains(REDIS.address()), "the error: " + down);
      SingleNodeTests.await(
          STORE_FAILURES + " of " + LOCK + " past " + failures + " while the store is down",
          () ->
              counter(STORE_FAILURES, Map.of(LOCK_LABEL, LOCK, OPERATION_LABEL, "acquire"))
                  > failures,
          DEADLINE);
    } finally {
      REDIS.start();
    }

    Map<String, Object> back = awaitCheck("UP");
    assertNull(data(back).get("error"), "no error once the store is back: " + back);
    double acquired = counter(ACQUIRED, Map.of(LOCK_LABEL, LOCK));
    SingleNodeTests.await(
        "a fire of " + LOCK + " taking the lock again past " + acquired,
        () -> counter(ACQUIRED, Map.of(LOCK_LABEL, LOCK)) > acquired,
        DEADLINE);
  }

  /** Polls the readiness report until the check has this status; returns the check. */
  private Map<String, Object> awaitCheck(String status) throws InterruptedException {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    while (true) {
      Map<String, Object> check = check();
      if (status.equals(check.get("status"))) {
        return check;
      }
      if (System.nanoTime() > deadline) {
        return fail(
            "timed out after "
                + DEADLINE.toSeconds()
                + " s waiting for "
                + CHECK
                + " "
                + status
                + "; last seen: "
                + check);
      }
      Thread.sleep(200);
    }
  }

  /** The check {@value #CHECK} of the readiness report, read once. */
  @SuppressWarnings("unchecked")
  private Map<String, Object> check() {
    String body = get(readiness());
    Object report = JsonReader.parse(body);
    Object checks = report instanceof Map<?, ?> map ? map.get("checks") : null;
    if (checks instanceof List<?> list) {
      for (Object check : list) {
        if (check instanceof Map<?, ?> map && CHECK.equals(map.get("name"))) {
          return (Map<String, Object>) map;
        }
      }
    }
    return fail("no check " + CHECK + " in the readiness report of " + readiness() + ": " + body);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> data(Map<String, Object> check) {
    Object data = check.get("data");
    return data instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  /**
   * The sum of a counter's samples that have these labels and this application's, read once from
   * the Prometheus export; 0 before the first sample. The counter and its labels are named as
   * Prometheus names TimerLock's meters (e.g. {@code timerlock_lock_acquired_total}, label {@code
   * timerlock_lock_name}); a server that exports them otherwise overrides this and reads them
   * there.
   *
   * @param name the counter's Prometheus name
   * @param labels label name to value, all of which a sample must have
   * @return the sum, as last exported
   */
  protected double counter(String name, Map<String, String> labels) {
    Map<String, String> wanted = new HashMap<>(labels);
    wanted.putAll(applicationLabels());
    return PrometheusText.sum(get(prometheus()), name, wanted);
  }

  /** The body of a GET; a DOWN readiness report comes with status 503. */
  private String get(URI uri) {
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200 && response.statusCode() != 503) {
        fail("GET " + uri + " answered " + response.statusCode() + ": " + response.body());
      }
      return response.body();
    } catch (IOException e) {
      return fail("GET " + uri + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return fail("interrupted: GET " + uri, e);
    }
  }
}
