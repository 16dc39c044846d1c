/// The checks a careful author applies to a vector's description, beyond its phrases
/// (`CorpusTests.repeatedPhrase`): the article fits the sound of the next word ("an FID", "a
/// UUID", "an array"), the number 1 counts one thing ("1 character", never "1 characters"), and
/// no word is written twice in a row ("the JSON null null").
///
/// Descriptions are read word by word, a word being what lies between spaces; quotes, backticks
/// and brackets around a word are not part of it.
enum DescriptionWording {
  /// Every wording mistake in `description`, each as a short note ("\"a array\": an before a
  /// vowel sound"); `countNouns` are the nouns the corpus counts with 1 or one ("character").
  static func mistakes(in description: String, countNouns: Set<String>) -> [String] {
    let words = description.split(whereSeparator: \.isWhitespace).map(String.init)
    var found: [String] = []
    for (word, next) in zip(words, words.dropFirst()) {
      let pair = "\"\(word) \(next)\""
      if let mistake = articleMistake(word, before: next) { found.append("\(pair): \(mistake)") }
      if isRepeat(word, next) { found.append("\(pair): a word twice") }
      if isCount(word), let noun = pluralNoun(next, countNouns: countNouns) {
        found.append("\(pair): one \(noun), not several")
      }
    }
    return found
  }

  /// The nouns `text` counts with `1` or `one` ("1 character", "one step"), to learn from the
  /// whole corpus which plural words are nouns ("characters") and which are verbs ("holds").
  static func countNouns(in text: String) -> Set<String> {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    var nouns: Set<String> = []
    for (word, next) in zip(words, words.dropFirst()) where isCount(word) {
      let noun = bare(next)
      if !noun.isEmpty && noun.allSatisfy({ $0.isLetter || $0 == "_" }) { nouns.insert(noun.lowercased()) }
    }
    return nouns
  }

  /// `1` or `one` counting what follows it (not ending a clause: "1, 2" or "one: the key").
  static func isCount(_ word: String) -> Bool {
    let count = bare(word).lowercased()
    return (count == "1" || count == "one") && word.last.map { $0.isLetter || $0.isNumber } == true
  }

  // MARK: - Articles

  /// What is wrong with `word` as an article before `next`, or `nil` when it is no article or fits.
  static func articleMistake(_ word: String, before next: String) -> String? {
    let article = bare(word).lowercased()
    guard article == "a" || article == "an", word.count == article.count || word.hasPrefix("(") else { return nil }
    // "FULLWIDTH a is not a hex digit", "(A at position 33)": the letter named, not an article.
    guard !lettersNamed.contains(bare(next).lowercased()), let vowel = startsWithVowelSound(next) else { return nil }
    if article == "a" && vowel { return "an before a vowel sound" }
    if article == "an" && !vowel { return "a before a consonant sound" }
    return nil
  }

  /// Words after which a lone `a` is the letter itself.
  static let lettersNamed: Set<String> = ["is", "are", "at", "and", "or", "to", "of", "in", "with", "for"]

  /// Whether `word` is said starting with a vowel sound; `nil` when it starts with neither a
  /// letter nor a digit (`%2e`, `+`, `-1`), whose reading is not clear enough to judge.
  static func startsWithVowelSound(_ word: String) -> Bool? {
    let text = bare(word)
    guard let first = text.first else { return nil }
    if first.isASCII && first.isNumber { return numberStartsWithVowelSound(text) }
    guard first.isASCII && first.isLetter else { return nil }
    let letters = String(text.prefix { $0.isASCII && $0.isLetter })
    // A letter alone ("A", "U+0000", "x-axis") or an initialism ("FID", "UUID", "NFC", "http") is
    // said letter by letter; a few capitalised names are said as words ("a LEEEP tag").
    let isInitialism =
      letters.count == 1
      || (letters.prefix(2).allSatisfy(\.isUppercase) && !wordsInCapitals.contains(letters.uppercased()))
      || lowercaseInitialisms.contains(letters)
    if isInitialism { return "aefhilmnorsx".contains(first.lowercased()) }
    let lowered = letters.lowercased()
    if "aeiou".contains(lowered.first!) {
      return !consonantSoundPrefixes.contains { lowered.hasPrefix($0) }
    }
    return vowelSoundPrefixes.contains { lowered.hasPrefix($0) }
  }

  /// Words in capitals said as words, not letter by letter.
  static let wordsInCapitals: Set<String> = ["LEEEP", "NUL", "SKU", "JSON", "ASCII", "ANSI", "FANSHIP", "ZWJ"]
  /// Initialisms written in lower case, said letter by letter ("an https link").
  static let lowercaseInitialisms: Set<String> = ["http", "https", "html", "fcm", "fid", "nfc", "nfd", "sdk", "rfc"]
  /// Words spelled with a vowel but said with a consonant sound ("a UUID" is covered as an
  /// initialism; these are the words: "a user", "a one-byte token", "a unique key").
  static let consonantSoundPrefixes = [
    "one", "once", "unicode", "uniform", "union", "unique", "unit", "univers", "usual", "use", "uri", "url",
    "uuid", "ugc", "utf", "eu",
  ]
  /// Words spelled with a consonant but said with a vowel sound.
  static let vowelSoundPrefixes = ["hour", "honest", "honour", "heir"]

  /// "an 8-byte", "an 11-digit", "an 18-digit", "an 80": said as eight, eleven or eighteen.
  static func numberStartsWithVowelSound(_ text: String) -> Bool {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    if digits.first == "8" { return true }
    // 11 and 18, alone or as the thousands (11,000; 18,000,000) are said eleven and eighteen.
    return (digits.hasPrefix("11") || digits.hasPrefix("18")) && digits.count % 3 == 2
  }

  // MARK: - Repeats and plurals

  /// Two words in a row that are the same word ("null null"); a list that repeats an item
  /// ("present_onboarding, present_onboarding") has a comma between them, and a word before a
  /// bracket opens an aside ("not a step (step 4)"): both are fine.
  static func isRepeat(_ word: String, _ next: String) -> Bool {
    word.contains(where: \.isLetter) && bare(word) == word
      && next.first.map { $0.isLetter || $0.isNumber } == true && bare(next).lowercased() == word.lowercased()
  }

  /// `next` without closing punctuation when it is the plural of a noun in `countNouns`.
  static func pluralNoun(_ next: String, countNouns: Set<String>) -> String? {
    let word = bare(next).lowercased()
    guard word.hasSuffix("s") else { return nil }
    let singulars = [String(word.dropLast()), word.hasSuffix("es") ? String(word.dropLast(2)) : ""]
    return singulars.contains(where: countNouns.contains) ? word : nil
  }

  /// `word` without the quotes, backticks, brackets and punctuation around it.
  static func bare(_ word: String) -> String {
    let wrapping: Set<Character> = ["\"", "'", "`", "(", ")", "[", "]", ",", ":", ";", "."]
    return String(word.drop { wrapping.contains($0) }.reversed().drop { wrapping.contains($0) }.reversed())
  }
}
