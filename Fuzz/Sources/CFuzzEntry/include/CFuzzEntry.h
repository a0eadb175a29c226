#pragma once
#include <stddef.h>
#include <stdint.h>

// libFuzzer's own driver, for a program whose `main` is not libFuzzer's.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
