package org.timerlock.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * A parsed {@code redis://[[user]:password@]host[:port][/database]} or {@code rediss://...} URI.
 *
 * @param host the host name or address
 * @param port the port, 6379 when absent
 * @param user the ACL user, or null for the default user
 * @param password the password, or null
 * @param database the database index, 0 when absent
 * @param ssl true for {@code rediss://}
 */
record RedisUri(String host, int port, String user, String password, int database, boolean ssl) {

  static final int DEFAULT_PORT = 6379;

  /** What {@link #parse} accepts, for messages. */
  static final String ACCEPTED =
      "redis://[[user]:password@]host[:port][/database], or rediss://... for TLS";

  /**
   * Parses the URI. A user-info part without a colon is taken as a password for the default user,
   * as other Redis clients do. Percent-escapes in the user and password are decoded.
   *
   * @throws IllegalArgumentException whose message says what is wrong with the text, e.g. "it has
   *     no host"; it quotes no part of the text (show it with {@link #shown}), and does not say
   *     what is accepted
   */
  static RedisUri parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("it is empty");
    }
    URI uri;
    try {
      uri = new URI(text.trim());
    } catch (URISyntaxException e) {
      // The parser's message quotes the input, password included: do not pass it on.
      throw new IllegalArgumentException("it is not a valid URI");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("redis") || scheme.equals("rediss")) || uri.getRawAuthority() == null) {
      throw new IllegalArgumentException("it does not start with redis:// or rediss://");
    }
    String host = uri.getHost();
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("it has no host");
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("its port is not from 1 to 65535");
    }
    String user = null;
    String password = null;
    String userInfo = uri.getUserInfo();
    if (userInfo != null && !userInfo.isEmpty()) {
      int colon = userInfo.indexOf(':');
      if (colon < 0) {
        password = userInfo;
      } else {
        user = colon == 0 ? null : userInfo.substring(0, colon);
        password = userInfo.substring(colon + 1);
      }
      if (password != null && password.isEmpty()) {
        password = null;
      }
    }
    int database = 0;
    String path = uri.getPath();
    if (path != null && !path.isEmpty() && !path.equals("/")) {
      String db = path.substring(1);
      try {
        database = Integer.parseInt(db);
      } catch (NumberFormatException e) {
        database = -1;
      }
      if (database < 0) {
        // The path is not quoted: a password put there by mistake would be shown.
        throw new IllegalArgumentException("its path is not a database index like /0 or /3");
      }
    }
    if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw new IllegalArgumentException(
          "it has a query or fragment (set options with the timerlock.redis.* keys instead)");
    }
    return new RedisUri(host, port, user, password, database, scheme.equals("rediss"));
  }

  /**
   * How a configured URI is shown in messages: never the text itself, which may hold a password in
   * its user info, its query ({@code ?password=}) or, mistyped, anywhere else; only the host and
   * port, when they can be found.
   *
   * @param text the configured text, valid or not
   * @return e.g. {@code <host:port of a URI, the rest not shown>}, or {@code <not shown>}
   */
  static String shown(String text) {
    if (text == null) {
      return "null";
    }
    try {
      URI uri = new URI(text.trim());
      String host = uri.getHost();
      if (host != null && !host.isBlank()) {
        if (host.startsWith("[") && host.endsWith("]")) {
          host = host.substring(1, host.length() - 1);
        }
        int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
        return "<" + Endpoints.address(host, port) + ", the rest not shown>";
      }
    } catch (URISyntaxException e) {
      // not a URI: nothing in it can be told apart from a password
    }
    return "<not shown: it may contain a password>";
  }

  /** {@code host:port}, with brackets around an IPv6 address. */
  String address() {
    return Endpoints.address(host, port);
  }

  @Override
  public String toString() {
    return (ssl ? "rediss://" : "redis://")
        + (user == null && password == null ? "" : (user == null ? "" : user) + ":***@")
        + address()
        + (database == 0 ? "" : "/" + database);
  }
}
