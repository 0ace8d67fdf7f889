package org.timerlock.redis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;

/** Parsing and printing of {@code host:port} lists. */
final class Endpoints {

  /** What {@link #parseList} accepts, for messages. */
  static final String ACCEPTED = "host:port[,host:port...]";

  private Endpoints() {}

  /**
   * Parses {@code host:port,host:port}; white space around entries is ignored, a missing port means
   * {@code defaultPort}, IPv6 addresses are written in brackets ({@code [::1]:6379}).
   *
   * @throws IllegalArgumentException whose message says what is wrong, naming the entry at fault
   *     but not what is accepted ({@link #ACCEPTED})
   */
  static Set<HostAndPort> parseList(String text, int defaultPort) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("it is empty");
    }
    Set<HostAndPort> nodes = new LinkedHashSet<>();
    for (String entry : text.split(",")) {
      String trimmed = entry.trim();
      if (trimmed.isEmpty()) {
        throw new IllegalArgumentException("it has an empty entry");
      }
      nodes.add(parse(trimmed, defaultPort));
    }
    return nodes;
  }

  static HostAndPort parse(String entry, int defaultPort) {
    String host;
    String port = null;
    if (entry.startsWith("[")) {
      int close = entry.indexOf(']');
      if (close < 0) {
        throw new IllegalArgumentException("'" + entry + "' has no closing ']'");
      }
      host = entry.substring(1, close);
      String rest = entry.substring(close + 1);
      if (!rest.isEmpty()) {
        if (!rest.startsWith(":")) {
          throw new IllegalArgumentException("'" + entry + "' is not [address]:port");
        }
        port = rest.substring(1);
      }
    } else {
      int colon = entry.lastIndexOf(':');
      if (colon >= 0 && entry.indexOf(':') != colon) {
        throw new IllegalArgumentException(
            "'" + entry + "' looks like an IPv6 address: write it as [address]:port");
      }
      host = colon < 0 ? entry : entry.substring(0, colon);
      port = colon < 0 ? null : entry.substring(colon + 1);
    }
    if (host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("'" + entry + "' has no valid host");
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
            "'" + entry + "' has no valid port: '" + port + "' is not from 1 to 65535");
      }
    }
    return new HostAndPort(host, number);
  }

  static String address(String host, int port) {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }

  static String format(Set<HostAndPort> nodes) {
    List<String> shown = new ArrayList<>();
    for (HostAndPort node : nodes) {
      shown.add(address(node.getHost(), node.getPort()));
    }
    return shown.stream().collect(Collectors.joining(","));
  }
}
