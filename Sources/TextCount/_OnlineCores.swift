#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The number of processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
func _onlineCoreCount() -> Int {
  max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
