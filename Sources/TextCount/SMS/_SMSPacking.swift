/// Where the pieces of a message go: its length and how many parts they fill.
struct _SMSPacking: Sendable {
  /// The units (septets or UTF-16 code units) of every piece.
  var units = 0
  /// The parts the pieces fill at the part capacity.
  var parts = 1
  /// The units in the last part.
  var used = 0

  /// Adds a piece of `size` units, in a new part where the last has no room for it.
  @inline(__always)
  mutating func add(_ size: Int, partCapacity: Int) {
    units &+= size
    if used &+ size > partCapacity && used > 0 {
      parts &+= 1
      used = 0
    }
    used &+= size
  }

  /// Adds `count` pieces of one unit each.
  @inline(__always)
  mutating func addOnes(_ count: Int, partCapacity: Int) {
    guard count > 0 else { return }
    units &+= count
    let total = used &+ count
    if total <= partCapacity {
      used = total
    } else {
      // The last part fills, then whole parts, then what is left.
      let over = total &- partCapacity
      let (full, rest) = over.quotientAndRemainder(dividingBy: partCapacity)
      parts &+= full &+ (rest > 0 ? 1 : 0)
      used = rest > 0 ? rest : partCapacity
    }
  }

  /// The segments: one where every unit fits in one message, else the parts.
  func segments(singleCapacity: Int) -> Int { units <= singleCapacity ? 1 : parts }
}
