package org.timerlock.console;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * The authenticated caller of a console request and what the role mapping lets them do.
 *
 * @param name the caller's name, as the server authenticated them
 * @param operator true when they have the operator role (and may act), false for a viewer
 */
record Caller(String name, boolean operator) {

  /**
   * The caller of a request.
   *
   * @param request the request, already authenticated
   * @param settings the role names
   * @return the caller; empty when nobody is logged in or they have neither role
   */
  static Optional<Caller> of(HttpServletRequest request, ConsoleSettings settings) {
    if (request.getUserPrincipal() == null) {
      return Optional.empty();
    }
    String name = request.getUserPrincipal().getName();
    if (request.isUserInRole(settings.operatorRole())) {
      return Optional.of(new Caller(name, true));
    }
    if (request.isUserInRole(settings.viewerRole())) {
      return Optional.of(new Caller(name, false));
    }
    return Optional.empty();
  }
}
