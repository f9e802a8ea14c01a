import Foundation
public import Testing

/// A table of test cases in Tests/Fixtures: tab-separated values with a header line, where a
/// text field is a JSON string literal (`"a\u00e9"`), so that every code point, controls and
/// white space included, survives the file. The research behind issue 48 wrote its cases so.
public struct CaseTable: Sendable {
  /// One row: its fields by column name.
  public struct Row: Sendable, CustomTestStringConvertible {
    /// The row's fields by column name, as written (a text field still a JSON literal).
    public let fields: [String: String]
    /// The row's position in the file (1 for the first row after the header).
    public let number: Int

    /// The raw field of `column` ("" where the row has none).
    public subscript(_ column: String) -> String { fields[column] ?? "" }

    /// The field of `column` read as a JSON string literal.
    /// - Precondition: the field is one (a test of a malformed file fails loudly).
    public func text(_ column: String) -> String {
      guard let text = optionalText(column) else {
        preconditionFailure("row \(number): '\(column)' is not a JSON string: \(self[column])")
      }
      return text
    }

    /// The field of `column` read as a JSON string literal, or nil where it is not one (a
    /// research file abbreviates a few very long texts).
    public func optionalText(_ column: String) -> String? {
      guard let data = "[\(self[column])]".data(using: .utf8),
        let decoded = try? JSONSerialization.jsonObject(with: data) as? [String]
      else { return nil }
      return decoded.first
    }

    /// The field of `column` as a whole number, or nil where it is empty or not one.
    public func int(_ column: String) -> Int? { Int(self[column]) }

    /// The field of `column` as a JSON array of strings (`["a","b"]`).
    public func strings(_ column: String) -> [String] {
      guard let data = self[column].data(using: .utf8),
        let decoded = try? JSONSerialization.jsonObject(with: data) as? [String]
      else { return [] }
      return decoded
    }

    /// The row's `id` (or `test`) column, which names it in a test's report.
    public var testDescription: String { fields["id"] ?? fields["test"] ?? "row \(number)" }
  }

  /// The column names, from the header line.
  public let columns: [String]
  /// The rows after the header, in order.
  public let rows: [Row]

  /// The table at `Tests/Fixtures/<name>`; empty (no rows) where the file cannot be read, which
  /// each suite's count of rows then reports.
  public init(_ name: String, filePath: String = #filePath) {
    var components = filePath.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(2)  // TestSupport/CaseTable.swift
    let path = components.joined(separator: "/") + "/Fixtures/" + name
    let contents = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    var lines = contents.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    guard !lines.isEmpty else {
      columns = []
      rows = []
      return
    }
    let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false)
      .map(String.init)
    columns = header
    rows = lines.enumerated().map { number, line in
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      var fields: [String: String] = [:]
      for (column, cell) in zip(header, cells) { fields[column] = cell }
      return Row(fields: fields, number: number + 1)
    }
  }
}
