// swift-tools-version: 6.0
import PackageDescription

// An SDK team's Swift package that checks its own implementation of two suites against the
// conformance vectors inside its own `swift test`, through the ConformanceTesting library.
// Here the dependency is this repository by path; a team uses its URL instead (Kits/swift/README.md).
let package = Package(
  name: "SwiftPort",
  products: [
    .library(name: "SwiftPort", targets: ["SwiftPort"])
  ],
  dependencies: [
    .package(name: "conformance", path: "../..")
  ],
  targets: [
    // The team's own implementation: no dependency on the harness.
    .target(name: "SwiftPort"),
    // One Swift Testing test per vector, run by `swift test`.
    .testTarget(
      name: "SwiftPortConformanceTests",
      dependencies: [
        "SwiftPort",
        .product(name: "ConformanceTesting", package: "conformance"),
      ]
    ),
  ]
)
