//! Lazy SMP: helper threads search the same root as the main thread, each with its own history tables and
//! some depths skipped, all sharing the transposition table. They report nothing to the outside; what they
//! find reaches the main thread through the table, so its iterations go deeper sooner, and each iteration a
//! helper finishes is offered to it whole (a helper one depth ahead often finishes first; the main thread
//! then takes that result instead of finishing its own iteration). Only the main thread listens to the
//! outside, keeps the limits and answers; when it ends it raises the shared stop, and the helpers end with it
//! (they are scoped threads, joined before `with_helpers` returns, so none outlives a search).

use super::handle::STACK_BYTES;
use super::search::ordering::Heuristics;
use super::search::{Control, RootSpec, Searcher, Shared};
use super::tt::Tt;
use crate::rules::Position;

/// The most search threads (the UCI `Threads` option's maximum).
pub const MAX_THREADS: usize = 256;

/// How many threads this machine runs at once (its cores, or what the process is allowed of them). A search
/// uses no more threads than this: with more, the helpers crowd out the main thread, which then notices a
/// `stop` late (256 threads on 2 cores answered `stop` after 4 s), and Lazy SMP gains nothing from threads
/// that take turns on one core.
pub fn machine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The threads a search runs when `asked` are configured on a machine that runs `machine` at once.
pub fn search_threads(asked: usize, machine: usize) -> usize {
    asked.clamp(1, MAX_THREADS).min(machine.max(1))
}

/// Runs `main` on this thread (given the shared state, the position and its history) while one helper per
/// entry of `heuristics` searches `pos` to `depth`; stops and joins the helpers once `main` returns.
pub(crate) fn with_helpers<R>(
    tt: &Tt,
    heuristics: &mut [Box<Heuristics>],
    pos: Position,
    history: Vec<u64>,
    depth: u32,
    main: impl FnOnce(&Shared, Position, Vec<u64>) -> R,
) -> R {
    let shared = Shared::default();
    std::thread::scope(|scope| {
        for (i, heur) in heuristics.iter_mut().enumerate() {
            let (pos, history, shared) = (pos.clone(), history.clone(), &shared);
            let helper = move || search(i + 1, pos, history, tt, heur, shared, depth);
            // The search recurses deeply, as on the engine thread. A helper that cannot start only makes
            // the search slower, so it is not an error.
            let _ = std::thread::Builder::new()
                .name(format!("tabiya-helper-{}", i + 1))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, helper);
        }
        let _stop = StopOnDrop(&shared);
        main(&shared, pos, history)
    })
}

/// Raises the stop when dropped: when the main search returns, and also if it panicked, so that the scope
/// (which joins the helpers before passing the panic on) cannot wait for them forever.
struct StopOnDrop<'a>(&'a Shared);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop_helpers();
    }
}

/// One helper's search, until its depth or the main thread's stop.
fn search(n: usize, pos: Position, history: Vec<u64>, tt: &Tt, heur: &mut Heuristics, shared: &Shared, depth: u32) {
    let mut stop = shared;
    let ctl = Control::new(None, None, None, &mut stop).helper_of(shared);
    let mut searcher = Searcher::new(pos, history, tt, heur, ctl).helper(n);
    searcher.iterate(depth, RootSpec::default(), &mut |_| {});
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_runs_no_more_threads_than_the_machine_runs_at_once() {
        assert_eq!(search_threads(4, 16), 4);
        assert_eq!(search_threads(256, 2), 2);
        assert_eq!(search_threads(1000, 512), MAX_THREADS);
        assert_eq!(search_threads(0, 8), 1);
        assert_eq!(search_threads(3, 0), 1);
        assert!(machine_threads() >= 1);
    }
}
