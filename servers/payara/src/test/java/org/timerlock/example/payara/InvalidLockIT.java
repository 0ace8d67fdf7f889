package org.timerlock.example.payara;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.timerlock.servertests.InvalidLockTests;

/**
 * Payara Micro refuses the application with the invalid lock annotation. Payara Micro boots without
 * an application it could not deploy, so the adapter reports the deployment as done: the test
 * checks that the application is not there, and reads the reason in the server's output, which the
 * adapter prints to this JVM's standard output.
 */
class InvalidLockIT extends InvalidLockTests {

  @Override
  protected String deployAndReport() throws Exception {
    PrintStream console = System.out;
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    System.setOut(new PrintStream(new Tee(console, output), true, StandardCharsets.UTF_8));
    try {
      deployer.deploy(BAD);
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:8380/" + BAD + "/")).build(),
                  HttpResponse.BodyHandlers.ofString());
      assertEquals(404, response.statusCode(), "the server runs without the application");
    } finally {
      System.setOut(console);
      deployer.undeploy(BAD);
    }
    return output.toString(StandardCharsets.UTF_8);
  }

  /** Writes to the console and keeps a copy. */
  private static final class Tee extends OutputStream {
    private final OutputStream console;
    private final OutputStream copy;

    Tee(OutputStream console, OutputStream copy) {
      this.console = console;
      this.copy = copy;
    }

    @Override
    public synchronized void write(int b) throws java.io.IOException {
      console.write(b);
      copy.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws java.io.IOException {
      console.write(b, off, len);
      copy.write(b, off, len);
    }

    @Override
    public void flush() throws java.io.IOException {
      console.flush();
    }
  }
}
