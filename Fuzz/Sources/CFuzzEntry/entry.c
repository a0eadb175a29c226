#include "CFuzzEntry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// SwiftPM links an executable module with `main` pointing at `<module>_main` (so tests can import it); with
// -parse-as-library there is no such function, so this one starts libFuzzer's driver on the Swift entry point.
int iosec_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
