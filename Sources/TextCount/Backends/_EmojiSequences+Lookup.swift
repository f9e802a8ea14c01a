extension _EmojiSequences {
  /// The sequences as a trie: each edge a node and a scalar, in a hash table of open
  /// addressing (a probe or two a step); a node is a prefix of one or more sequences, and marked
  /// where one ends there. Built once per process from `sortedSequences`.
  private struct Trie: Sendable {
    /// `node << 32 | scalar` of each edge, plus 1 (0: an empty slot), by its hash.
    var keys: [UInt64]
    /// The node each edge leads to, in the edge's slot.
    var children: [UInt32]
    /// Whether a sequence ends at each node (node 0, the root, is the empty prefix).
    var ends: [Bool] = [false]
    /// `keys.count - 1`, a power of two less one.
    let mask: Int

    init(capacity: Int) {
      var size = 1
      while size < capacity * 2 { size <<= 1 }
      keys = [UInt64](repeating: 0, count: size)
      children = [UInt32](repeating: 0, count: size)
      mask = size - 1
    }

    @inline(__always)
    private func slot(of key: UInt64) -> Int {
      Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    mutating func insert(_ key: UInt64, child: UInt32) {
      var slot = slot(of: key)
      while keys[slot] != 0 { slot = (slot + 1) & mask }
      keys[slot] = key &+ 1
      children[slot] = child
    }

    /// The node an edge from `node` by `scalar` leads to, if any.
    /// - Complexity: O(1) expected.
    @inline(__always)
    func child(of node: UInt32, by scalar: UInt32) -> UInt32? {
      let key = UInt64(node) << 32 | UInt64(scalar)
      var slot = slot(of: key)
      while true {
        let stored = keys[slot]
        if stored == key &+ 1 { return children[slot] }
        if stored == 0 { return nil }
        slot = (slot + 1) & mask
      }
    }
  }

  private static let trie: Trie = {
    var edges: [(key: UInt64, child: UInt32)] = []
    var ends: [Bool] = [false]
    // Sorted, so a sequence shares its prefix with the one before: the path to the previous
    // one is kept, and only the new part added.
    var path: [(scalar: UInt32, node: UInt32)] = []
    forEachSequence { scalars in
      var shared = 0
      while shared < min(path.count, scalars.count) && path[shared].scalar == scalars[shared] {
        shared += 1
      }
      path.removeLast(path.count - shared)
      for scalar in scalars[shared...] {
        let parent = path.last?.node ?? 0
        let node = UInt32(ends.count)
        ends.append(false)
        edges.append((UInt64(parent) << 32 | UInt64(scalar), node))
        path.append((scalar, node))
      }
      ends[Int(path.last!.node)] = true
    }
    var trie = Trie(capacity: edges.count)
    for edge in edges { trie.insert(edge.key, child: edge.child) }
    trie.ends = ends
    precondition(ends.filter { $0 }.count == count, "_EmojiSequences: a sequence twice")
    return trie
  }()

  /// How many nodes the trie has (the root, the empty prefix, included).
  static var nodeCount: Int { trie.ends.count }

  /// The sequences for the automaton length kernel (`_VectorKernels.emojiSequences`): their
  /// prefixes, hashed from the empty one's hash (`kernelSeed`) as `textcount_emoji_sequences`
  /// says, and each whole, its UTF-8 and what it weighs less its scalars' weights: a sequence
  /// weighs `weight`, and a scalar `weightOf` it.
  /// - Complexity: O(number of prefixes), once per rule.
  static func kernelSequences(weight: Int, weightOf: (UInt32) -> Int) -> UnsafeRawPointer {
    let trie = self.trie
    // Each node's hash, scalars' weights and UTF-8, from its parent's: a node is numbered after
    // its parent.
    var edges: [(parent: Int, scalar: UInt32, child: Int)] = []
    for (slot, key) in trie.keys.enumerated() where key != 0 {
      let edge = key - 1
      edges.append((Int(edge >> 32), UInt32(truncatingIfNeeded: edge), Int(trie.children[slot])))
    }
    var hashes = [UInt64](repeating: kernelSeed, count: trie.ends.count)
    var paths = [Int](repeating: 0, count: trie.ends.count)
    var utf8 = [[UInt8]](repeating: [], count: trie.ends.count)
    var wholes: [(bytes: [UInt8], delta: Int32)] = []
    var size = 1
    while size < 2 * edges.count { size <<= 1 }
    var slots = [(hash: UInt64, scalar: UInt32, delta: Int32?)](
      repeating: (0, 0, nil), count: size)
    for edge in edges.sorted(by: { $0.child < $1.child }) {
      let hash = (hashes[edge.parent] ^ UInt64(edge.scalar)) &* 0x9E37_79B9_7F4A_7C15
      hashes[edge.child] = hash
      paths[edge.child] = paths[edge.parent] + weightOf(edge.scalar)
      utf8[edge.child] = utf8[edge.parent] + Unicode.Scalar(edge.scalar)!.utf8
      var slot = Int(hash >> 40) & (size - 1)
      while slots[slot].hash != 0 { slot = (slot + 1) & (size - 1) }
      let delta = trie.ends[edge.child] ? Int32(weight - paths[edge.child]) : nil
      slots[slot] = (hash, edge.scalar, delta)
      if let delta { wholes.append((utf8[edge.child], delta)) }
    }
    // What makes a match exact: no two prefixes share a hash, and none is an empty slot's.
    precondition(
      Set(hashes).count == hashes.count && !hashes.contains(0), "_EmojiSequences: hashes collide")
    precondition(wholes.count == count, "_EmojiSequences: not every sequence whole")
    return _VectorKernels.emojiSequences(slots: slots, seed: kernelSeed, wholes: wholes)
  }

  /// Calls `body` with each sequence's scalars, in order.
  private static func forEachSequence(_ body: ([UInt32]) -> Void) {
    sortedSequences.withUTF8Buffer { buffer in
      for line in buffer.split(separator: UInt8(ascii: "\n")) {
        body(
          line.split(separator: UInt8(ascii: " ")).map { hex in
            hex.reduce(UInt32(0)) { value, digit in
              value << 4 | UInt32(digit <= UInt8(ascii: "9") ? digit - 48 : digit - 55)
            }
          })
      }
    }
  }

  /// The empty prefix's hash in `kernelSequences`.
  static let kernelSeed: UInt64 = 0x7E57_AB1E_5EED_0001

  /// The length, in scalars, of the longest sequence the scalars start with; 0 if none.
  /// - Complexity: O(`maximumLength`) expected.
  static func longestPrefix(of scalars: some Collection<UInt32>) -> Int {
    let trie = self.trie
    var node: UInt32 = 0
    var longest = 0
    var length = 0
    for scalar in scalars {
      guard let next = trie.child(of: node, by: scalar) else { break }
      node = next
      length += 1
      if trie.ends[Int(node)] { longest = length }
    }
    return longest
  }

  /// Whether the scalar is an emoji alone (a single Basic_Emoji).
  /// - Complexity: O(log ranges).
  static func isSingle(_ scalar: UInt32) -> Bool {
    var (low, high) = (0, singles.count)
    while low < high {
      let middle = (low + high) / 2
      if singles[middle].upperBound < scalar { low = middle + 1 } else { high = middle }
    }
    return low < singles.count && singles[low].contains(scalar)
  }
}
