#if DEBUG
let a = "\(x)"
#elseif os(iOS)
#else
#endif
let s = #"raw \#(interp) "# + """
  multi
  """
/// doc
@objc(X) final class C<T>: NSObject where T: Equatable { subscript(i: Int) -> T? { nil } }
let r = /reg(ex)?/
func f() async throws(E) -> some P { try await g() }
#Preview { Text("x") }
let x = [1: [2: [3]]]?.first!.value ?? 0
