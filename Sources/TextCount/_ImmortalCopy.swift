/// A copy of `values` that lives as long as the process: for the tables built once at first use,
/// so that reading them is a plain load, with no reference counting and no bounds check.
/// - Complexity: O(`values.count`), once per table.
func _immortalCopy<Element>(_ values: [Element]) -> UnsafePointer<Element> {
  let storage = UnsafeMutablePointer<Element>.allocate(capacity: values.count)
  storage.initialize(from: values, count: values.count)
  return UnsafePointer(storage)
}
