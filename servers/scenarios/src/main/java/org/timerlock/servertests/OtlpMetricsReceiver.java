package org.timerlock.servertests;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPInputStream;

/**
 * An OpenTelemetry collector for one test: it takes the metrics a server exports over OTLP/HTTP
 * ({@code POST /v1/metrics}, protobuf) and shows the latest point of each counter and gauge series
 * as Prometheus text ({@code GET /metrics}), with the names an OpenTelemetry Prometheus exporter
 * gives them: dots become underscores, a monotonic sum ends in {@code _total}. It reads only the
 * fields it shows; histograms are left out.
 */
public final class OtlpMetricsReceiver implements AutoCloseable {

  private final HttpServer server;

  /** The latest value of each series, by its Prometheus sample line without the value. */
  private final Map<String, String> latest = new ConcurrentHashMap<>();

  private OtlpMetricsReceiver(HttpServer server) {
    this.server = server;
  }

  /**
   * Listens on the loopback interface.
   *
   * @param port the port the server's exporter is configured with
   * @return the receiver
   */
  public static OtlpMetricsReceiver start(int port) {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
      OtlpMetricsReceiver receiver = new OtlpMetricsReceiver(server);
      server.createContext("/v1/metrics", receiver::export);
      server.createContext("/metrics", receiver::scrape);
      server.start();
      return receiver;
    } catch (IOException e) {
      throw new IllegalStateException("cannot listen on 127.0.0.1:" + port, e);
    }
  }

  /**
   * Where the Prometheus text of what was received is.
   *
   * @return the receiver's {@code /metrics} address
   */
  public URI prometheus() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private void export(HttpExchange exchange) throws IOException {
    try (exchange) {
      InputStream body = exchange.getRequestBody();
      if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
        body = new GZIPInputStream(body);
      }
      Message request = new Message(body.readAllBytes());
      try {
        while (request.next()) {
          if (request.field == 1) {
            resourceMetrics(request.message());
          } else {
            request.skip();
          }
        }
      } catch (RuntimeException unreadable) {
        // The exporter logs the refusal: the test then sees no meter, and the server log why.
        byte[] why = unreadable.toString().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(400, why.length);
        exchange.getResponseBody().write(why);
        return;
      }
      // An empty ExportMetricsServiceResponse: everything accepted.
      exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
      exchange.sendResponseHeaders(200, -1);
    }
  }

  private void scrape(HttpExchange exchange) throws IOException {
    try (exchange) {
      StringBuilder text = new StringBuilder();
      new TreeMap<>(latest)
          .forEach((series, value) -> text.append(series).append(' ').append(value).append('\n'));
      byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
      exchange.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  private void resourceMetrics(Message resource) {
    while (resource.next()) {
      if (resource.field == 2) {
        Message scope = resource.message();
        while (scope.next()) {
          if (scope.field == 2) {
            metric(scope.message());
          } else {
            scope.skip();
          }
        }
      } else {
        resource.skip();
      }
    }
  }

  /** A Metric: name (1), gauge (5), sum (7); a sum's is_monotonic is its field 3. */
  private void metric(Message metric) {
    String name = null;
    Message points = null;
    boolean monotonic = false;
    while (metric.next()) {
      switch (metric.field) {
        case 1 -> name = metric.string();
        case 5 -> points = metric.message();
        case 7 -> {
          Message sum = metric.message();
          points = new Message(sum.bytes);
          while (sum.next()) {
            if (sum.field == 3) {
              monotonic = sum.varint() != 0;
            } else {
              sum.skip();
            }
          }
        }
        default -> metric.skip();
      }
    }
    if (name == null || points == null) {
      return;
    }
    String sample = name.replace('.', '_') + (monotonic ? "_total" : "");
    while (points.next()) {
      if (points.field == 1) {
        point(sample, points.message());
      } else {
        points.skip();
      }
    }
  }

  /** A NumberDataPoint: attributes (7), as_double (4), as_int (6). */
  private void point(String sample, Message point) {
    Map<String, String> labels = new TreeMap<>();
    String value = null;
    while (point.next()) {
      switch (point.field) {
        case 7 -> attribute(point.message(), labels);
        case 4 -> value = String.valueOf(Double.longBitsToDouble(point.fixed64()));
        case 6 -> value = String.valueOf(point.fixed64());
        default -> point.skip();
      }
    }
    if (value == null) {
      return;
    }
    StringBuilder series = new StringBuilder(sample);
    if (!labels.isEmpty()) {
      series.append('{');
      labels.forEach(
          (k, v) ->
              series
                  .append(k.replace('.', '_'))
                  .append("=\"")
                  .append(v.replace("\\", "\\\\").replace("\"", "\\\""))
                  .append("\","));
      series.setCharAt(series.length() - 1, '}');
    }
    latest.put(series.toString(), value);
  }

  /** A KeyValue whose value (an AnyValue) is a string: key (1), value (2) string_value (1). */
  private static void attribute(Message keyValue, Map<String, String> labels) {
    String key = null;
    String value = null;
    while (keyValue.next()) {
      if (keyValue.field == 1) {
        key = keyValue.string();
      } else if (keyValue.field == 2) {
        Message any = keyValue.message();
        while (any.next()) {
          if (any.field == 1) {
            value = any.string();
          } else {
            any.skip();
          }
        }
      } else {
        keyValue.skip();
      }
    }
    if (key != null && value != null) {
      labels.put(key, value);
    }
  }

  /** A protobuf message read field by field: {@link #next()}, then one read of that field. */
  private static final class Message {
    private final byte[] bytes;
    private int position;
    private int field;
    private int wireType;

    Message(byte[] bytes) {
      this.bytes = bytes;
    }

    boolean next() {
      if (position >= bytes.length) {
        return false;
      }
      long tag = varint();
      field = (int) (tag >>> 3);
      wireType = (int) (tag & 7);
      return true;
    }

    long varint() {
      long value = 0;
      for (int shift = 0; ; shift += 7) {
        int b = bytes[position++] & 0xff;
        value |= (long) (b & 0x7f) << shift;
        if ((b & 0x80) == 0) {
          return value;
        }
      }
    }

    long fixed64() {
      long value = ByteBuffer.wrap(bytes, position, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
      position += 8;
      return value;
    }

    Message message() {
      return new Message(take((int) varint()));
    }

    String string() {
      return new String(take((int) varint()), StandardCharsets.UTF_8);
    }

    void skip() {
      switch (wireType) {
        case 0 -> varint();
        case 1 -> position += 8;
        case 2 -> {
          // Read the length first: "position += varint()" would add it to the position before.
          int length = (int) varint();
          position += length;
        }
        case 5 -> position += 4;
        default -> throw new IllegalArgumentException("wire type " + wireType);
      }
    }

    private byte[] take(int length) {
      byte[] taken = Arrays.copyOfRange(bytes, position, position + length);
      position += length;
      return taken;
    }
  }
}
