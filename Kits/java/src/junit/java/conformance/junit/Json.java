package conformance.junit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JSON as the harness reads and shows it: parsed strictly into Gson's {@link JsonElement}s (numbers
 * keep their literal as {@code LazilyParsedNumber}), compared by value (numbers by exact decimal
 * value, strings by code points, object keys in any order), written compactly with every invisible
 * or combining character as a {@code \\u} escape.
 */
final class Json {
  private static final char[] HEX = "0123456789abcdef".toCharArray();
  private Json() {}

  /** One JSON text, strictly (see {@link StrictJsonParser}). */
  static JsonElement parse(Reader source) throws IOException {
    StringBuilder text = new StringBuilder();
    char[] buffer = new char[1 << 16];
    int count;
    while ((count = source.read(buffer)) != -1) text.append(buffer, 0, count);
    return StrictJsonParser.parse(text.toString());
  }

  static JsonElement parse(String text) throws IOException {
    return StrictJsonParser.parse(text);
  }

  static String cleaned(String message) {
    return String.valueOf(message)
        .replace("Use JsonReader.setLenient(true) to accept malformed JSON", "malformed JSON");
  }

  /** Whether two JSON values are equal as the harness compares them. */
  static boolean same(JsonElement a, JsonElement b) {
    if (a.isJsonNull() || b.isJsonNull()) return a.isJsonNull() && b.isJsonNull();
    if (a.isJsonObject() || b.isJsonObject()) {
      if (!a.isJsonObject() || !b.isJsonObject()) return false;
      JsonObject x = a.getAsJsonObject();
      JsonObject y = b.getAsJsonObject();
      if (x.size() != y.size()) return false;
      for (Map.Entry<String, JsonElement> member : x.entrySet()) {
        JsonElement other = y.get(member.getKey());
        if (other == null || !same(member.getValue(), other)) return false;
      }
      return true;
    }
    if (a.isJsonArray() || b.isJsonArray()) {
      if (!a.isJsonArray() || !b.isJsonArray()) return false;
      JsonArray x = a.getAsJsonArray();
      JsonArray y = b.getAsJsonArray();
      if (x.size() != y.size()) return false;
      for (int index = 0; index < x.size(); index++) {
        if (!same(x.get(index), y.get(index))) return false;
      }
      return true;
    }
    JsonPrimitive x = a.getAsJsonPrimitive();
    JsonPrimitive y = b.getAsJsonPrimitive();
    if (x.isNumber() || y.isNumber()) {
      return x.isNumber() && y.isNumber() && sameNumber(x.getAsString(), y.getAsString());
    }
    if (x.isBoolean() || y.isBoolean()) {
      return x.isBoolean() && y.isBoolean() && x.getAsBoolean() == y.getAsBoolean();
    }
    return x.getAsString().equals(y.getAsString());
  }

  /** Two number literals by exact decimal value: {@code BigDecimal.compareTo}, never doubles. */
  static boolean sameNumber(String a, String b) {
    try {
      return new BigDecimal(a).compareTo(new BigDecimal(b)) == 0;
    } catch (NumberFormatException | ArithmeticException exception) {
      // An exponent past BigDecimal's int scale (1e99999999999): compare normalised digits.
      return normalised(a).equals(normalised(b));
    }
  }

  /** sign, significant digits and exponent of a JSON number literal, as one text. */
  private static String normalised(String literal) {
    String text = literal.toLowerCase(java.util.Locale.ROOT);
    boolean negative = text.startsWith("-");
    if (negative) text = text.substring(1);
    BigInteger exponent = BigInteger.ZERO;
    int e = text.indexOf('e');
    if (e >= 0) {
      exponent = new BigInteger(text.substring(e + 1).replace("+", ""));
      text = text.substring(0, e);
    }
    int dot = text.indexOf('.');
    if (dot >= 0) {
      exponent = exponent.subtract(BigInteger.valueOf(text.length() - dot - 1));
      text = text.substring(0, dot) + text.substring(dot + 1);
    }
    text = text.replaceFirst("^0+", "");
    if (text.isEmpty()) return "0";
    int end = text.length();
    while (text.charAt(end - 1) == '0') end--;
    exponent = exponent.add(BigInteger.valueOf(text.length() - end));
    return (negative ? "-" : "") + text.substring(0, end) + "e" + exponent;
  }

  /** Object keys in the order of their UTF-8 bytes (code point order, not UTF-16 order). */
  static List<String> keysInByteOrder(JsonObject object) {
    List<String> keys = new ArrayList<>(object.keySet());
    keys.sort(Json::compareCodePoints);
    return keys;
  }

  private static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) return Integer.compare(x, y);
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  /** Compact JSON; numbers as their literal; strings with invisible characters escaped. */
  static String render(JsonElement value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  private static void write(JsonElement value, StringBuilder out) {
    if (value == null || value.isJsonNull()) {
      out.append("null");
    } else if (value.isJsonObject()) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<String, JsonElement> member : value.getAsJsonObject().entrySet()) {
        if (!first) out.append(',');
        first = false;
        writeString(member.getKey(), out);
        out.append(':');
        write(member.getValue(), out);
      }
      out.append('}');
    } else if (value.isJsonArray()) {
      out.append('[');
      JsonArray array = value.getAsJsonArray();
      for (int index = 0; index < array.size(); index++) {
        if (index > 0) out.append(',');
        write(array.get(index), out);
      }
      out.append(']');
    } else {
      JsonPrimitive primitive = value.getAsJsonPrimitive();
      if (primitive.isString()) {
        writeString(primitive.getAsString(), out);
      } else {
        out.append(primitive.getAsString());
      }
    }
  }

  /** A JSON string literal as the harness shows one (docs: values in failure messages). */
  static String quoted(String text) {
    StringBuilder out = new StringBuilder();
    writeString(text, out);
    return out.toString();
  }

  private static void writeString(String text, StringBuilder out) {
    out.append('"');
    for (int index = 0; index < text.length(); ) {
      int scalar = text.codePointAt(index);
      index += Character.charCount(scalar);
      switch (scalar) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (needsEscape(scalar)) {
            for (char unit : Character.toChars(scalar)) {
              out.append("\\u");
              for (int shift = 12; shift >= 0; shift -= 4) out.append(HEX[(unit >> shift) & 0xF]);
            }
          } else {
            out.appendCodePoint(scalar);
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * Controls, and everything a reader cannot see or tell apart from its neighbours: format
   * characters, combining marks, non-space separators, private use, noncharacters.
   */
  private static boolean needsEscape(int scalar) {
    if (scalar >= 0x20 && scalar < 0x7F) return false;
    if (scalar < 0x20 || (scalar >= 0x7F && scalar <= 0x9F)) return true;
    if ((scalar >= 0xFDD0 && scalar <= 0xFDEF) || (scalar & 0xFFFE) == 0xFFFE) return true;
    return switch (Character.getType(scalar)) {
      case Character.FORMAT,
          Character.NON_SPACING_MARK,
          Character.ENCLOSING_MARK,
          Character.SPACE_SEPARATOR,
          Character.LINE_SEPARATOR,
          Character.PARAGRAPH_SEPARATOR,
          Character.PRIVATE_USE,
          Character.CONTROL,
          Character.SURROGATE -> true;
      default -> false;
    };
  }
}
