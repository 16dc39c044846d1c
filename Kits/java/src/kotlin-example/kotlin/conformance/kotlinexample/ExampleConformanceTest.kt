package conformance.kotlinexample

import com.google.gson.JsonElement
import conformance.adapter.Outcome
import conformance.junit.ConformanceTests
import java.util.stream.Stream
import org.junit.jupiter.api.DynamicNode
import org.junit.jupiter.api.TestFactory

/**
 * The example in Kotlin, in-process: leeep.fid and leeep.user-id as a Kotlin SDK would write them,
 * run by JUnit 5 against every vector of a pack (CONFORMANCE_PACK=FILE), answers recorded when
 * CONFORMANCE_ANSWERS=FILE is set.
 *
 * JVM_EXAMPLE_BUG=java-whitespace plants the classic JVM bug for the kit's CI check: "blank"
 * decided by Java's Character.isWhitespace, which says yes to U+001C–U+001F and no to U+0085,
 * U+00A0, U+2007 and U+202F (docs/suites/leeep.user-id.md). Kotlin's own Char.isWhitespace() is a
 * third, different set: neither is the contract's White_Space.
 */
class ExampleConformanceTest {
    @TestFactory
    fun vectors(): Stream<DynamicNode> {
        val javaWhitespaceBug = System.getenv("JVM_EXAMPLE_BUG") == "java-whitespace"
        return ConformanceTests.named(if (javaWhitespaceBug) "kotlin-example+java-whitespace" else "kotlin-example")
            .version("1.0.0")
            .suites("leeep.fid", "leeep.user-id")
            .tests { suite, input, _ ->
                when (suite) {
                    "leeep.fid" -> Identifiers.fid(input)
                    "leeep.user-id" -> Identifiers.userId(input, javaWhitespaceBug)
                    else -> error("unexpected suite $suite")
                }
            }
    }
}

/** The code under test: what a Kotlin SDK ships. */
object Identifiers {
    // docs/suites/leeep.fid.md: [cdef] then 21 of [A-Za-z0-9_-], the whole string.
    private val fidPattern = Regex("[cdef][A-Za-z0-9_-]{21}")
    // docs/suites/leeep.user-id.md: every scalar has the Unicode White_Space property.
    private val whiteSpaceOnly = Regex("\\p{IsWhite_Space}+")

    fun fid(input: JsonElement): Outcome {
        if (!input.isJsonPrimitive || !input.asJsonPrimitive.isString) return Outcome.reject("not_a_string")
        val value = input.asString
        return if (fidPattern.matches(value)) Outcome.accept(value) else Outcome.reject("invalid_fid")
    }

    fun userId(input: JsonElement, javaWhitespaceBug: Boolean): Outcome {
        if (!input.isJsonPrimitive || !input.asJsonPrimitive.isString) return Outcome.reject("not_a_string")
        val value = input.asString
        val bytes = value.toByteArray(Charsets.UTF_8).size // UTF-8 bytes, never String.length
        if (bytes == 0) return Outcome.reject("empty")
        if (bytes > 255) return Outcome.reject("too_long")
        val blank =
            if (javaWhitespaceBug) value.codePoints().allMatch { Character.isWhitespace(it) }
            else whiteSpaceOnly.matches(value)
        if (blank) return Outcome.reject("whitespace_only")
        return Outcome.accept(value) // unchanged: no trimming, no normalisation
    }
}
