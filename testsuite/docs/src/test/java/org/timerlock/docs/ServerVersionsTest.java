package org.timerlock.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The table of {@code docs/servers/README.md} that says what is tested where names, in its header,
 * the server versions the build tests on: the version properties of the server modules' POMs. A
 * server upgrade that forgets the table fails here.
 */
class ServerVersionsTest {

  private static final String PAGE = "docs/servers/README.md";

  @Test
  void theTestedWhereTableNamesTheVersionsThePomsTestOn() {
    Path root = Markdown.repositoryRoot();
    List<String> expected =
        List.of(
            "Feature",
            // WildFly names its releases without Maven's ".Final" qualifier.
            "WildFly "
                + property(root, "wildfly-example/pom.xml", "wildfly.version")
                    .replaceFirst("\\.Final$", ""),
            "Open Liberty " + property(root, "openliberty-example/pom.xml", "liberty.version"),
            "Payara Micro " + property(root, "servers/payara/pom.xml", "payara.version"),
            "Payara Server "
                + property(root, "servers/payara-server/pom.xml", "payara.server.version"),
            "GlassFish " + property(root, "servers/glassfish/pom.xml", "glassfish.version"));

    assertThat(headerCells(Markdown.read(root, root.resolve(PAGE))))
        .as("the header of the table in %s", PAGE)
        .isEqualTo(expected);
  }

  /** The cells of the one table header whose first cell is "Feature". */
  private static List<String> headerCells(Markdown page) {
    List<String> headers =
        page.lines().stream().filter(l -> l.matches("\\|\\s*Feature\\s*\\|.*")).toList();
    assertThat(headers).as("table headers starting with Feature in %s", PAGE).hasSize(1);
    String header = headers.get(0).trim();
    return List.of(header.substring(1, header.length() - 1).split("\\|")).stream()
        .map(String::trim)
        .toList();
  }

  /** A property of a POM's {@code <properties>}, as written there. */
  static String property(Path root, String pom, String name) {
    try {
      Element project =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .parse(root.resolve(pom).toFile())
              .getDocumentElement();
      NodeList properties = project.getElementsByTagName("properties");
      for (int i = 0; i < properties.getLength(); i++) {
        Element element = (Element) properties.item(i);
        // Only the project's own properties, not a profile's.
        if (element.getParentNode() == project) {
          NodeList values = element.getElementsByTagName(name);
          assertThat(values.getLength()).as("%s in %s", name, pom).isEqualTo(1);
          return values.item(0).getTextContent().trim();
        }
      }
      throw new AssertionError(pom + " has no <properties>");
    } catch (Exception e) {
      throw new AssertionError("cannot read " + name + " from " + pom, e);
    }
  }
}
