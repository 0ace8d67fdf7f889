package org.timerlock.redis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;

/**
 * Parsing and printing of {@code host:port} lists.
 *
 * <p>A list is configuration text that may, by mistake, hold a URI with a password ({@code
 * redis://user:secret@host:6379}): messages about it show only the hosts and ports that could be
 * read, and refer to any other entry by its position, never by its text.
 */
final class Endpoints {

  /** What {@link #parseList} accepts, for messages. */
  static final String ACCEPTED = "host:port[,host:port...]";

  private Endpoints() {}

  /**
   * Parses {@code host:port,host:port}; white space around entries is ignored, a missing port means
   * {@code defaultPort}, IPv6 addresses are written in brackets ({@code [::1]:6379}).
   *
   * @throws IllegalArgumentException whose message says what is wrong, naming the entry at fault by
   *     its position (and its host, when it has a valid one), but not what is accepted ({@link
   *     #ACCEPTED}); it quotes no other part of the text
   */
  static Set<HostAndPort> parseList(String text, int defaultPort) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("it is empty");
    }
    Set<HostAndPort> nodes = new LinkedHashSet<>();
    String[] entries = text.split(",");
    for (int i = 0; i < entries.length; i++) {
      String trimmed = entries[i].trim();
      String which = "entry " + (i + 1);
      if (trimmed.isEmpty()) {
        throw new IllegalArgumentException(which + " is empty");
      }
      nodes.add(parse(trimmed, defaultPort, which));
    }
    return nodes;
  }

  /**
   * How a configured list is shown in messages: the entries that are a valid {@code host:port}, and
   * {@code <entry n>} for the others.
   */
  static String shown(String text, int defaultPort) {
    if (text == null) {
      return "null";
    }
    String[] entries = text.split(",");
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < entries.length; i++) {
      try {
        HostAndPort node = parse(entries[i].trim(), defaultPort, "");
        shown.add(address(node.getHost(), node.getPort()));
      } catch (IllegalArgumentException e) {
        shown.add("<entry " + (i + 1) + ">");
      }
    }
    return String.join(",", shown);
  }

  private static HostAndPort parse(String entry, int defaultPort, String which) {
    if (entry.isEmpty()) {
      throw new IllegalArgumentException(which + " is empty");
    }
    if (entry.contains("@") || entry.contains("/") || entry.contains("?")) {
      throw new IllegalArgumentException(
          which
              + " is a URI, not host:port (not shown: it may contain a password); set the"
              + " credentials with timerlock.redis.username and timerlock.redis.password");
    }
    String host;
    String port = null;
    if (entry.startsWith("[")) {
      int close = entry.indexOf(']');
      if (close < 0) {
        throw new IllegalArgumentException(which + " has no closing ']'");
      }
      host = entry.substring(1, close);
      String rest = entry.substring(close + 1);
      if (!rest.isEmpty()) {
        if (!rest.startsWith(":")) {
          throw new IllegalArgumentException(which + " is not [address]:port");
        }
        port = rest.substring(1);
      }
    } else {
      int colon = entry.lastIndexOf(':');
      if (colon >= 0 && entry.indexOf(':') != colon) {
        throw new IllegalArgumentException(
            which + " has more than one ':': write an IPv6 address as [address]:port");
      }
      host = colon < 0 ? entry : entry.substring(0, colon);
      port = colon < 0 ? null : entry.substring(colon + 1);
    }
    if (host.isBlank() || !host.chars().allMatch(Endpoints::hostCharacter)) {
      throw new IllegalArgumentException(which + " has no valid host");
    }
    int number = defaultPort;
    if (port != null) {
      try {
        number = Integer.parseInt(port);
      } catch (NumberFormatException e) {
        number = -1;
      }
      if (number < 1 || number > 65535) {
        throw new IllegalArgumentException(
            which + " (host " + bracketed(host) + ") has no valid port, a number from 1 to 65535");
      }
    }
    return new HostAndPort(host, number);
  }

  /** Letters, digits and what host names and IP addresses contain ({@code - . _ : %}). */
  private static boolean hostCharacter(int c) {
    return Character.isLetterOrDigit(c) || c == '-' || c == '.' || c == '_' || c == ':' || c == '%';
  }

  static String address(String host, int port) {
    return bracketed(host) + ":" + port;
  }

  private static String bracketed(String host) {
    return host.indexOf(':') >= 0 ? "[" + host + "]" : host;
  }

  static String format(Set<HostAndPort> nodes) {
    List<String> shown = new ArrayList<>();
    for (HostAndPort node : nodes) {
      shown.add(address(node.getHost(), node.getPort()));
    }
    return shown.stream().collect(Collectors.joining(","));
  }
}
