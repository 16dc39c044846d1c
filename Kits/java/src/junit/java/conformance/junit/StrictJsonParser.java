package conformance.junit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.internal.LazilyParsedNumber;
import java.io.IOException;

/**
 * Strict JSON (RFC 8259) into Gson's {@link JsonElement}s, numbers as {@link LazilyParsedNumber}
 * holding their literal text. Gson's own reader cannot be used strictly here: it gives up on long
 * number literals (a 400-digit integer is read as an unquoted string, which strict mode refuses and
 * lenient mode would take as a string), and vectors may hold numbers of any length. Also refused:
 * a key twice in one object, a lone surrogate escape, nesting deeper than {@link #MAX_DEPTH}.
 */
public final class StrictJsonParser {
  static final int MAX_DEPTH = 512;

  private final String text;
  private int position;

  private StrictJsonParser(String text) {
    this.text = text;
  }

  /** One JSON text; the message of a refusal names its line and column. */
  public static JsonElement parse(String text) throws IOException {
    StrictJsonParser parser = new StrictJsonParser(text);
    parser.skipWhitespace();
    JsonElement value = parser.value(0);
    parser.skipWhitespace();
    if (parser.position != text.length()) throw parser.problem("more than one JSON value");
    return value;
  }

  private JsonElement value(int depth) throws IOException {
    if (depth > MAX_DEPTH) throw problem("nesting deeper than " + MAX_DEPTH);
    if (position >= text.length()) throw problem("unexpected end of the JSON text");
    char c = text.charAt(position);
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return new JsonPrimitive(string());
      case 't':
        literal("true");
        return new JsonPrimitive(true);
      case 'f':
        literal("false");
        return new JsonPrimitive(false);
      case 'n':
        literal("null");
        return JsonNull.INSTANCE;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        throw problem("unexpected character " + describe(c));
    }
  }

  private JsonObject object(int depth) throws IOException {
    JsonObject object = new JsonObject();
    position++;
    skipWhitespace();
    if (peek() == '}') {
      position++;
      return object;
    }
    while (true) {
      if (peek() != '"') throw problem("expected a string key");
      int keyAt = position;
      String key = string();
      if (object.has(key)) {
        position = keyAt;
        throw problem("the key " + Json.quoted(key) + " twice in one object");
      }
      skipWhitespace();
      expect(':');
      skipWhitespace();
      object.add(key, value(depth + 1));
      skipWhitespace();
      char next = peek();
      position++;
      if (next == '}') return object;
      if (next != ',') {
        position--;
        throw problem("expected ',' or '}'");
      }
      skipWhitespace();
    }
  }

  private JsonArray array(int depth) throws IOException {
    JsonArray array = new JsonArray();
    position++;
    skipWhitespace();
    if (peek() == ']') {
      position++;
      return array;
    }
    while (true) {
      array.add(value(depth + 1));
      skipWhitespace();
      char next = peek();
      position++;
      if (next == ']') return array;
      if (next != ',') {
        position--;
        throw problem("expected ',' or ']'");
      }
      skipWhitespace();
    }
  }

  private String string() throws IOException {
    position++; // the opening quote
    StringBuilder out = null;
    int start = position;
    while (true) {
      if (position >= text.length()) throw problem("unterminated string");
      char c = text.charAt(position);
      if (c == '"') {
        String value =
            out == null ? text.substring(start, position) : out.append(text, start, position).toString();
        position++;
        return value;
      }
      if (c < 0x20) throw problem("a raw control character " + describe(c) + " in a string");
      if (c != '\\') {
        position++;
        continue;
      }
      if (out == null) out = new StringBuilder();
      out.append(text, start, position);
      position++;
      if (position >= text.length()) throw problem("unterminated string");
      char escape = text.charAt(position++);
      switch (escape) {
        case '"', '\\', '/' -> out.append(escape);
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          char unit = hex4();
          if (Character.isHighSurrogate(unit)) {
            if (!text.startsWith("\\u", position)) throw problem("a lone surrogate escape");
            position += 2;
            char low = hex4();
            if (!Character.isLowSurrogate(low)) throw problem("a lone surrogate escape");
            out.append(unit).append(low);
          } else if (Character.isLowSurrogate(unit)) {
            throw problem("a lone surrogate escape");
          } else {
            out.append(unit);
          }
        }
        default -> {
          position--;
          throw problem("an invalid escape \\" + escape);
        }
      }
      start = position;
    }
  }

  private char hex4() throws IOException {
    if (position + 4 > text.length()) throw problem("a \\u escape needs 4 hex digits");
    int value = 0;
    for (int index = 0; index < 4; index++) {
      int digit = Character.digit(text.charAt(position + index), 16);
      if (digit < 0 || text.charAt(position + index) > 'f') {
        throw problem("a \\u escape needs 4 hex digits");
      }
      value = value * 16 + digit;
    }
    position += 4;
    return (char) value;
  }

  private JsonPrimitive number() throws IOException {
    int start = position;
    if (peek() == '-') position++;
    if (peek() == '0') {
      position++;
    } else if (isDigit(peek())) {
      while (isDigit(peek())) position++;
    } else {
      throw problem("a number needs digits");
    }
    if (peek() == '.') {
      position++;
      if (!isDigit(peek())) throw problem("a number needs digits after '.'");
      while (isDigit(peek())) position++;
    }
    if (peek() == 'e' || peek() == 'E') {
      position++;
      if (peek() == '+' || peek() == '-') position++;
      if (!isDigit(peek())) throw problem("a number needs digits in its exponent");
      while (isDigit(peek())) position++;
    }
    return new JsonPrimitive(new LazilyParsedNumber(text.substring(start, position)));
  }

  private void literal(String word) throws IOException {
    if (!text.startsWith(word, position)) throw problem("unexpected character " + describe(peek()));
    position += word.length();
  }

  private void expect(char c) throws IOException {
    if (peek() != c) throw problem("expected '" + c + "'");
    position++;
  }

  private char peek() {
    return position < text.length() ? text.charAt(position) : '\0';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private void skipWhitespace() {
    while (position < text.length()) {
      char c = text.charAt(position);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
      position++;
    }
  }

  private static String describe(char c) {
    return c == '\0' ? "end of text" : String.format("U+%04X", (int) c);
  }

  /** The problem at the current place, as "line L, column C: what". */
  private IOException problem(String what) {
    int line = 1;
    int lineStart = 0;
    for (int index = 0; index < Math.min(position, text.length()); index++) {
      if (text.charAt(index) == '\n') {
        line++;
        lineStart = index + 1;
      }
    }
    return new IOException("line " + line + ", column " + (position - lineStart + 1) + ": " + what);
  }
}
