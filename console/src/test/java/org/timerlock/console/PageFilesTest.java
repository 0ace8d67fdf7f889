package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The page keeps to what its Content-Security-Policy allows, and its script never turns data into
 * markup.
 */
class PageFilesTest {

  private static String body(String path) {
    return StaticFiles.file(path).orElseThrow().body();
  }

  @Test
  void thePageHasNoInlineScriptStyleOrHandler() {
    String page = body("/");

    assertThat(Pattern.compile("<script(?![^>]*\\bsrc=)").matcher(page).find()).isFalse();
    assertThat(page).doesNotContain("<style").doesNotContain("style=");
    assertThat(Pattern.compile("\\son[a-z]+=").matcher(page).find()).isFalse();
    assertThat(page).contains("<html lang=\"en\">").contains("name=\"viewport\"");
  }

  @Test
  void theScriptBuildsTheDomWithTextOnly() {
    String script = body("/console.js");

    assertThat(script)
        .doesNotContain("innerHTML")
        .doesNotContain("outerHTML")
        .doesNotContain("insertAdjacentHTML")
        .doesNotContain("document.write")
        .doesNotContain("eval(")
        .doesNotContain("new Function")
        .contains("textContent");
  }

  @Test
  void eachFileNamesItsCharset() {
    assertThat(StaticFiles.file("/").orElseThrow().contentType()).endsWith(";charset=UTF-8");
    assertThat(StaticFiles.file("/console.js").orElseThrow().contentType())
        .isEqualTo("text/javascript;charset=UTF-8");
    assertThat(StaticFiles.file("/console.css").orElseThrow().contentType())
        .isEqualTo("text/css;charset=UTF-8");
    assertThat(StaticFiles.file("/../pom.xml")).isEmpty();
  }
}
