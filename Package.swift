// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The `conformance` executable's link on Linux, whatever the configuration (see its target).
let executableLinkerFlags = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]

/// Whether the static archives a static `conformance` needs are installed: libxml2's and those
/// `pkg-config --static --libs libxml-2.0` names (Debian's libxml2-dev, libicu-dev, zlib1g-dev,
/// liblzma-dev). Without them the release build links libxml2 dynamically, as the debug one does.
let staticLibXML2Archives = ["libxml2.a", "libicuuc.a", "libicudata.a", "libz.a", "liblzma.a"]
let staticLibXML2Available = [
  "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
].contains { folder in
  staticLibXML2Archives.allSatisfy { FileManager.default.fileExists(atPath: "\(folder)/\($0)") }
}

/// The release link of `conformance` on Linux: a static executable when it can be one.
let releaseLinkerFlags =
  staticLibXML2Available
  ? [
    "-static-executable", "-Xlinker", "-licuuc", "-Xlinker", "-licudata", "-Xlinker", "-lz", "-Xlinker", "-llzma",
  ]
  : ["-static-stdlib"]

/// Compiler settings shared by every Swift target, kept in one place.
/// Tools version 6.0 already selects the Swift 6 language mode (strict concurrency).
let sharedSwiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "conformance",
  // The libraries use Synchronization's Mutex and Atomic (macOS 15, iOS 18); Linux needs nothing.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .executable(name: "conformance", targets: ["conformance"]),
    .executable(name: "generate-vectors", targets: ["generate-vectors"]),
    .library(name: "ConformanceKit", targets: ["ConformanceKit"]),
    // For another Swift package's `swift test`: the vectors as Swift Testing arguments (Kits/swift).
    .library(name: "ConformanceTesting", targets: ["ConformanceTesting"]),
    // The same for XCTest tests (`XCTAssertConformance`), apart so Swift Testing users never link XCTest.
    .library(name: "ConformanceXCTest", targets: ["ConformanceXCTest"]),
    // A Swift adapter process (conformance-adapter/2 on standard input and output) around one
    // `evaluate` function: `runAdapter(name:version:suites:evaluate:)` (Kits/swift).
    .library(name: "ConformanceAdapter", targets: ["ConformanceAdapter"]),
  ],
  targets: [
    // libxml2 from the system (Debian: libxml2-dev), seen only by its wrapper (ConformanceXML) and
    // the tests' read-back.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // System calls Swift's Glibc module does not import (renameat2, pipe2), for ConformanceReports
    // and ConformanceProcess's adapter processes and the signal self-pipe.
    .target(name: "CSystemShims"),
    // SHA-256 through the processor's SHA instructions, for ConformanceKit's digests: apart from
    // CSystemShims, so that a test bundle linking ConformanceTesting gets no process code.
    .target(name: "CSHA256"),
    // The one door for code that needs unsafe pointers or the operating system: system calls
    // (Syscalls.swift), word-at-a-time scanning, hashing, the bounded pipeline and the SHA-256
    // rounds, all at `package` access. Outside it and the libxml2 wrapper, the package is safe
    // Swift with no `import Glibc`.
    .target(
      name: "ConformanceLowLevel",
      dependencies: ["CSystemShims", "CSHA256"],
      swiftSettings: sharedSwiftSettings
    ),
    // Strict RFC 8259 JSON: value model, byte-level parser, deterministic serializer.
    .target(name: "ConformanceJSON", dependencies: ["ConformanceLowLevel"], swiftSettings: sharedSwiftSettings),
    // The contract: vector model, strict loader, the implementation seam, the runner. Nothing
    // here starts a process: an iOS test bundle links it (through ConformanceTesting).
    .target(
      name: "ConformanceKit",
      dependencies: ["ConformanceJSON", "ConformanceLowLevel"],
      swiftSettings: sharedSwiftSettings
    ),
    // Adapter processes (conformance-adapter/2 over pipes): the implementation `run --adapter`
    // starts, its process tree and line reading; for the command line, never for a test bundle.
    .target(
      name: "ConformanceProcess",
      dependencies: ["ConformanceJSON", "ConformanceKit", "ConformanceLowLevel"],
      swiftSettings: sharedSwiftSettings
    ),
    // The reference parsers, one extension of each suite's type in ConformanceKit per file
    // (LeeepPushDestination.swift): the built-in implementation.
    .target(
      name: "ReferenceParsers",
      dependencies: ["ConformanceJSON", "ConformanceKit"],
      swiftSettings: sharedSwiftSettings
    ),
    // The libxml2 wrapper, a small target of its own as swift-crypto keeps BoringSSL's: XML
    // written through libxml2's xmlTextWriter and untrusted XML read through its push parser, at
    // `package` access. Besides ConformanceLowLevel, the one place with unsafe pointers (libxml2
    // is C); its file calls go through ConformanceLowLevel.
    .target(
      name: "ConformanceXML",
      dependencies: ["CLibXML2", "ConformanceLowLevel"],
      swiftSettings: sharedSwiftSettings
    ),
    // Reports (JUnit XML through ConformanceXML, merge of shard reports, JSON, HTML, Markdown,
    // Allure): safe Swift, its file-system calls through ConformanceLowLevel.
    .target(
      name: "ConformanceReports",
      dependencies: [
        "ConformanceXML", "ConformanceLowLevel", "ConformanceJSON", "ConformanceKit", "ConformanceProcess",
      ],
      swiftSettings: sharedSwiftSettings
    ),
    // Explore: cases made from the corpus and the suites' rules, sent to an implementation and
    // to the reference parsers; differences shrunk and written back as vector files (docs/explore.md).
    .target(
      name: "ConformanceExplore",
      dependencies: [
        "ConformanceJSON", "ConformanceKit", "ReferenceParsers", "ConformanceReports", "ConformanceLowLevel",
      ],
      swiftSettings: sharedSwiftSettings
    ),
    // The subcommands, one per file; the executable only calls into this.
    .target(
      name: "ConformanceCommands",
      dependencies: [
        "ConformanceLowLevel", "ConformanceJSON", "ConformanceKit", "ConformanceProcess", "ReferenceParsers",
        "ConformanceReports", "ConformanceExplore",
      ],
      swiftSettings: sharedSwiftSettings
    ),
    // Release builds on Linux are static executables where the archives are installed
    // (`staticLibXML2Available`): the Swift runtime, libstdc++, and libxml2 from its static
    // archive in Debian's libxml2-dev, with what that archive needs (ICU, zlib, xz).
    // Loading libxml2, ICU and libstdc++ at every start (the dynamic loader's relocations and
    // the pages they touch) was 2 ms of the 3.4 ms before `main`, which counts on every short
    // run (docs/benchmarks.md, "Fifth speed round"). Debug builds, which the tests run, link
    // only the Swift runtime statically (a static link of ICU's data is slow and large).
    // Darwin has neither static runtime nor static system libraries.
    //
    // Linked by the toolchain's lld with packed relative relocations (DT_RELR, glibc 2.36+):
    // 27,000 relocations in 5 KB instead of 640 KB, which the loader read and applied at every
    // start (gold, the default, cannot pack them).
    //
    .executableTarget(
      name: "conformance",
      dependencies: ["ConformanceCommands", "ConformanceLowLevel"],
      swiftSettings: sharedSwiftSettings,
      linkerSettings: [
        .unsafeFlags(
          ["-static-stdlib"] + executableLinkerFlags, .when(platforms: [.linux], configuration: .debug)),
        .unsafeFlags(releaseLinkerFlags + executableLinkerFlags, .when(platforms: [.linux], configuration: .release)),
      ]
    ),
    // The vectors inside another package's Swift Testing run, one test per vector (Kits/swift).
    // ReferenceParsers (no process code either) gives the trace suites' shape check, so typed
    // traces hold exactly the steps the contract admits.
    .target(
      name: "ConformanceTesting",
      dependencies: ["ConformanceJSON", "ConformanceKit", "ConformanceLowLevel", "ReferenceParsers"],
      swiftSettings: sharedSwiftSettings
    ),
    // The vectors inside another package's XCTest run: `XCTAssertConformance` fails the XCTest.
    .target(
      name: "ConformanceXCTest",
      dependencies: ["ConformanceTesting"],
      swiftSettings: sharedSwiftSettings
    ),
    // The adapter loop for a Swift adapter process: the protocol, not the harness's process code.
    .target(
      name: "ConformanceAdapter",
      dependencies: ["ConformanceJSON", "ConformanceKit", "ConformanceLowLevel"],
      swiftSettings: sharedSwiftSettings
    ),
    // Deterministic generators for the shipped corpus under Vectors/, one extension of each suite's
    // type in ConformanceKit (never of the reference parsers: expectations come from the rules).
    .target(
      name: "VectorGeneration",
      dependencies: ["ConformanceJSON", "ConformanceKit"],
      swiftSettings: sharedSwiftSettings
    ),
    .executableTarget(
      name: "generate-vectors",
      dependencies: ["ConformanceLowLevel", "VectorGeneration"],
      swiftSettings: sharedSwiftSettings
    ),
    // Helpers shared by the test targets: temporary folders, XML read-back, CLI capture.
    .target(
      name: "ConformanceTestSupport",
      dependencies: ["ConformanceJSON", "ConformanceKit", "ConformanceXML"],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ConformanceLowLevelTests",
      dependencies: ["ConformanceLowLevel"],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ConformanceJSONTests",
      dependencies: ["ConformanceJSON", "ConformanceLowLevel"],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ConformanceKitTests",
      dependencies: ["ConformanceJSON", "ConformanceKit", "ConformanceTestSupport"],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ReferenceParsersTests",
      dependencies: ["ConformanceJSON", "ConformanceKit", "ReferenceParsers"],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ConformanceXMLTests",
      dependencies: ["ConformanceXML"],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ConformanceReportsTests",
      dependencies: ["ConformanceJSON", "ConformanceKit", "ConformanceReports", "ConformanceTestSupport"],
      resources: [.copy("Fixtures")],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ConformanceCommandsTests",
      dependencies: [
        "ConformanceJSON", "ConformanceKit", "ConformanceCommands", "ConformanceTestSupport",
      ],
      swiftSettings: sharedSwiftSettings
    ),
    // `run --adapter` against real misbehaving adapter processes (one script per fault in Fixtures).
    .testTarget(
      name: "AdapterProtocolTests",
      dependencies: ["ConformanceCommands", "ConformanceJSON", "ConformanceKit", "ConformanceTestSupport"],
      exclude: ["Fixtures"],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ConformanceTestingTests",
      dependencies: [
        "ConformanceAdapter", "ConformanceCommands", "ConformanceJSON", "ConformanceKit", "ConformanceTesting",
        "ConformanceTestSupport",
        "ConformanceXCTest",
      ],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "ConformanceExploreTests",
      dependencies: [
        "ConformanceExplore", "ConformanceJSON", "ConformanceKit", "ReferenceParsers", "ConformanceCommands",
        "ConformanceTestSupport",
      ],
      swiftSettings: sharedSwiftSettings
    ),
    .testTarget(
      name: "VectorGenerationTests",
      dependencies: ["ConformanceJSON", "ConformanceKit", "VectorGeneration", "ReferenceParsers"],
      swiftSettings: sharedSwiftSettings
    ),
  ]
)
