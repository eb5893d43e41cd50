//! The plumbing of the wasm protocol that both of Paranoid's modules speak (the core's,
//! `rust-core/src/abi.rs`, and rust-meta's, `rust-meta/src/abi.rs`): one input buffer the caller
//! writes a request into, one output buffer holding the last answer.
//!
//! Protocol, one call at a time (each module's caller is single-threaded):
//! 1. `paranoid_input(n)` sizes the input buffer to `n` bytes and returns where it is.
//! 2. The caller writes the request there and calls an operation of the module with the number
//!    of bytes it used (and the operation's own numbers).
//! 3. The operation returns the length of its answer, which is at `paranoid_output()`.
//!
//! Memory may grow during any call, which detaches the caller's views: take them afresh.
//!
//! Each module exports `paranoid_input` and `paranoid_output` itself, with [`export_buffers!`],
//! so that the exports stay in the crate that builds the wasm; the operations are each module's
//! own, and answer through [`respond`]. Natively nothing is exported; the buffers work the same,
//! which is how this crate is tested.
//!
//! The functions are `#[inline]`: without it the `wasm` profile left them apart, and each module
//! grew by about 800 bytes over the copy it had of its own.

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Sizes the input buffer to `len` bytes (zeroed) and returns its address.
#[inline]
pub fn input(len: u32) -> *mut u8 {
    INPUT.with(|input| {
        let mut input = input.borrow_mut();
        input.clear();
        input.shrink_to(len as usize);
        input.resize(len as usize, 0);
        input.as_mut_ptr()
    })
}

/// The address of the last answer (its length was the operation's result).
#[inline]
pub fn output() -> *const u8 {
    OUTPUT.with(|output| output.borrow().as_ptr())
}

/// Answers one request: `answer` reads the first `len` bytes of the input buffer, and the text
/// it returns becomes the output. Returns the answer's length in bytes.
///
/// A length past the buffer is the caller's error: `answer` is then given the single byte
/// `0xFF`, which is no UTF-8 and no request, so that it answers with an error; the buffer is
/// never read past its end.
#[inline]
pub fn respond(len: u32, answer: impl FnOnce(&[u8]) -> String) -> u32 {
    let text = INPUT.with(|input| {
        let input = input.borrow();
        answer(input.get(..len as usize).unwrap_or(&[0xFF]))
    });
    OUTPUT.with(|output| {
        let mut output = output.borrow_mut();
        *output = text;
        output.len() as u32
    })
}

/// Defines the two exports of the buffers, `paranoid_input` and `paranoid_output`, in the
/// crate that invokes it (the crate whose wasm is built). Invoke it once, in wasm builds only.
#[macro_export]
macro_rules! export_buffers {
    () => {
        /// Sizes the input buffer to `len` bytes (zeroed) and returns its address.
        #[no_mangle]
        pub extern "C" fn paranoid_input(len: u32) -> *mut u8 {
            $crate::input(len)
        }

        /// The address of the last answer (its length was the operation's result).
        #[no_mangle]
        pub extern "C" fn paranoid_output() -> *const u8 {
            $crate::output()
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(request: &[u8]) {
        let at = input(request.len() as u32);
        // SAFETY: `input` sized the buffer to exactly `request.len()` bytes at `at`, and nothing
        // else touches it until `respond`.
        unsafe { std::ptr::copy_nonoverlapping(request.as_ptr(), at, request.len()) };
    }

    fn last_answer(len: u32) -> String {
        // SAFETY: the output buffer holds the last answer, `len` bytes long, until the next call.
        let bytes = unsafe { std::slice::from_raw_parts(output(), len as usize) };
        String::from_utf8(bytes.to_vec()).expect("answers are text")
    }

    #[test]
    fn an_answer_sees_the_bytes_used_and_is_left_at_the_output() {
        write(b"hello, world");
        let len = respond(5, |request| {
            assert_eq!(request, b"hello");
            "{\"ok\":true}".to_string()
        });
        assert_eq!(last_answer(len), "{\"ok\":true}");
    }

    #[test]
    fn a_length_past_the_buffer_is_answered_never_read() {
        write(b"abc");
        let len = respond(4, |request| {
            assert_eq!(request, [0xFF]);
            "refused".to_string()
        });
        assert_eq!(last_answer(len), "refused");
    }

    #[test]
    fn the_input_is_zeroed_and_sized_anew_each_time() {
        write(b"long request");
        let at = input(3);
        // SAFETY: `input` sized the buffer to 3 bytes at `at`.
        let fresh = unsafe { std::slice::from_raw_parts(at, 3) };
        assert_eq!(fresh, [0, 0, 0]);
        let len = respond(3, |request| format!("{}", request.len()));
        assert_eq!(last_answer(len), "3");
    }
}
