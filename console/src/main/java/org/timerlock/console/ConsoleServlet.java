package org.timerlock.console;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.Optional;
import org.timerlock.core.LockException;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;

/**
 * The console's one servlet. Every request is authenticated by the server's login (the
 * application's {@code login-config}) before it gets here, and must come from a caller with the
 * viewer or the operator role; anyone else is refused with a message saying how to map the roles.
 * Reads are {@code GET}s; actions are {@code POST}s to {@code actions/<action>} by an operator,
 * with the page's anti-forgery token.
 *
 * <ul>
 *   <li>{@code GET <path>/}: the page; {@code console.js}, {@code console.css}: its script, style
 *   <li>{@code GET <path>/status?q=&offset=&limit=}: the header and one page of rows, as JSON
 *   <li>{@code GET <path>/lock?name=}: one lock and its history
 *   <li>{@code GET <path>/help?code=TIMERLOCK-nnn}: a message code's troubleshooting entry
 *   <li>{@code POST <path>/actions/release|pause|resume|run-now}: an action, form-encoded
 * </ul>
 */
public final class ConsoleServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final System.Logger LOG = System.getLogger(ConsoleServlet.class.getName());

  private final transient ConsoleSettings settings;
  private final transient Backend backend = new Backend();

  ConsoleServlet(ConsoleSettings settings) {
    this.settings = settings;
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Responses.secure(response);
    Optional<Caller> caller = authenticate(request, response);
    if (caller.isEmpty()) {
      return;
    }
    String path = request.getPathInfo() == null ? "" : request.getPathInfo();
    String method = request.getMethod();
    try {
      if (path.isEmpty() && method.equals("GET")) {
        response.sendRedirect(request.getRequestURI() + "/");
      } else if (path.startsWith("/actions/") && method.equals("POST")) {
        act(path.substring("/actions/".length()), caller.get(), request, response);
      } else if (method.equals("GET") || method.equals("HEAD")) {
        read(path, caller.get(), request, response);
      } else {
        response.setHeader("Allow", "GET, HEAD, POST");
        Responses.error(response, 405, method + " is not allowed here");
      }
    } catch (LockException | UnsupportedOperationException e) {
      // The store is down, or cannot do what was asked: the page shows a banner, not a blank page.
      // Viewers see the code and what to do, never the store's own message (hosts, users).
      boolean down = e instanceof LockException;
      ConsoleMessage code = down ? ConsoleMessage.STORE_UNAVAILABLE : ConsoleMessage.UNSUPPORTED;
      LOG.log(Level.WARNING, code.text("TimerLock console: " + path + " failed"), e);
      Responses.error(
          response,
          down ? 503 : 501,
          code.text(
              down
                  ? "TimerLock console: the lock store did not answer; its readiness check and"
                      + " this server's log say why"
                  : "TimerLock console: " + RowJson.bounded(e.getMessage())));
    } catch (IllegalArgumentException e) {
      Responses.error(response, 400, RowJson.bounded(e.getMessage()));
    }
  }

  /**
   * The caller, whom the server's login authenticated before the request got here (the servlet is
   * open to authenticated callers only); empty when refused, the response then saying why.
   */
  private Optional<Caller> authenticate(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (request.getUserPrincipal() == null) {
      // The server let an anonymous caller through: the application has no login.
      Responses.error(response, 403, setUp("the application has no login (login-config) for"));
      return Optional.empty();
    }
    Optional<Caller> caller = Caller.of(request, settings);
    if (caller.isEmpty()) {
      Responses.error(response, 403, setUp("the caller is not mapped to"));
    }
    return caller;
  }

  private String setUp(String problem) {
    return ConsoleMessage.NO_ROLE.text(
        "TimerLock console: "
            + problem
            + " '"
            + settings.viewerRole()
            + "' (read) or '"
            + settings.operatorRole()
            + "' (act). Map these roles to users or groups in the server and give the"
            + " application a login-config, as docs/security.md shows, or name roles you map with"
            + " timerlock.console.viewer-role and timerlock.console.operator-role");
  }

  private void read(
      String path, Caller caller, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Optional<StaticFiles.File> file = StaticFiles.file(path);
    if (file.isPresent()) {
      Responses.send(response, 200, file.get().contentType(), file.get().body());
      return;
    }
    switch (path) {
      case "/status" -> status(caller, request, response);
      case "/lock" -> lock(caller, request, response);
      case "/help" -> help(request, response);
      default -> Responses.error(response, 404, "no such page of the TimerLock console");
    }
  }

  private void status(Caller caller, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Jobs jobs = backend.jobs();
    LockRows rows = LockRows.read(backend.admin(), jobs, request.getParameter("q"), backend.now());
    String body =
        StatusJson.status(
            rows,
            number(request, "offset", 0),
            number(request, "limit", 50),
            caller,
            AntiForgery.token(request),
            backend.store(caller.operator()),
            jobs,
            backend.clockOffset().orElse(null));
    Responses.json(response, 200, body);
  }

  private void lock(Caller caller, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String name = request.getParameter("name");
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException(
          ConsoleMessage.BAD_ACTION.text("TimerLock console: the parameter name is missing"));
    }
    Jobs jobs = backend.jobs();
    LockAdmin admin = backend.admin();
    LockInfo stored = admin.find(name).orElse(null);
    Jobs.Job job = jobs.all().stream().filter(j -> j.name().equals(name)).findFirst().orElse(null);
    if (stored == null && job == null) {
      Responses.error(response, 404, "no lock of that name");
      return;
    }
    String body =
        StatusJson.lock(
            LockRow.of(name, job, stored, backend.now()),
            admin,
            caller,
            AntiForgery.token(request),
            backend.store(caller.operator()),
            jobs);
    Responses.json(response, 200, body);
  }

  private void help(HttpServletRequest request, HttpServletResponse response) throws IOException {
    Optional<Troubleshooting.Entry> entry = Troubleshooting.entry(request.getParameter("code"));
    if (entry.isEmpty()) {
      Responses.error(response, 404, "no troubleshooting entry for that code");
      return;
    }
    Troubleshooting.Entry found = entry.get();
    Responses.json(
        response,
        200,
        new Json()
            .beginObject()
            .field("code", found.code())
            .field("message", found.message())
            .field("cause", found.cause())
            .field("fix", found.fix())
            .endObject()
            .toString());
  }

  private void act(
      String action, Caller caller, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Optional<String> forged = AntiForgery.problem(request);
    if (forged.isPresent()) {
      Responses.error(
          response,
          403,
          ConsoleMessage.FORGED.text(
              "TimerLock console: action refused, "
                  + forged.get()
                  + "; act from the console's own page"));
      return;
    }
    if (!caller.operator()) {
      Responses.error(
          response,
          403,
          ConsoleMessage.NOT_OPERATOR.text(
              "TimerLock console: "
                  + RowJson.bounded(caller.name())
                  + " may read the console but not act: acting needs the role '"
                  + settings.operatorRole()
                  + "'"));
      return;
    }
    String done =
        new Actions(backend.admin(), backend.jobs())
            .run(action, request::getParameter, caller.name());
    Responses.json(
        response, 200, new Json().beginObject().field("done", done).endObject().toString());
  }

  private static int number(HttpServletRequest request, String name, int otherwise) {
    String text = request.getParameter(name);
    if (text == null || text.isEmpty()) {
      return otherwise;
    }
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      // A number too large for an int is as good as the bound the view applies anyway.
      return text.matches("\\d+") ? Integer.MAX_VALUE : otherwise;
    }
  }
}
