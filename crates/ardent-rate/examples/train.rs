//! Same as `cardtable deck rate-train` (for running without building the CLI).
fn main() {
    let a: Vec<usize> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let plan = ardent_rate::train::TrainPlan {
        decks: a[0],
        games: a[1],
        heldout: a[2],
        heldout_games: a[3],
        seed: a[4] as u64,
        bot: ai::BotSpec::Random,
        gauntlet: 1,
        options: Default::default(),
    };
    let t = std::time::Instant::now();
    let r = ardent_rate::train::run(&plan, None).unwrap();
    std::fs::write("crates/ardent-rate/data/model_v1.txt", r.model.to_text()).unwrap();
    std::fs::write("crates/ardent-rate/data/heldout_v1.tsv", r.heldout.to_tsv()).unwrap();
    std::fs::write("/tmp/ardent_train_v1.tsv", r.training.to_tsv()).unwrap();
    println!("{:?} in {:?}", r.accuracy, t.elapsed());
}
