//! Running simulations and arenas on a chosen number of threads (`--threads N`). Results do not
//! depend on it; only the wall-clock time does.

use crate::error::AiError;

/// Run `f` on a rayon pool of `threads` threads (0: rayon's default, one per core).
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> Result<T, AiError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| AiError::Config(format!("cannot start {threads} threads: {e}")))?;
    Ok(pool.install(f))
}
