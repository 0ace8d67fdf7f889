package org.timerlock.teststores;

import org.testcontainers.containers.GenericContainer;

/**
 * What the tests know about one kind of store, in one place: where it is looked for, how to tell
 * that it answers, how a test class gets a namespace of its own on it, and how a developer provides
 * one. {@link StoreKind} names the stores; each has one subclass.
 */
abstract class TestStore {

  private final String label;
  private final String variable;
  private final String localDefault;
  private final String defaultUser;
  private final int port;

  /**
   * @param label the store's name for messages
   * @param variable the environment variable that points the tests at one
   * @param localDefault the address used when neither the variable nor Docker provides one
   * @param defaultUser the user for the local default and containers; null when there is none
   * @param port the store's standard port, as its container exposes it
   */
  TestStore(String label, String variable, String localDefault, String defaultUser, int port) {
    this.label = label;
    this.variable = variable;
    this.localDefault = localDefault;
    this.defaultUser = defaultUser;
    this.port = port;
  }

  final String label() {
    return label;
  }

  final String variable() {
    return variable;
  }

  final String localDefault() {
    return localDefault;
  }

  final String defaultUser() {
    return defaultUser;
  }

  final int port() {
    return port;
  }

  /** A container of the store, not started, for when a Docker engine answers. */
  abstract GenericContainer<?> container();

  /**
   * A server of the store of its own, started and answering.
   *
   * @throws IllegalStateException when it does not start; the message holds its log
   */
  abstract PrivateServer privateServer();

  /**
   * Checks that the store at the address answers.
   *
   * @throws AssertionError when it does not, saying how to provide one
   */
  abstract void requireAnswers(StoreAddress address);

  /**
   * The address of a namespace of its own on the server, and the statements that create and drop
   * it; a store without namespaces to isolate says so.
   *
   * @param server where the store answers
   * @param namespace a name no other test class uses
   */
  abstract Namespace namespace(StoreAddress server, String namespace);

  /**
   * A namespace on a server.
   *
   * @param url the address that points into it
   * @param create the statement that creates it
   * @param drop the statement that drops it with everything in it
   */
  record Namespace(String url, String create, String drop) {}

  /** How a developer makes a store of this kind available; part of every failure message. */
  final String howToProvide() {
    return "Provide "
        + label
        + " by one of: setting "
        + variable
        + " (e.g. "
        + localDefault
        + (defaultUser == null ? "" : ", with " + variable + "_USER/_PASSWORD if needed")
        + "); starting a Docker engine for Testcontainers; or running it locally at "
        + localDefault
        + " (on Debian, 'bash .ci/services.sh' as root installs and starts it).";
  }

  /** A relational store: answers when a JDBC connection opens. */
  abstract static class Database extends TestStore {

    Database(String label, String variable, String localDefault, String defaultUser, int port) {
      super(label, variable, localDefault, defaultUser, port);
    }

    @Override
    final void requireAnswers(StoreAddress address) {
      try (var connection = Reachability.connect(address)) {
        connection.getMetaData(); // connecting is the check
      } catch (java.sql.SQLException e) {
        throw Reachability.unavailable(address, e.getMessage());
      }
    }
  }
}
