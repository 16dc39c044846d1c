import ConformanceJSON

/// Mutations of a sequence (a trace's steps, an array of step names, an array in an input):
/// items inserted, removed, swapped, duplicated, moved and reversed, the sequence cut or made
/// long (hundreds of items, for bookkeeping that goes wrong only after many steps).
package enum TraceMutations {
  /// `items` with one change; `insert` makes a new item (a step of the suite).
  package static func mutate<Item>(
    _ items: [Item], insert: (inout ExploreRandom) -> Item, _ random: inout ExploreRandom
  ) -> [Item] {
    var items = items
    let count = items.count
    switch random.below(11) {
    case 0, 1:
      items.insert(insert(&random), at: random.below(count + 1))
    case 2 where count > 0:
      items.remove(at: random.below(count))
    case 3 where count > 1:
      let index = random.below(count - 1)
      items.swapAt(index, index + 1)
    case 4 where count > 1:
      items.swapAt(random.below(count), random.below(count))
    case 5 where count > 0:
      let index = random.below(count)
      items.insert(items[index], at: random.chance(1, in: 2) ? index + 1 : random.below(count + 1))
    case 6 where count > 1:
      let item = items.remove(at: random.below(count))
      items.insert(item, at: random.below(count))
    case 7 where count > 0:
      items = Array(items.prefix(random.below(count)))
    case 8 where count > 1:
      let start = random.below(count)
      let end = start + random.below(count - start) + 1
      items.replaceSubrange(start..<end, with: items[start..<end].reversed())
    case 9 where count > 0:
      // A long trace: a stretch repeated until it holds hundreds of items.
      let start = random.below(count)
      let stretch = Array(items[start..<min(count, start + 1 + random.below(4))])
      let repeats = random.pick([50, 120, 300]) / stretch.count
      var long = Array(items[..<start])
      for _ in 0..<repeats { long += stretch }
      long += items[start...]
      items = long
    default:
      items.append(insert(&random))
    }
    return items
  }

  /// A step object `{"step": name, ...arguments}`.
  package static func step(_ name: String, _ arguments: [(String, JSONValue)] = []) -> JSONValue {
    var members = [JSONObject.Member(key: "step", value: .string(name))]
    for (key, value) in arguments { members.append(JSONObject.Member(key: key, value: value)) }
    return .object(JSONObject(members))
  }
}
