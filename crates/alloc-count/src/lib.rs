//! The one counting allocator of Horde's tests: the system allocator, counting every
//! allocation and reallocation — in all threads, and in the calling thread alone — so that a
//! test can assert that a hot path allocates nothing once warmed up.
//!
//! A test binary installs it with
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: horde_alloc_count::Counting = horde_alloc_count::Counting;
//! ```
//!
//! and reads [`allocations`] (every thread: for work spread over a thread pool) or
//! [`thread_allocations`] (this thread: when other tests run beside it) before and after.
//! Only tests depend on it; this is one of the three places Horde has `unsafe` code
//! (`docs/ARCHITECTURE.md`, decisions).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting allocations and reallocations.
pub struct Counting;

static ALL: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static THIS_THREAD: Cell<usize> = const { Cell::new(0) };
}

/// Allocations and reallocations so far, by every thread.
pub fn allocations() -> usize {
    ALL.load(Ordering::SeqCst)
}

/// Allocations and reallocations so far, by the calling thread.
pub fn thread_allocations() -> usize {
    THIS_THREAD.with(Cell::get)
}

fn count() {
    ALL.fetch_add(1, Ordering::Relaxed);
    // `try_with`: the thread's slot may be gone while the thread shuts down. A const
    // thread-local without a destructor never allocates, so this cannot recurse.
    let _ = THIS_THREAD.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: forwards every call to the system allocator unchanged; only counts.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
