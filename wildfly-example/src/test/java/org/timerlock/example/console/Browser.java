package org.timerlock.example.console;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.ElementNotInteractableException;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium of its own (Debian's, driven by Debian's chromedriver), with a fresh profile:
 * nothing is downloaded, and no login or cookie of another browser carries over.
 */
final class Browser implements AutoCloseable {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final Path profile;
  final ChromeDriver driver;

  Browser() throws IOException {
    profile = Files.createTempDirectory("console-chromium");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(System.getProperty("chromium.binary", "/usr/bin/chromium"));
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,900",
        "--user-data-dir=" + profile);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(
                new File(System.getProperty("webdriver.chrome.driver", "/usr/bin/chromedriver")))
            .build();
    driver = new ChromeDriver(service, options);
  }

  void open(String url) {
    driver.get(url);
  }

  void width(int pixels) {
    driver.manage().window().setSize(new Dimension(pixels, 900));
  }

  <T> T until(Function<WebDriver, T> condition) {
    // The page re-renders its rows at every refresh: an element found a moment ago may be gone,
    // or, caught while its row is being replaced, not take keys or clicks yet.
    return new WebDriverWait(driver, WAIT)
        .pollingEvery(Duration.ofMillis(200))
        .ignoring(StaleElementReferenceException.class)
        .ignoring(ElementNotInteractableException.class)
        .until(condition);
  }

  WebElement find(String css) {
    return until(d -> d.findElement(By.cssSelector(css)));
  }

  Object script(String script, Object... arguments) {
    return ((JavascriptExecutor) driver).executeScript(script, arguments);
  }

  /** The page as a PNG in the docs' images, so the docs always show the console of this build. */
  void screenshot(String name) {
    Path target = Path.of(System.getProperty("console.screenshots", "target")).resolve(name);
    try {
      Files.createDirectories(target.getParent());
      Files.copy(
          driver.getScreenshotAs(OutputType.FILE).toPath(),
          target,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs axe-core (vendored from the npm registry at build time) on the page.
   *
   * @return the violations, each as id and the first affected element
   */
  @SuppressWarnings("unchecked")
  List<String> accessibilityViolations() throws IOException {
    String axe = Files.readString(Path.of(System.getProperty("axe.script")));
    script(axe);
    List<Map<String, Object>> violations =
        (List<Map<String, Object>>)
            ((JavascriptExecutor) driver)
                .executeAsyncScript(
                    "const done = arguments[arguments.length - 1];"
                        + " axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa',"
                        + " 'best-practice'] }).then(r => done(r.violations.map(v => ({ id: v.id,"
                        + " help: v.help, target: JSON.stringify(v.nodes.map(n => n.target))"
                        + " })))).catch(e => done([{ id: 'axe failed', help: String(e), target: ''"
                        + " }]));");
    return violations.stream()
        .map(v -> v.get("id") + ": " + v.get("help") + " at " + v.get("target"))
        .toList();
  }

  @Override
  public void close() throws IOException {
    driver.quit();
    try (var files = Files.walk(profile)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
