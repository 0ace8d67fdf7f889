package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.timerlock.servertests.Deployments;

/**
 * The operator console of the shared example WAR on Open Liberty, with the role mapping
 * docs/servers/openliberty.md gives (node1's registry from src/test/liberty/console-users.xml, the
 * roles bound in the WAR's ibm-application-bnd.xml): the page and the status answer a viewer, and
 * the console refuses a caller in neither role and an anonymous one.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ConsoleIT {

  @Deployment(testable = false)
  @TargetsContainer("node1")
  static WebArchive deployment() {
    return Deployments.exampleApp("console")
        .addAsWebInfResource(
            new java.io.File("src/test/liberty/ibm-application-bnd.xml"),
            "ibm-application-bnd.xml");
  }

  private static HttpResponse<String> get(URI uri, String user) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri);
    if (user != null) {
      request.header(
          "Authorization",
          "Basic "
              + Base64.getEncoder()
                  .encodeToString(
                      (user + ":" + user + "-Secret-1").getBytes(StandardCharsets.UTF_8)));
    }
    return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aViewerGetsThePageAndTheStatus(@ArquillianResource URL base) throws Exception {
    URI console = URI.create(base.toString()).resolve("timerlock/");

    HttpResponse<String> page = get(console, "viewer");
    assertEquals(200, page.statusCode(), page.body());
    assertTrue(page.body().contains("<title>TimerLock console</title>"), page.body());
    assertEquals("text/html;charset=UTF-8", page.headers().firstValue("Content-Type").orElse(""));

    HttpResponse<String> status = get(console.resolve("status"), "viewer");
    assertEquals(200, status.statusCode(), status.body());
    assertTrue(status.body().contains("\"user\":\"viewer\",\"operator\":false"), status.body());
    // Liberty adds no-cache=set-cookie to a response that starts the session.
    String cacheControl = status.headers().firstValue("Cache-Control").orElse("");
    assertTrue(cacheControl.matches("no-store(,.*)?"), cacheControl);

    HttpResponse<String> asOperator = get(console.resolve("status"), "operator");
    assertTrue(asOperator.body().contains("\"operator\":true"), asOperator.body());
  }

  @Test
  void aCallerInNeitherRoleOrNoneIsRefused(@ArquillianResource URL base) throws Exception {
    URI status = URI.create(base.toString()).resolve("timerlock/status");

    HttpResponse<String> nobody = get(status, "nobody");
    assertEquals(403, nobody.statusCode(), nobody.body());
    assertTrue(nobody.body().contains("TIMERLOCK-502"), nobody.body());

    HttpResponse<String> anonymous = get(status, null);
    assertEquals(401, anonymous.statusCode(), anonymous.body());
  }
}
