import ConformanceJSON
import ConformanceKit
import Dispatch
import ReferenceParsers
import Synchronization

/// How long explore looks for differences.
package enum ExploreBudget: Sendable, Equatable {
  /// Exactly this many cases (the same cases for the same seed, whatever `--jobs`).
  case cases(Int)
  /// As many cases as fit in this many seconds.
  case seconds(Double)
}

/// What explore is asked to do, parsed from the command line.
package struct ExploreSettings: Sendable {
  package var seed: UInt64
  package var budget: ExploreBudget
  /// Workers, each with its own instance of the implementation (``Implementation/concurrency``).
  package var jobs: Int
  /// Candidates tried at most while shrinking one finding.
  package var shrinkBudget: Int

  package init(seed: UInt64 = 1, budget: ExploreBudget = .seconds(60), jobs: Int = 1, shrinkBudget: Int = 2_000) {
    self.seed = seed
    self.budget = budget
    self.jobs = jobs
    self.shrinkBudget = shrinkBudget
  }
}

/// One kind of difference explore found, shrunk.
package struct ExploreFinding: Sendable {
  package var signature: FindingSignature
  /// Cases of this run that showed it.
  package var count: Int
  /// The first of them (by case number), as generated.
  package var firstCase: ExploreCase
  package var firstIndex: Int
  /// The smallest case the shrinker reached that still shows the same kind of difference.
  package var minimal: ExploreCase
  /// The reference's and the implementation's answers to ``minimal``.
  package var expected: Outcome
  package var actual: Outcome
  /// `run`'s words for the difference on ``minimal``.
  package var difference: String
  /// What the implementation logged on ``minimal``.
  package var log: String?
  /// Candidates the shrinker tried and kept.
  package var shrinkTried = 0
  package var shrinkKept = 0
}

/// Cases an implementation could not answer (adapter errors, timeouts, crashes), or the reference
/// could not use (a context error: a generator's mistake): how many, and the first few.
package struct ExploreProblems: Sendable {
  package struct Example: Sendable {
    package var index: Int
    package var exploreCase: ExploreCase
    package var message: String
  }
  package var count = 0
  package var examples: [Example] = []

  static let kept = 5

  mutating func add(_ example: @autoclosure () -> Example) {
    count += 1
    let new = example()
    if examples.count < Self.kept {
      examples.append(new)
    } else if let last = examples.indices.max(by: { examples[$0].index < examples[$1].index }),
      new.index < examples[last].index
    {
      // The earliest cases by number, whichever worker saw them first.
      examples[last] = new
    }
  }

  mutating func merge(_ other: ExploreProblems) {
    count += other.count
    for example in other.examples {
      examples.append(example)
    }
    examples.sort { $0.index < $1.index }
    if examples.count > Self.kept { examples.removeLast(examples.count - Self.kept) }
  }
}

/// What an explore run found.
package struct ExploreReport: Sendable {
  package var settings: ExploreSettings
  package var suites: [String]
  /// Cases made and evaluated (numbered 0 to `casesRun - 1`).
  package var casesRun = 0
  package var casesPerSuite: [String: Int] = [:]
  /// Sorted by signature.
  package var findings: [ExploreFinding] = []
  package var adapterErrors = ExploreProblems()
  package var unusableContexts = ExploreProblems()
  /// The implementation stopped being restarted: why (every later case would be an error).
  package var gaveUp: String?
  /// The signal that stopped the run early.
  package var interruptedBy: Int32?
  package var nanoseconds: UInt64 = 0
  /// Seconds spent shrinking (within ``nanoseconds``).
  package var shrinkNanoseconds: UInt64 = 0

  package init(settings: ExploreSettings, suites: [String]) {
    self.settings = settings
    self.suites = suites
  }
}

/// Counts a running explore shares with the progress line.
package final class ExploreProgress: Sendable {
  private let cases = Atomic<Int>(0)
  private let differences = Atomic<Int>(0)
  private let problems = Atomic<Int>(0)

  package init() {}

  package var casesDone: Int { cases.load(ordering: .relaxed) }
  /// Cases that showed a difference (before grouping by signature).
  package var differencesFound: Int { differences.load(ordering: .relaxed) }
  /// Adapter errors and unusable contexts.
  package var problemsFound: Int { problems.load(ordering: .relaxed) }

  func add(cases: Int, differences: Int, problems: Int) {
    self.cases.add(cases, ordering: .relaxed)
    if differences > 0 { self.differences.add(differences, ordering: .relaxed) }
    if problems > 0 { self.problems.add(problems, ordering: .relaxed) }
  }
}

/// The search: cases from the explorers, each evaluated by the reference parsers and by the
/// implementation under test, differences grouped by signature and shrunk.
package struct ExploreEngine: Sendable {
  package var explorers: [any SuiteExplorer]
  /// The corpus's tests of each suite, as cases (the explorers' samples).
  package var samples: [String: [ExploreCase]]
  package var reference: any Implementation
  /// The implementation checked; `nil` checks the explorers: every case's context must be one
  /// the reference can use.
  package var target: (any Implementation)?
  package var settings: ExploreSettings

  package init(
    explorers: [any SuiteExplorer], samples: [String: [ExploreCase]],
    reference: any Implementation = ReferenceImplementation(),
    target: (any Implementation)?, settings: ExploreSettings
  ) {
    self.explorers = explorers
    self.samples = samples
    self.reference = reference
    self.target = target
    self.settings = settings
  }

  /// The seed of case `index`: the same case for the same run seed, whichever worker makes it.
  package static func caseSeed(_ seed: UInt64, index: Int) -> UInt64 {
    var random = ExploreRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
    return random.next()
  }

  /// Case `index` of this run: suites in turn, each case from its own seed.
  package func makeCase(_ index: Int) -> ExploreCase {
    let explorer = explorers[index % explorers.count]
    var random = ExploreRandom(seed: Self.caseSeed(settings.seed, index: index))
    return explorer.makeCase(samples: samples[explorer.suite] ?? [], random: &random)
  }

  /// What one case showed.
  enum CaseResult {
    case same
    case unusableContext(String)
    case notAnswered(EvaluationError, log: String?)
    case differs(FindingSignature, words: String, expected: Outcome, actual: Outcome, log: String?)
  }

  func evaluate(_ c: ExploreCase) -> CaseResult {
    let expected: Outcome
    do {
      expected = try reference.evaluate(suite: c.suite, input: c.input, context: c.context)
    } catch {
      return .unusableContext("\(error)")
    }
    guard let target else { return .same }
    let evaluation = target.evaluation(suite: c.suite, input: c.input, context: c.context)
    switch evaluation.result {
    case .failure(let error): return .notAnswered(error, log: evaluation.log)
    case .success(let actual):
      guard let (signature, words) = ExploreComparison.difference(suite: c.suite, reference: expected, actual: actual)
      else { return .same }
      return .differs(signature, words: words, expected: expected, actual: actual, log: evaluation.log)
    }
  }

  /// One worker's share of the tally, merged at the end.
  struct Tally: Sendable {
    var cases = 0
    var perSuite: [String: Int] = [:]
    var findings: [FindingSignature: ExploreFinding] = [:]
    var adapterErrors = ExploreProblems()
    var unusableContexts = ExploreProblems()
    var gaveUp: String?
  }

  /// What the workers share: the next case's number, the stop flag, their tallies.
  final class Shared: Sendable {
    let next = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
    let tallies = Mutex<[Tally]>([])
    let shrunk: Mutex<[ExploreFinding]>

    init(findings: [ExploreFinding] = []) {
      shrunk = Mutex(findings)
    }
  }

  /// Explores until the budget is spent or `interruption` is set, then shrinks each finding.
  package func run(interruption: Interruption? = nil, progress: ExploreProgress = ExploreProgress()) -> ExploreReport {
    let clock = ContinuousClock()
    let start = clock.now
    var report = ExploreReport(settings: settings, suites: explorers.map(\.suite))
    guard !explorers.isEmpty else { return report }
    let shared = Shared()
    let limit: Int
    let deadline: ContinuousClock.Instant?
    switch settings.budget {
    case .cases(let count):
      limit = count
      deadline = nil
    case .seconds(let seconds):
      limit = Int.max
      deadline = start.advanced(by: .nanoseconds(Int64(seconds * 1e9)))
    }
    let workers = max(1, settings.jobs)
    let group = DispatchGroup()
    for worker in 0..<workers {
      group.enter()
      DispatchQueue(label: "conformance.explore.\(worker)").async {
        var tally = Tally()
        var pending = (cases: 0, differences: 0, problems: 0)
        while !shared.stop.load(ordering: .relaxed) {
          if interruption?.signal != nil { break }
          if let deadline, tally.cases & 15 == 0, clock.now >= deadline { break }
          let index = shared.next.add(1, ordering: .relaxed).oldValue
          guard index < limit else { break }
          let c = makeCase(index)
          tally.cases += 1
          tally.perSuite[c.suite, default: 0] += 1
          pending.cases += 1
          switch evaluate(c) {
          case .same: break
          case .unusableContext(let message):
            pending.problems += 1
            tally.unusableContexts.add(.init(index: index, exploreCase: c, message: message))
          case .notAnswered(let error, _):
            // A request abandoned for an interruption is no problem of the adapter's.
            if interruption?.signal != nil {
              tally.cases -= 1
              tally.perSuite[c.suite, default: 1] -= 1
              pending.cases -= 1
              break
            }
            pending.problems += 1
            if error.description.hasPrefix(TestResult.notRunPrefix) {
              // The implementation was given up: every later case would be this error.
              tally.gaveUp = error.description
              shared.stop.store(true, ordering: .relaxed)
            } else {
              tally.adapterErrors.add(.init(index: index, exploreCase: c, message: error.description))
            }
          case .differs(let signature, let words, let expected, let actual, let log):
            pending.differences += 1
            if var known = tally.findings[signature] {
              known.count += 1
              if index < known.firstIndex {
                known.firstIndex = index
                known.firstCase = c
                known.minimal = c
                (known.expected, known.actual, known.difference, known.log) = (expected, actual, words, log)
              }
              tally.findings[signature] = known
            } else {
              tally.findings[signature] = ExploreFinding(
                signature: signature, count: 1, firstCase: c, firstIndex: index, minimal: c, expected: expected,
                actual: actual, difference: words, log: log)
            }
          }
          if pending.cases >= 64 {
            progress.add(cases: pending.cases, differences: pending.differences, problems: pending.problems)
            pending = (0, 0, 0)
          }
        }
        progress.add(cases: pending.cases, differences: pending.differences, problems: pending.problems)
        shared.tallies.withLock { $0.append(tally) }
        group.leave()
      }
    }
    group.wait()
    var findings: [FindingSignature: ExploreFinding] = [:]
    for tally in shared.tallies.withLock({ $0 }) {
      report.casesRun += tally.cases
      for (suite, count) in tally.perSuite { report.casesPerSuite[suite, default: 0] += count }
      report.adapterErrors.merge(tally.adapterErrors)
      report.unusableContexts.merge(tally.unusableContexts)
      if report.gaveUp == nil { report.gaveUp = tally.gaveUp }
      for (signature, finding) in tally.findings {
        if var known = findings[signature] {
          known.count += finding.count
          if finding.firstIndex < known.firstIndex {
            let count = known.count
            known = finding
            known.count = count
          }
          findings[signature] = known
        } else {
          findings[signature] = finding
        }
      }
    }
    report.interruptedBy = interruption?.signal
    let shrinkStart = clock.now
    report.findings = shrinkAll(findings.values.sorted { $0.signature < $1.signature }, interruption: interruption)
    report.shrinkNanoseconds = nanoseconds(clock.now - shrinkStart)
    report.interruptedBy = interruption?.signal
    report.nanoseconds = nanoseconds(clock.now - start)
    return report
  }

  /// Each finding shrunk, `jobs` at a time; an interruption keeps the smallest case so far.
  func shrinkAll(_ findings: [ExploreFinding], interruption: Interruption?) -> [ExploreFinding] {
    guard !findings.isEmpty, target != nil else { return findings }
    let shared = Shared(findings: findings)
    let group = DispatchGroup()
    for worker in 0..<min(max(1, settings.jobs), findings.count) {
      group.enter()
      DispatchQueue(label: "conformance.explore.shrink.\(worker)").async {
        while true {
          let index = shared.next.add(1, ordering: .relaxed).oldValue
          guard index < findings.count else { break }
          let shrunk = shrink(findings[index], interruption: interruption)
          shared.shrunk.withLock { $0[index] = shrunk }
        }
        group.leave()
      }
    }
    group.wait()
    return shared.shrunk.withLock { $0 }
  }

  /// One finding's first case shrunk while it shows the same signature.
  package func shrink(_ finding: ExploreFinding, interruption: Interruption? = nil) -> ExploreFinding {
    let explorer = explorers.first { utf8Equal($0.suite, finding.signature.suite) }
    let shrinker = ExploreShrinker(
      budget: settings.shrinkBudget, simplifications: { explorer?.simplifications(of: $0) ?? [] })
    var last: (words: String, expected: Outcome, actual: Outcome, log: String?)? = nil
    let outcome = shrinker.shrink(
      finding.firstCase,
      keeps: { candidate in
        guard case .differs(let signature, let words, let expected, let actual, let log) = evaluate(candidate),
          signature == finding.signature
        else { return false }
        last = (words, expected, actual, log)
        return true
      }, shouldStop: { interruption?.signal != nil })
    var shrunk = finding
    shrunk.minimal = outcome.minimal
    shrunk.shrinkTried = outcome.tried
    shrunk.shrinkKept = outcome.kept
    if let last, outcome.kept > 0 {
      (shrunk.difference, shrunk.expected, shrunk.actual, shrunk.log) = last
    }
    return shrunk
  }
}

private func nanoseconds(_ duration: Duration) -> UInt64 {
  let (seconds, attoseconds) = duration.components
  return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
}
