import ConformanceJSON

/// `leeep.push.destination`: `{"kind", "value", "permission"}`, other keys ignored. Targets:
/// the order of `missing_key` and `non_string_value` over the three keys (several broken at
/// once), `kind` spelled in another case or padded, the FID rules on `value`, each permission
/// in another case or with white space, extra keys (ignored, never rejected), and
/// `deliverable` true only for `granted` (never for `provisional`).
struct LeeepPushDestinationExplorer: SuiteExplorer {
  let suite = "leeep.push.destination"
  static let keys = ["kind", "value", "permission"]
  static let permissions = ["unknown", "notDetermined", "denied", "granted", "provisional"]
  static let mutator = Mutator(
    Vocabulary(
      keys: keys + ["aps", "token", "Kind"],
      strings: ["fcm_fid", "apns", "fcm_token", "FCM_FID"] + permissions + [
        "authorized", "ephemeral", "notdetermined",
      ],
      limits: [TextLimit(22, .asciiCharacters)]))

  func makeCase(samples: [ExploreCase], random: inout ExploreRandom) -> ExploreCase {
    let base: JSONValue =
      random.chance(1, in: 2)
      ? Self.valid(&random) : (ExploreMix.sample(samples, &random)?.input ?? Self.valid(&random))
    let input = ExploreMix.mutated(base, count: ExploreMix.mutationCount(&random), mutator: Self.mutator, &random) {
      value, random in Self.mutation(value, &random)
    }
    return ExploreCase(suite: suite, input: input, context: JSONObject())
  }

  /// A valid destination (also `leeep.push.client`'s `update`).
  static func valid(_ random: inout ExploreRandom) -> JSONValue {
    [
      "kind": "fcm_fid", "value": .string(IDPattern.fid.valid(&random)),
      "permission": .string(random.pick(permissions)),
    ]
  }

  /// One change a destination's rules tell apart.
  static func mutation(_ value: JSONValue, _ random: inout ExploreRandom) -> JSONValue {
    switch random.below(7) {
    case 0:
      return ExploreMix.setting(
        .string(
          random.pick(["FCM_FID", "Fcm_fid", "fcm_fid ", " fcm_fid", "fcm-fid", "fcm", "apns", "fcm_fid\n", ""])),
        "kind", in: value)
    case 1: return ExploreMix.setting(.string(IDPattern.fid.nearMiss(&random)), "value", in: value)
    case 2:
      let permission = random.pick(permissions)
      return ExploreMix.setting(
        .string(
          random.pick([
            permission.uppercased(), permission.lowercased(), permission.capitalizedFirst, permission + " ",
            permission + "\n", "\u{A0}" + permission, permission, "not_determined", "authorized", "",
          ])), "permission", in: value)
    case 3:
      // Two keys broken at once: the contract's order (kind, value, permission) decides.
      let keys = (0..<2).map { _ in random.pick(Self.keys) }
      var result = value
      for key in keys {
        result = ExploreMix.setting(random.chance(1, in: 2) ? nil : ExploreMix.nonString(&random), key, in: result)
      }
      return result
    case 4:
      // Keys outside the three are ignored.
      return ExploreMix.setting(
        random.pick(["x", 1, .null, .object(JSONObject())]), random.pick(["extra", "deliverable", "Kind", "aps", ""]),
        in: value)
    case 5: return ExploreMix.setting(.string(random.pick(permissions)), "permission", in: value)
    default: return mutator.mutate(value, &random)
    }
  }
}
