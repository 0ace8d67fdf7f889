package org.timerlock.console;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The console's response headers and bodies. Every response, the page included, forbids framing,
 * sniffing and inline script, and sends no referrer; JSON is never cached.
 */
final class Responses {

  /**
   * Scripts, styles and fetches from the console itself only: no inline script or style, no
   * plug-ins, no framing, forms post nowhere else.
   */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src"
          + " 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

  private Responses() {}

  static void secure(HttpServletResponse response) {
    response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Referrer-Policy", "no-referrer");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  }

  static void json(HttpServletResponse response, int status, String body) throws IOException {
    response.setHeader("Cache-Control", "no-store");
    send(response, status, "application/json;charset=UTF-8", body);
  }

  /** A refusal or failure as JSON: {@code {"error": "TIMERLOCK-nnn ..."}}. */
  static void error(HttpServletResponse response, int status, String message) throws IOException {
    json(response, status, new Json().beginObject().field("error", message).endObject().toString());
  }

  static void send(HttpServletResponse response, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType(contentType);
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }
}
