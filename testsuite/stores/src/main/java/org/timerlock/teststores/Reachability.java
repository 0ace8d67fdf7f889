package org.timerlock.teststores;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Checks that a located store answers, and turns "it does not" into an actionable failure. */
final class Reachability {

  private static final int TIMEOUT_MILLIS = 5000;

  private Reachability() {}

  static Connection connect(StoreAddress address) {
    DriverManager.setLoginTimeout(TIMEOUT_MILLIS / 1000);
    try {
      return DriverManager.getConnection(address.url(), address.user(), address.password());
    } catch (SQLException e) {
      throw unavailable(address, e.getMessage());
    }
  }

  /** Sends an inline PING; any answer (even NOAUTH) proves a Redis server is there. */
  static void pingRedis(StoreAddress address) {
    URI uri = URI.create(address.url());
    int port = uri.getPort() < 0 ? 6379 : uri.getPort();
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(uri.getHost(), port), TIMEOUT_MILLIS);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      if (!"rediss".equals(uri.getScheme())) {
        OutputStream out = socket.getOutputStream();
        out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        int first = in.read();
        if (first != '+' && first != '-') {
          throw unavailable(
              address, "the server at that address does not speak the Redis protocol");
        }
      }
    } catch (IOException e) {
      throw unavailable(address, e.toString());
    }
  }

  static AssertionError unavailable(StoreAddress address, String reason) {
    return new AssertionError(
        "Cannot reach " + address + ": " + reason + ". " + address.kind().store().howToProvide());
  }
}
