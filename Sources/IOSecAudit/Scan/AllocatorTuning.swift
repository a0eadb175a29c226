import CIOSecAllocator

/// Process-wide allocator settings for scanning, applied by the executables at start.
///
/// Every file's syntax tree is built in fresh memory and released when the file is done. With glibc's defaults
/// each release hands the pages back to the kernel (trimming, unmapping large blocks) and the next file faults
/// them in again. Keeping freed memory in the process removes that churn; peak memory stays that of the files in
/// flight. Other platforms' allocators need nothing, and there it does nothing.
public enum AllocatorTuning {
    public static func applyForScanning() {
        iosec_keep_freed_memory()
    }
}
