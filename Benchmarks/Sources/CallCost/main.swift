import CCallgrind
import ShortTextMethods
import TextLimitCAPI

#if canImport(Glibc)
  import Glibc
#endif

// The call-cost probe: each method called a given number of times on 64 pieces of each size cut
// from a sample text of each script. Under `valgrind --tool=callgrind`, the counters are zeroed
// before each measured loop and dumped after it with a label ("english 16 count(String)"): the
// dump's instruction total over the number of calls is what one call costs, repeatable where
// wall-clock time on a shared machine is not. Benchmarks/Scripts/call-cost runs it and checks
// the goals. Then the C API's `textlimit_count` in each of its nine units on 64 pieces of 20 bytes
// of ASCII ("capi 20 textlimit_count(width)"): what a server counting short strings from C or
// Python pays per call, whatever the unit.
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

/// Measures every method on one script and size. A function with locals: top-level variables
/// are the main actor's, and a closure reading one would check the executor, a cost of the
/// harness, not of the method.
func measure(script: String, size: Int, calls: Int) -> Int {
  // The sample repeated, long enough for 64 different pieces of this size.
  var sample: [UInt8] = []
  while sample.count < size * 4 + 4096 { sample += Array(Samples.text(of: script)!.utf8) }
  let methods = ShortTextMethods.closures(for: ShortTextMethods.pieces(of: sample, size: size))
  var check = 0
  for (name, method) in zip(ShortTextMethods.names, methods) {
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

/// The C API's units, in `textlimit_unit`'s order (Benchmarks/Scripts/call-cost reads them).
let cUnitNames = [
  "graphemes", "utf16", "scalars", "utf8", "width", "twitter", "wide2", "x", "mastodon",
]

/// Measures `textlimit_count` (through the Swift function its C symbol calls) in every unit on
/// 64 pieces of 20 bytes of ASCII cut from the English sample.
func measureCAPI(calls: Int) -> Int {
  var ascii: [UInt8] = []
  while ascii.count < 8192 { ascii += Samples.english.utf8.filter { $0 < 0x80 } }
  let pieces = ShortTextMethods.pieces(of: ascii, size: 20)
  var check = 0
  for (value, name) in cUnitNames.enumerated() {
    let method = { (index: Int) -> Int in
      var count: UInt64 = 0
      let status = pieces[index].withUnsafeBufferPointer {
        textLimitCount($0.baseAddress, $0.count, Int32(value), &count)
      }
      precondition(status == 0, "textlimit_count failed in unit \(name)")
      return Int(count)
    }
    for index in 0..<64 { check &+= method(index) }
    callcost_zero_stats()
    check &+= measuredCalls(method, callCount(size: 20, calls: calls))
    callcost_dump_stats("capi 20 textlimit_count(\(name))")
  }
  return check
}

if callcost_is_under_valgrind() == 0 {
  print("CallCost: not under valgrind; run Benchmarks/Scripts/call-cost for the counts")
}
var check = 0
for script in scripts {
  for size in sizes { check &+= measure(script: String(script), size: size, calls: calls) }
}
check &+= measureCAPI(calls: calls)
print(check)
