import CCallgrind
import TextCount
import TextLimit

#if canImport(Glibc)
  import Glibc
#endif

// The call-cost probe: each method called a given number of times on 64 pieces of each size cut
// from a sample text of each script. Under `valgrind --tool=callgrind`, the counters are zeroed
// before each measured loop and dumped after it with a label ("english 16 count(String)"): the
// dump's instruction total over the number of calls is what one call costs, repeatable where
// wall-clock time on a shared machine is not. Benchmarks/Scripts/call-cost runs it and checks
// the goals.
//   CallCost [calls] [sizes, e.g. 16,64,256] [scripts, e.g. english,chinese,hindi,emoji]

let arguments = CommandLine.arguments
let calls = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 10_000
let sizes = (arguments.count > 2 ? arguments[2] : "16,64,256,1024").split(separator: ",")
  .compactMap { Int($0) }
let scripts = (arguments.count > 3 ? arguments[3] : "english,chinese,hindi,emoji").split(
  separator: ",")
guard calls > 0, !sizes.isEmpty, scripts.allSatisfy({ Samples.text(of: String($0)) != nil })
else {
  print("usage: CallCost [calls] [sizes, e.g. 16,64,256] [scripts: english,chinese,hindi,emoji]")
  exit(2)
}

/// The methods measured, by the name the labels give them.
let methodNames = [
  "String.count", "String(decoding:).count", "count(String)", "count(utf8:)", "isWithinLimit",
  "truncated",
]

/// 64 pieces of at most `size` bytes, spread over `sample` (repeated as needed), each starting and
/// ending on a scalar boundary.
func pieces(of sample: String, size: Int) -> [[UInt8]] {
  var bytes: [UInt8] = []
  while bytes.count < size * 4 + 4096 { bytes += Array(sample.utf8) }
  func isContinuation(_ index: Int) -> Bool { bytes[index] & 0xC0 == 0x80 }
  let stride = (bytes.count - size - 4) / 64
  return (0..<64).map { piece in
    var start = piece * stride
    while isContinuation(start) { start += 1 }
    var end = start + size
    while end > start && isContinuation(end) { end -= 1 }
    return Array(bytes[start..<end])
  }
}

/// Measures every method on one script and size. A function with locals: top-level variables
/// are the main actor's, and a closure reading one would check the executor, a cost of the
/// harness, not of the method.
func measure(script: String, size: Int, calls: Int) -> Int {
  let byteArrays = pieces(of: Samples.text(of: script)!, size: size)
  let strings = byteArrays.map { String(decoding: $0, as: UTF8.self) }
  let counter = TextCounter(unit: .graphemes)
  let limits = strings.map { TextLimit(maxLength: max(1, $0.count / 2)) }
  let methods: [(Int) -> Int] = [
    { strings[$0].count },
    { String(decoding: byteArrays[$0], as: UTF8.self).count },
    { counter.count(strings[$0]) },
    { byteArrays[$0].withUnsafeBytes { counter.count(utf8: $0) } },
    { limits[$0].isWithinLimit(strings[$0]) ? 1 : 0 },
    { limits[$0].truncated(strings[$0]).utf8.count },
  ]
  var check = 0
  for (name, method) in zip(methodNames, methods) {
    // Once before the measured calls, so one-time set-up (tables, statics) is not counted.
    for index in 0..<64 { check &+= method(index) }
    callcost_zero_stats()
    check &+= measuredCalls(method, callCount(size: size, calls: calls))
    callcost_dump_stats("\(script) \(size) \(name)")
  }
  return check
}

/// Fewer calls for longer pieces (Scripts/call-cost divides by the same): the counts are exact.
func callCount(size: Int, calls: Int) -> Int { max(256, calls * 16 / max(size, 16)) }

@inline(never) func measuredCalls(_ method: (Int) -> Int, _ calls: Int) -> Int {
  var check = 0
  for call in 0..<calls { check &+= method(call & 63) }
  return check
}

if callcost_is_under_valgrind() == 0 {
  print("CallCost: not under valgrind; run Benchmarks/Scripts/call-cost for the counts")
}
var check = 0
for script in scripts {
  for size in sizes { check &+= measure(script: String(script), size: size, calls: calls) }
}
print(check)
