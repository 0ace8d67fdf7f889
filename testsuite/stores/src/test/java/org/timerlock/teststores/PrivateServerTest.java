package org.timerlock.teststores;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each store's private server against the binaries of this machine. */
class PrivateServerTest {

  @ParameterizedTest
  @EnumSource(StoreKind.class)
  void aPrivateServerAnswersApartFromTheSharedOneAndLeavesNothingBehind(StoreKind kind) {
    Path directory;
    try (PrivateServer server = kind.privateServer()) {
      directory = server.directory();
      StoreAddress address = server.storeAddress();
      assertThat(address.kind()).isEqualTo(kind);
      assertThat(address.url()).isNotEqualTo(kind.localDefault()).contains("127.0.0.1:");
      kind.store().requireAnswers(address);
      assertThat(ProcessHandle.of(server.pid())).as("its process").isPresent();
      assertThat(server.cpuMillis()).isNotNegative();
    }
    assertThat(Files.exists(directory)).as("directory deleted on close").isFalse();
  }
}
