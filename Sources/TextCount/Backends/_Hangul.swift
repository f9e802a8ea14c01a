/// Hangul's algorithmic composition (Unicode §3.12), done here for both backends: libutf8proc
/// 2.8.0 composes an LV syllable with U+11A7 (which is no trailing consonant) and drops it, and
/// Foundation on Linux leaves some LV + T pairs uncomposed. Clusters with Hangul are normalized
/// as: syllables decomposed, the other runs normalized by the backend, jamo composed again.
enum _Hangul {
  static let sBase: UInt32 = 0xAC00, lBase: UInt32 = 0x1100, vBase: UInt32 = 0x1161,
    tBase: UInt32 = 0x11A7
  static let lCount: UInt32 = 19, vCount: UInt32 = 21, tCount: UInt32 = 28
  static let sCount = lCount * vCount * tCount

  static func isHangul(_ scalar: UInt32) -> Bool {
    (0x1100...0x11FF).contains(scalar) || (0xA960...0xA97F).contains(scalar)
      || (0xD7B0...0xD7FF).contains(scalar) || (sBase..<(sBase + sCount)).contains(scalar)
  }

  /// NFC/NFKC of a cluster, with Hangul handled here and the rest by `normalize`.
  static func normalize(_ scalars: [UInt32], with normalize: ([UInt32]) -> [UInt32]) -> [UInt32] {
    guard scalars.contains(where: isHangul) else { return normalize(scalars) }
    var decomposed: [UInt32] = []
    var run: [UInt32] = []
    for scalar in scalars {
      if isHangul(scalar) {
        if !run.isEmpty { decomposed += normalize(run) }
        run.removeAll()
        decomposed += decompose(scalar)
      } else {
        run.append(scalar)
      }
    }
    if !run.isEmpty { decomposed += normalize(run) }
    return compose(decomposed)
  }

  static func decompose(_ scalar: UInt32) -> [UInt32] {
    guard (sBase..<(sBase + sCount)).contains(scalar) else { return [scalar] }
    let index = scalar - sBase
    let l = lBase + index / (vCount * tCount)
    let v = vBase + (index % (vCount * tCount)) / tCount
    let t = tBase + index % tCount
    return t == tBase ? [l, v] : [l, v, t]
  }

  static func compose(_ scalars: [UInt32]) -> [UInt32] {
    var result: [UInt32] = []
    for scalar in scalars {
      if let last = result.last {
        if (lBase..<(lBase + lCount)).contains(last), (vBase..<(vBase + vCount)).contains(scalar) {
          result[result.count - 1] = sBase + ((last - lBase) * vCount + (scalar - vBase)) * tCount
          continue
        }
        if (sBase..<(sBase + sCount)).contains(last), (last - sBase) % tCount == 0,
          ((tBase + 1)..<(tBase + tCount)).contains(scalar)
        {
          result[result.count - 1] = last + (scalar - tBase)
          continue
        }
      }
      result.append(scalar)
    }
    return result
  }
}
