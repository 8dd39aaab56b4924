//! The games this binary hosts, by name.

use engine::Registry;

pub fn registry() -> Registry {
    Registry::new().with::<fate::FateGame>().with::<ardent::ArdentGame>().with::<engine::testgame::Pebbles>()
}

/// Run `f` with the typed game named `name` (for benchmarks that must not go through JSON).
#[macro_export]
macro_rules! with_game {
    ($name:expr, $g:ident => $body:expr) => {
        match $name {
            "fate" => {
                type $g = fate::FateGame;
                Ok($body)
            }
            "ardent" => {
                type $g = ardent::ArdentGame;
                Ok($body)
            }
            "pebbles" => {
                type $g = engine::testgame::Pebbles;
                Ok($body)
            }
            other => Err(anyhow::anyhow!(
                "unknown game '{other}': choose one of {}",
                $crate::games::registry().names().join(", ")
            )),
        }
    };
}
