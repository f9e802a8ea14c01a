import TextCount

#if canImport(Glibc)
import Glibc
#endif

// Usage: textcount-bench [--size MiB] [--repetitions N] [--json FILE]
var sizeMiB = 64
var repetitions = 5
var jsonPath: String? = nil
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--size": sizeMiB = Int(arguments.popFirst() ?? "") ?? sizeMiB
  case "--repetitions": repetitions = Int(arguments.popFirst() ?? "") ?? repetitions
  case "--json": jsonPath = arguments.popFirst()
  default:
    print("usage: textcount-bench [--size MiB] [--repetitions N] [--json FILE]")
    exit(2)
  }
}

let corpora = ["english", "chinese"].map { Corpus.synthetic($0, size: sizeMiB << 20) }
var measurements: [Measurement] = []
for corpus in corpora {
  let bytes = corpus.bytes
  let baseline = Measurement.run("String(decoding:).count", on: corpus, repetitions: repetitions) {
    String(decoding: bytes, as: UTF8.self).count
  }
  measurements.append(baseline)
  let prebuilt = String(decoding: bytes, as: UTF8.self)
  measurements.append(
    Measurement.run("String.count (prebuilt)", on: corpus, repetitions: repetitions) {
      prebuilt.count
    })
  for backend in TextCounter.availableBackends {
    let counter = TextCounter(unit: .graphemes, backend: backend)
    let name = "TextCount \(backend)"
    let measured = Measurement.run(name, on: corpus, repetitions: repetitions) {
      bytes.withUnsafeBytes { counter.count(utf8: $0) }
    }
    precondition(measured.result == baseline.result, "\(name) disagrees with String on \(corpus.name)")
    measurements.append(measured)
  }
}

func format(_ value: Double, _ digits: Int = 1) -> String {
  var scaled = (value * pow(10, Double(digits))).rounded() / pow(10, Double(digits))
  if scaled == -0 { scaled = 0 }
  return String(scaled)
}

print("grapheme clusters, \(sizeMiB) MiB per corpus, \(repetitions) runs; MB/s median (best), ×: vs String(decoding:).count")
print("corpus   method                        MB/s median   MB/s best    ×")
for corpus in corpora {
  let baseline = measurements.first { $0.corpus == corpus.name && $0.method == "String(decoding:).count" }!
  for m in measurements where m.corpus == corpus.name {
    let ratio = baseline.median / m.median
    print(
      corpus.name.padding(8) + " " + m.method.padding(29) + " " + format(m.medianMBps).leftPadding(11)
        + " " + format(m.bestMBps).leftPadding(11) + " " + format(ratio, 2).leftPadding(5))
  }
}

if let jsonPath {
  var json = "[\n"
  json += measurements.map { m in
    "  {\"corpus\": \"\(m.corpus)\", \"method\": \"\(m.method)\", \"bytes\": \(m.bytes), "
      + "\"median_seconds\": \(m.median), \"best_seconds\": \(m.best), \"result\": \(m.result)}"
  }.joined(separator: ",\n")
  json += "\n]\n"
  guard let file = fopen(jsonPath, "w") else { fatalError("cannot write \(jsonPath)") }
  fputs(json, file)
  fclose(file)
}

extension String {
  func padding(_ length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
  func leftPadding(_ length: Int) -> String {
    count >= length ? self : String(repeating: " ", count: length - count) + self
  }
}
