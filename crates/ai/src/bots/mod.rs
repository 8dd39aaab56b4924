//! The bots: random, greedy (one ply), MCTS (IS-MCTS) and the Fate Deduction solver.

pub mod greedy;
pub mod mcts;
pub mod random;
pub mod solver;
