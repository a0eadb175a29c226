// Test certificates and the local TLS server live with IOSecKit's package, whose tests need them too.
@_exported import IOSecTLSTestSupport
