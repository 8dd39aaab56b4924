pub mod arena;
pub mod bench;
pub mod deck;
pub mod play;
pub mod replay;
pub mod scenario;
pub mod serve;
pub mod sim;
