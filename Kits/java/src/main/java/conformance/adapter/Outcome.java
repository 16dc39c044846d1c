package conformance.adapter;

import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonPrimitive;
import java.util.Objects;

/**
 * What an implementation answered for one input: {@link #accept(JsonElement)} with its output, or
 * {@link #reject(String, String)} with an error code and, where the suite names one, a field.
 */
public final class Outcome {
  private final boolean accepted;
  private final JsonElement output; // null: accepted without an output
  private final String error;
  private final String field;

  private Outcome(boolean accepted, JsonElement output, String error, String field) {
    this.accepted = accepted;
    this.output = output;
    this.error = error;
    this.field = field;
  }

  /** Accepted with {@code output} (a Java {@code null} is the JSON value {@code null}). */
  public static Outcome accept(JsonElement output) {
    return new Outcome(true, output == null ? JsonNull.INSTANCE : output, null, null);
  }

  /** Accepted with a string output. */
  public static Outcome accept(String output) {
    return accept(output == null ? JsonNull.INSTANCE : new JsonPrimitive(output));
  }

  /** Accepted, for a suite whose accept has no output. */
  public static Outcome accept() {
    return new Outcome(true, null, null, null);
  }

  /** Rejected with an error code. */
  public static Outcome reject(String error) {
    return reject(error, null);
  }

  /** Rejected with an error code and the field concerned ({@code null} for none). */
  public static Outcome reject(String error, String field) {
    return new Outcome(false, null, Objects.requireNonNull(error, "error"), field);
  }

  public boolean isAccept() {
    return accepted;
  }

  /** The output of an accept, or {@code null} when there is none (and for a reject). */
  public JsonElement getOutput() {
    return output;
  }

  /** The error code of a reject, or {@code null}. */
  public String getError() {
    return error;
  }

  /** The field of a reject, or {@code null}. */
  public String getField() {
    return field;
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof Outcome)) return false;
    Outcome that = (Outcome) other;
    return accepted == that.accepted
        && Objects.equals(output, that.output)
        && Objects.equals(error, that.error)
        && Objects.equals(field, that.field);
  }

  @Override
  public int hashCode() {
    return Objects.hash(accepted, output, error, field);
  }

  @Override
  public String toString() {
    if (accepted) return output == null ? "accept()" : "accept(" + output + ")";
    return field == null ? "reject(" + error + ")" : "reject(" + error + ", " + field + ")";
  }
}
