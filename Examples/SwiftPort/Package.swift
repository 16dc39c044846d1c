// swift-tools-version: 6.0
import PackageDescription

// An SDK team's Swift package that checks its own implementation of two suites against the
// conformance vectors inside its own `swift test`, through the ConformanceTesting library.
// Here the dependency is this repository by path; a team uses its URL instead (Kits/swift/README.md).
let package = Package(
  name: "SwiftPort",
  products: [
    .library(name: "SwiftPort", targets: ["SwiftPort"]),
    .executable(name: "swiftport-adapter", targets: ["swiftport-adapter"]),
  ],
  dependencies: [
    .package(name: "conformance", path: "../..")
  ],
  targets: [
    // The team's own implementation: no dependency on the harness.
    .target(name: "SwiftPort"),
    // The same implementation as an adapter process, for `conformance run --adapter`.
    .executableTarget(
      name: "swiftport-adapter",
      dependencies: ["SwiftPort", .product(name: "ConformanceAdapter", package: "conformance")]
    ),
    // One Swift Testing test per vector, run by `swift test`.
    .testTarget(
      name: "SwiftPortConformanceTests",
      dependencies: [
        "SwiftPort",
        .product(name: "ConformanceTesting", package: "conformance"),
      ]
    ),
    // The same for a team that tests with XCTest: `XCTAssertConformance` fails the XCTest.
    .testTarget(
      name: "SwiftPortXCTests",
      dependencies: [
        "SwiftPort",
        .product(name: "ConformanceTesting", package: "conformance"),
        .product(name: "ConformanceXCTest", package: "conformance"),
      ]
    ),
    // Not part of the example: Kits/check.sh hands the kit wrong outcomes here, under Swift
    // Testing and XCTest, and expects `swift test` to fail both ways.
    .testTarget(
      name: "KitWrongOutcomeChecks",
      dependencies: [
        .product(name: "ConformanceTesting", package: "conformance"),
        .product(name: "ConformanceXCTest", package: "conformance"),
      ]
    ),
  ]
)
