package org.timerlock.example.console;

import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A script's view of the console: one user's session over plain HTTP, as curl would have it. */
final class ConsoleClient {

  private static final Pattern TOKEN = Pattern.compile("\"token\":\"([^\"]+)\"");

  private final URI console;
  private final String authorization;
  private final HttpClient http =
      HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

  ConsoleClient(URI console, String user, String password) {
    this.console = console;
    this.authorization =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(console.resolve(path))
            .header("Authorization", authorization)
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The anti-forgery token of this client's session, from the status. */
  String token() throws Exception {
    Matcher token = TOKEN.matcher(get("status?limit=1").body());
    if (!token.find()) {
      throw new AssertionError("the status carries no token");
    }
    return token.group(1);
  }

  /**
   * Posts an action.
   *
   * @param action e.g. {@code release}
   * @param form the form-encoded body
   * @param headers extra headers, name and value in turn
   * @return the response
   */
  HttpResponse<String> post(String action, String form, String... headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(console.resolve("actions/" + action))
            .header("Authorization", authorization)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form));
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
