//! The bots: random, greedy (one ply) and MCTS (IS-MCTS).

pub mod greedy;
pub mod mcts;
pub mod random;
