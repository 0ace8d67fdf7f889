package org.timerlock.example.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.timerlock.core.LockConfiguration;
import org.timerlock.redis.RedisLockProvider;
import org.timerlock.servertests.Deployments;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.TestStores;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The operator console of the example, in a real headless Chromium, on two WildFly nodes sharing a
 * Redis store with a thousand other locks: what a viewer and an operator see and may do, what a
 * forged request gets, how hostile lock names and error texts are shown, and the banner when the
 * store is down. Each page it checks is also written to docs/images.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleBrowserIT {

  private static final String APP = "console";
  private static final String DOWN_APP = "console-down";
  private static final RedisNamespace REDIS = TestStores.redisNamespace(ConsoleBrowserIT.class);
  private static final int OTHER_LOCKS = 1000;

  @ArquillianResource ContainerController controller;
  @ArquillianResource Deployer deployer;

  @Deployment(name = "console-node1", managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive onNode1() {
    return app(APP, REDIS.uri());
  }

  @Deployment(name = "console-node2", managed = false, testable = false)
  @TargetsContainer("node2")
  static WebArchive onNode2() {
    return app(APP, REDIS.uri());
  }

  /** The example whose store does not answer: nothing listens on port 1. */
  @Deployment(name = "console-down", managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive storeDown() {
    return app(DOWN_APP, "redis://127.0.0.1:1");
  }

  private static WebArchive app(String name, String redisUri) {
    return Deployments.withConfig(
            Deployments.exampleApp(name),
            "timerlock.provider=redis",
            "timerlock.redis.uri=" + redisUri,
            "timerlock.redis.key-prefix=" + REDIS.keyPrefix(),
            "timerlock.redis.connect-timeout=500ms",
            "timerlock.lock.\"" + ConsoleJobs.MISSED + "\".enabled=false")
        .addClass(ConsoleJobs.class);
  }

  private static URI console(int port, String app) {
    return URI.create("http://127.0.0.1:" + port + "/" + app + "/timerlock/");
  }

  private static URI console() {
    return console(Integer.getInteger("node1.http.port", 8080), APP);
  }

  /**
   * Logs a user in and opens the page: the address with the login in it answers the BASIC
   * challenge, then the plain address (whose relative fetches a browser refuses while the page's
   * own address holds credentials) uses the login Chromium keeps for the origin.
   */
  private static void openAs(Browser browser, URI console, String user) {
    browser.open(
        console.toString().replace("http://", "http://" + user + ":" + user + "-Secret-1@"));
    browser.open(console.toString());
  }

  @Test
  @Order(1)
  void aViewerSeesEveryLockOfTheClusterButNoAction() throws Exception {
    controller.start("node2");
    deployer.deploy("console-node1");
    deployer.deploy("console-node2");
    holdOtherLocks();

    try (Browser browser = new Browser()) {
      openAs(browser, console(), "viewer");
      // The example's own jobs come and go from the Redis listing (it shows held locks only).
      assertThat(total(browser)).isGreaterThanOrEqualTo(OTHER_LOCKS + 1);
      browser.until(d -> browser.find("#facts").getText().contains("seeder") ? true : null);
      assertThat(browser.find("#facts").getText())
          .contains("viewer (viewer)")
          .contains("Redis store")
          .contains("node1");
      assertThat(browser.driver.findElements(By.cssSelector("#locks tbody button:not(.link)")))
          .as("a viewer gets no action buttons")
          .isEmpty();
      assertThat(browser.accessibilityViolations()).as("axe-core on the list").isEmpty();
      browser.screenshot("console-viewer.png");

      // A thousand locks: paged, and searchable by name with the keyboard only.
      browser.find("#next").click();
      browser.until(
          d -> browser.find("#locks-caption").getText().startsWith("Locks 51–100") ? true : null);
      browser.find("#previous").click();
      browser.until(
          d -> browser.find("#locks-caption").getText().startsWith("Locks 1–50") ? true : null);
      browser.driver.navigate().refresh();
      browser.find("#locks tbody tr");
      new Actions(browser.driver).sendKeys(Keys.TAB, Keys.TAB).perform();
      assertThat(browser.script("return document.activeElement.id")).isEqualTo("q");
      new Actions(browser.driver).sendKeys("other-0999", Keys.ENTER).perform();
      browser.until(
          d -> browser.find("#locks-caption").getText().equals("Locks 1–1 of 1") ? true : null);
      assertThat(browser.find("#locks tbody th a").getText()).isEqualTo("other-0999");

      // The running job, found by name.
      browser.find("#q").clear();
      browser.find("#q").sendKeys(ConsoleJobs.SLOW, Keys.ENTER);
      browser.until(
          d -> rowOf(browser, ConsoleJobs.SLOW).getText().matches("(?s).*running\\s+on node.*"));
    }
  }

  @Test
  @Order(2)
  void markupInALockNameOrErrorIsShownAsTextAndAMegabyteErrorIsCut() throws Exception {
    try (Browser browser = new Browser()) {
      openAs(browser, console(), "operator");
      browser.find("#q").sendKeys("script", Keys.ENTER);
      String shown =
          browser.until(
              d ->
                  rowOf(browser, ConsoleJobs.MARKUP)
                      .findElement(By.cssSelector(".error-text"))
                      .getAttribute("textContent"));

      assertThat(
              browser.script(
                  "return document.querySelectorAll('tbody script, tbody img,"
                      + " tbody b').length"))
          .as("no element was made from a name or an error text")
          .isEqualTo(0L);
      assertThat(noAlert(browser)).isTrue();
      assertThat(shown).startsWith("<img src=x onerror=alert(1)> \"quoted\" xxx");
      assertThat(shown.length()).as("the error text is cut").isLessThan(600);
      String errorClass =
          browser.until(
              d ->
                  rowOf(browser, ConsoleJobs.MARKUP)
                      .findElement(By.cssSelector(".error"))
                      .getText());
      assertThat(errorClass).isEqualTo("java.lang.IllegalStateException");

      // The lock's own page, reached with the keyboard: history and the same escaping.
      browser.until(
          d -> {
            rowOf(browser, ConsoleJobs.MARKUP)
                .findElement(By.cssSelector("th a"))
                .sendKeys(Keys.ENTER);
            return true;
          });
      browser.until(d -> browser.find("#lock-heading").getText().contains("quoted") ? true : null);
      assertThat(browser.find("#lock-heading").getAttribute("textContent"))
          .isEqualTo(ConsoleJobs.MARKUP);
      assertThat(browser.script("return document.activeElement.id")).isEqualTo("lock-heading");
      assertThat(noAlert(browser)).isTrue();
      assertThat(browser.accessibilityViolations()).as("axe-core on a lock's page").isEmpty();
      browser.screenshot("console-lock.png");
    }
  }

  @Test
  @Order(4)
  void anOperatorRunsAJobNowAsAManualRun() throws Exception {
    try (Browser browser = new Browser()) {
      openAs(browser, console(), "operator");
      browser.find("#q").sendKeys(ConsoleJobs.MANUAL, Keys.ENTER);
      browser.until(
          d -> {
            rowOf(browser, ConsoleJobs.MANUAL)
                .findElement(By.cssSelector("button[aria-label='Run now manual-export']"))
                .click();
            return true;
          });
      browser.until(
          d -> browser.find("#notice").getText().contains("started on node") ? true : null);
      // Recorded by the release as a manual run, without a fire: the row shows its last run.
      browser.until(
          d -> rowOf(browser, ConsoleJobs.MANUAL).getText().contains("SUCCEEDED (MANUAL)"));
      browser.screenshot("console-run-now.png");
    }
  }

  @Test
  @Order(5)
  void anOperatorReleasesARunningLockAtThreeHundredTwentyPixels() throws Exception {
    try (Browser browser = new Browser()) {
      browser.width(320);
      openAs(browser, console(), "operator");
      browser.find("#q").sendKeys(ConsoleJobs.SLOW, Keys.ENTER);
      rowOf(browser, ConsoleJobs.SLOW);
      assertThat(browser.script("return document.documentElement.scrollWidth <= window.innerWidth"))
          .as("nothing scrolls sideways at 320 px")
          .isEqualTo(true);
      assertThat(browser.accessibilityViolations()).as("axe-core at 320 px").isEmpty();
      browser.screenshot("console-operator-narrow.png");

      browser.until(
          d -> {
            rowOf(browser, ConsoleJobs.SLOW).findElement(By.cssSelector("button.danger")).click();
            return true;
          });
      browser.until(d -> d.switchTo().alert()).accept();
      browser.until(
          d ->
              browser.find("#notice").getText().contains("released 'slow-report'")
                      || browser.find("#notice").getText().contains("not held")
                  ? true
                  : null);
    }
  }

  @Test
  @Order(3)
  void anOperatorPausesAndResumesALock() throws Exception {
    try (Browser browser = new Browser()) {
      openAs(browser, console(), "operator");
      browser.find("#q").sendKeys(ConsoleJobs.SLOW, Keys.ENTER);
      browser.until(
          d -> {
            rowOf(browser, ConsoleJobs.SLOW)
                .findElement(By.cssSelector("button[aria-label='Pause slow-report']"))
                .click();
            return true;
          });
      // The pause form, with the keyboard: empty means until resumed.
      assertThat(browser.script("return document.activeElement.id")).isEqualTo("pause-until");
      new Actions(browser.driver).sendKeys(Keys.TAB, Keys.ENTER).perform();
      browser.until(
          d -> rowOf(browser, ConsoleJobs.SLOW).getText().matches("(?s).*paused\\s+by operator.*"));
      assertThat(browser.find("#notice").getText()).startsWith("paused 'slow-report'");
      browser.screenshot("console-paused.png");

      browser.until(
          d -> {
            rowOf(browser, ConsoleJobs.SLOW)
                .findElement(By.cssSelector("button[aria-label='Resume slow-report']"))
                .click();
            return true;
          });
      browser.until(
          d -> browser.find("#notice").getText().equals("resumed 'slow-report'") ? true : null);
      browser.until(d -> !rowOf(browser, ConsoleJobs.SLOW).getText().contains("paused"));
    }
  }

  @Test
  @Order(6)
  void aViewersActionAndForgedRequestsAreRefused() throws Exception {
    ConsoleClient viewer = new ConsoleClient(console(), "viewer", "viewer-Secret-1");
    String owner = "node1/anything";
    HttpResponse<String> byViewer =
        viewer.post(
            "release",
            "name=slow-report&owner=" + URLEncoder.encode(owner, StandardCharsets.UTF_8),
            "X-TimerLock-Token",
            viewer.token());
    assertThat(byViewer.statusCode()).isEqualTo(403);
    assertThat(byViewer.body()).contains("TIMERLOCK-504").contains("may read the console");

    ConsoleClient operator = new ConsoleClient(console(), "operator", "operator-Secret-1");
    String token = operator.token();
    HttpResponse<String> plainForm = operator.post("release", "name=slow-report&owner=x");
    assertThat(plainForm.statusCode()).isEqualTo(403);
    assertThat(plainForm.body()).contains("TIMERLOCK-503").contains("no anti-forgery token");

    HttpResponse<String> crossSite =
        operator.post(
            "release",
            "name=slow-report&owner=x",
            "X-TimerLock-Token",
            token,
            "Origin",
            "http://evil.example");
    assertThat(crossSite.statusCode()).isEqualTo(403);
    assertThat(crossSite.body()).contains("TIMERLOCK-503").contains("another origin");

    HttpResponse<String> wrongToken =
        operator.post("release", "name=slow-report&owner=x", "X-TimerLock-Token", token + "x");
    assertThat(wrongToken.statusCode()).isEqualTo(403);
    assertThat(wrongToken.body()).contains("TIMERLOCK-503");

    ConsoleClient nobody = new ConsoleClient(console(), "nobody", "nobody-Secret-1");
    HttpResponse<String> unmapped = nobody.get("status");
    assertThat(unmapped.statusCode()).isEqualTo(403);
    assertThat(unmapped.body())
        .contains("TIMERLOCK-502")
        .contains("timerlock-viewer")
        .contains("docs/security.md");
  }

  @Test
  @Order(7)
  void theResponsesAreLockedDown() throws Exception {
    ConsoleClient viewer = new ConsoleClient(console(), "viewer", "viewer-Secret-1");
    HttpResponse<String> page = viewer.get("");
    HttpResponse<String> status = viewer.get("status?limit=2147483647");

    assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html;charset=UTF-8");
    assertThat(status.headers().firstValue("Content-Type"))
        .hasValue("application/json;charset=UTF-8");
    assertThat(status.headers().firstValue("Cache-Control")).hasValue("no-store");
    for (HttpResponse<String> response : List.of(page, status)) {
      assertThat(response.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
      assertThat(response.headers().firstValue("X-Frame-Options")).hasValue("DENY");
      assertThat(response.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
      assertThat(response.headers().firstValue("Content-Security-Policy"))
          .hasValueSatisfying(
              csp ->
                  assertThat(csp)
                      .contains("script-src 'self'")
                      .contains("frame-ancestors 'none'")
                      .doesNotContain("unsafe"));
    }
    assertThat(status.body().split("\"name\":").length - 1)
        .as("a limit of 2147483647 is bounded")
        .isEqualTo(200);
  }

  @Test
  @Order(8)
  void aStoreThatIsDownShowsABannerNotABlankPage() throws Exception {
    deployer.deploy(DOWN_APP);
    try (Browser browser = new Browser()) {
      openAs(browser, console(Integer.getInteger("node1.http.port", 8080), DOWN_APP), "viewer");
      WebElement banner =
          browser.until(
              d -> browser.find("#banner").isDisplayed() ? browser.find("#banner") : null);
      assertThat(banner.getText()).startsWith("TIMERLOCK-505").contains("did not answer");
      assertThat(banner.getText()).doesNotContain("127.0.0.1:1");
      browser.screenshot("console-store-down.png");
    } finally {
      deployer.undeploy(DOWN_APP);
    }
  }

  @Test
  @Order(9)
  void aLockWhoseSlotsNoNodeTookIsShownOverdueSinceTheFirstOfThem() throws Exception {
    // The store granted the job the fire of ten minutes ago, and no node took a slot since: it is
    // switched off on both. Its next slot, nine minutes ago, is long past its grace of 30 s.
    Instant granted = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(10));
    seeder()
        .lock(LockConfiguration.of(ConsoleJobs.MISSED, Duration.ofMinutes(1)).forFire(granted))
        .orElseThrow()
        .unlock();

    try (Browser browser = new Browser()) {
      openAs(browser, console(), "viewer");
      browser.find("#q").sendKeys(ConsoleJobs.MISSED, Keys.ENTER);
      browser.until(
          d ->
              rowOf(browser, ConsoleJobs.MISSED)
                  .getText()
                  .matches("(?s).*overdue/missed\\s+since.*switched off on this node.*"));
      WebElement since =
          rowOf(browser, ConsoleJobs.MISSED).findElement(By.cssSelector(".state-overdue ~ time"));
      assertThat(since.getAttribute("datetime"))
          .as("the first slot after the fire the store granted")
          .isEqualTo(granted.plus(Duration.ofMinutes(1)).toString());
      assertThat(browser.accessibilityViolations()).as("axe-core on an overdue row").isEmpty();
      browser.screenshot("console-overdue.png");
    }
  }

  /** The number of rows the caption counts, once it shows a full first page. */
  private static int total(Browser browser) {
    Matcher caption = Pattern.compile("Locks 1–50 of (\\d+)").matcher("");
    browser.until(d -> caption.reset(browser.find("#locks-caption").getText()).matches());
    return Integer.parseInt(caption.group(1));
  }

  private static boolean noAlert(Browser browser) {
    try {
      browser.driver.switchTo().alert();
      return false;
    } catch (NoAlertPresentException e) {
      return true;
    }
  }

  /** The row of a lock, once the page shows it. */
  private static WebElement rowOf(Browser browser, String name) {
    return browser.until(
        d ->
            d.findElements(By.cssSelector("#locks tbody tr")).stream()
                .filter(
                    row ->
                        name.equals(
                            row.findElement(By.cssSelector("th a")).getAttribute("textContent")))
                .findFirst()
                .orElse(null));
  }

  /** A node named seeder on the test's Redis keys. */
  private static RedisLockProvider seeder() {
    return RedisLockProvider.builder()
        .uri(REDIS.uri())
        .keyPrefix(REDIS.keyPrefix())
        .nodeId("seeder")
        .build();
  }

  /** A thousand other locks, held for ten minutes by a node named seeder. */
  private static void holdOtherLocks() {
    RedisLockProvider seeder = seeder();
    IntStream.range(0, OTHER_LOCKS)
        .forEach(
            i ->
                seeder
                    .lock(
                        LockConfiguration.of(
                            String.format("other-%04d", i), Duration.ofMinutes(10)))
                    .orElseThrow());
  }

  /** The shared Redis keeps nothing of this test. */
  @AfterAll
  static void deleteTheKeys() {
    try (RedisClient redis = RedisClient.create(URI.create(REDIS.uri()))) {
      ScanParams match = new ScanParams().match(REDIS.keyPrefix() + ":*").count(1000);
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> page = redis.scan(cursor, match);
        if (!page.getResult().isEmpty()) {
          redis.del(page.getResult().toArray(String[]::new));
        }
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }
  }
}
