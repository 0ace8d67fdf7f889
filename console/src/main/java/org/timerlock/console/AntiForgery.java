package org.timerlock.console;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * Tells the console's own actions from forged ones. An action must carry, in the header {@value
 * #HEADER}, the token of the caller's session that only the console's status JSON hands out: a
 * plain form post cannot set a header, and a script of another origin can neither read the token
 * (no CORS) nor send the header without a preflight the console does not answer. The request's
 * {@code Origin} (or {@code Sec-Fetch-Site}) must say same origin as well.
 */
final class AntiForgery {

  /** The request header an action carries its token in. */
  static final String HEADER = "X-TimerLock-Token";

  private static final String ATTRIBUTE = AntiForgery.class.getName();
  private static final SecureRandom RANDOM = new SecureRandom();

  private AntiForgery() {}

  /** The token of the caller's session, made on the first call. */
  static String token(HttpServletRequest request) {
    HttpSession session = request.getSession(true);
    synchronized (session) {
      Object token = session.getAttribute(ATTRIBUTE);
      if (token instanceof String known) {
        return known;
      }
      byte[] bytes = new byte[32];
      RANDOM.nextBytes(bytes);
      String fresh = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
      session.setAttribute(ATTRIBUTE, fresh);
      return fresh;
    }
  }

  /**
   * Why an action is refused as forged.
   *
   * @return the reason; empty when the request is the console's own
   */
  static Optional<String> problem(HttpServletRequest request) {
    String origin = request.getHeader("Origin");
    String host = request.getHeader("Host");
    if (origin != null && (host == null || !origin.equals(request.getScheme() + "://" + host))) {
      return Optional.of("the request comes from another origin");
    }
    String site = request.getHeader("Sec-Fetch-Site");
    if (site != null && !site.equals("same-origin")) {
      return Optional.of("the browser says the request is " + site);
    }
    String sent = request.getHeader(HEADER);
    HttpSession session = request.getSession(false);
    Object expected = session == null ? null : session.getAttribute(ATTRIBUTE);
    if (sent == null || !(expected instanceof String token)) {
      return Optional.of("it carries no anti-forgery token of this session");
    }
    if (!MessageDigest.isEqual(
        sent.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
      return Optional.of("its anti-forgery token is not this session's");
    }
    return Optional.empty();
  }
}
