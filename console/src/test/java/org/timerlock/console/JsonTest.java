package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void escapesEveryCharacterThatCouldEndAStringOrOpenMarkup() {
    String written =
        new Json()
            .beginObject()
            .field("name", "a\"b\\c\n</script><b>&\u2028\u0001")
            .endObject()
            .toString();

    assertThat(written)
        .isEqualTo(
            "{\"name\":\"a\\\"b\\\\c\\n\\u003c/script\\u003e\\u003cb\\u003e\\u0026\\u2028\\u0001\"}");
  }

  @Test
  void placesCommasBetweenMembersAndElementsOnly() {
    Json json = new Json().beginObject().field("a", 1).field("b", true).name("c").beginArray();
    json.value("x").value((String) null).beginObject().field("t", Instant.EPOCH).endObject();
    String written = json.endArray().field("d", (String) null).endObject().toString();

    assertThat(written)
        .isEqualTo(
            "{\"a\":1,\"b\":true,\"c\":[\"x\",null,{\"t\":\"1970-01-01T00:00:00Z\"}],\"d\":null}");
  }
}
