//! The process heap: keep what the graphics driver frees each frame.
//!
//! Mesa's software rasterisers (lavapipe, llvmpipe) allocate and free their binned scene, many
//! megabytes, every frame. glibc hands large freed blocks back to the operating system (blocks
//! above the mmap threshold are unmapped; the heap top above the trim threshold is trimmed), so
//! the next frame takes page faults and zeroes fresh pages for the same memory: measured at
//! 100k enemies on lavapipe, 14 % of the render thread's time was spent in the kernel doing
//! this. [`keep_freed_memory`] raises both thresholds so freed memory stays in the heap for
//! the next frame; peak memory is unchanged (the same blocks are reused), only returning it to
//! the system after a peak is given up. Elsewhere than glibc on Linux it does nothing.
//!
//! A module of the binary only (not of the `horde` library): `main` calls it first, while its
//! thread is the only one, which `mallopt` needs (glibc marks it unsafe to call while other
//! threads allocate).

/// The largest mmap threshold glibc accepts on 64-bit systems (32 MiB): smaller blocks come
/// from the heap and are reused.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 32 << 20;

/// Free memory at the heap top kept rather than trimmed (1 GiB).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TRIM_THRESHOLD: libc::c_int = 1 << 30;

/// Makes the allocator keep freed memory for reuse (see the module docs); returns whether it
/// took the settings. Called once, first thing in `main`, before other threads start.
pub(crate) fn keep_freed_memory() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: `mallopt` only changes two allocator parameters; called before any other
        // thread exists, it cannot race with allocations elsewhere.
        #[allow(unsafe_code)]
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1
                && libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    /// Set in the child process that takes the settings.
    const CHILD: &str = "HORDE_HEAP_TEST_CHILD";

    /// `keep_freed_memory` must not run beside other threads that allocate, as tests running
    /// side by side do: the test runs itself again in a child process of this test binary,
    /// alone (`--exact`, one test thread; the harness's main thread only waits for it), and
    /// takes the settings there.
    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn glibc_takes_the_settings() {
        if std::env::var_os(CHILD).is_some() {
            assert!(super::keep_freed_memory());
            return;
        }
        let out = std::process::Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", "heap::tests::glibc_takes_the_settings"])
            .args(["--test-threads=1"])
            .env(CHILD, "1")
            .output()
            .expect("the child runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}");
        assert!(
            stdout.contains("1 passed"),
            "the child ran no test: {stdout}"
        );
    }
}
