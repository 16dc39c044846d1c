import ConformanceJSON
import ConformanceKit
import Foundation
import ReferenceParsers
import Testing
import VectorGeneration

/// One name per suite (docs/vector-format.md, "Adding a suite to the contract"): the contract's
/// one list of suites, `Contract.suiteTypes`, gives every other place a suite lives, by one rule.
@Suite struct SuiteNameTests {
  /// The type name a suite name gives: its dot- and dash-separated parts, each with its first
  /// letter in upper case, joined (`leeep.push.destination` is `LeeepPushDestination`).
  static func typeName(of suite: String) -> String {
    suite.split(whereSeparator: { $0 == "." || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  @Test func theRuleSpellsTypeNamesAsTheDocsSay() {
    #expect(Self.typeName(of: "leeep.push.destination") == "LeeepPushDestination")
    #expect(Self.typeName(of: "leeep.user-id") == "LeeepUserId")
    #expect(Self.typeName(of: "adapty.onboarding.event") == "AdaptyOnboardingEvent")
  }

  @Test func everySuiteTypeIsNamedByItsSuiteName() {
    for suite in Contract.suiteTypes {
      #expect(String(describing: suite) == Self.typeName(of: suite.name), "the type of \(suite.name)")
    }
    #expect(Set(Contract.suites).count == Contract.suites.count, "a suite is listed twice")
  }

  /// The docs page, the vectors folder, the reference parser, the generator and the parser's
  /// tests of every suite are where its name says.
  @Test func everySuitesFilesAreWhereItsNameSays() {
    let manager = FileManager.default
    for suite in Contract.suites {
      let type = Self.typeName(of: suite)
      let paths = [
        "docs/suites/\(suite).md", "Vectors/\(suite)", "Sources/ReferenceParsers/\(type).swift",
        "Sources/VectorGeneration/\(type).swift", "Tests/ReferenceParsersTests/\(type)Tests.swift",
      ]
      for path in paths {
        #expect(
          manager.fileExists(atPath: packageRoot.appendingPathComponent(path).path), "\(suite): \(path) is missing")
      }
    }
  }

  /// No vectors folder is left under another spelling, and a suite's further files
  /// (`<Type>+<Part>.swift`) belong to a suite of the list.
  @Test func nothingIsNamedForASuiteOutsideTheList() throws {
    let manager = FileManager.default
    let vectors = packageRoot.appendingPathComponent("Vectors").path
    let folders = try manager.contentsOfDirectory(atPath: vectors).filter { entry in
      var isFolder: ObjCBool = false
      return manager.fileExists(atPath: vectors + "/" + entry, isDirectory: &isFolder) && isFolder.boolValue
    }
    #expect(folders.sorted() == Contract.suites.sorted())
    let types = Set(Contract.suites.map(Self.typeName(of:)))
    for target in ["Sources/ReferenceParsers", "Sources/VectorGeneration"] {
      let files = try manager.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(target).path)
      for file in files where file.contains("+") {
        let type = String(file.prefix { $0 != "+" })
        #expect(types.contains(type), "\(target)/\(file) is named for \(type), which is no suite's type")
      }
    }
  }

  @Test func everySuiteHasAReferenceParserAndAGenerator() {
    #expect(ReferenceImplementation.allSuites.map(\.name) == Contract.suites)
    #expect(Corpus.suitesWithoutGenerator.isEmpty)
  }

  /// Every generated file lies in its suite's folder.
  @Test func everyGeneratedFileIsInItsSuitesFolder() {
    for file in Corpus.files() {
      let suite = file.document.objectValue?["suite"]?.stringValue ?? ""
      #expect(file.path.hasPrefix(suite + "/"), "\(file.path) holds \(suite) vectors")
    }
  }
}
