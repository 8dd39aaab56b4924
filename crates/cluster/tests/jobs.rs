//! Job and result messages without a NATS server: their JSON shape, the parts a run is split
//! into, and that a job runs to the same answer as the shard it names.

use ai::{BotSpec, Shard, SimConfig};
use cluster::{default_parts, Job, JobMessage, Output, ResultMessage, JOB_FORMAT};

fn config() -> SimConfig {
    SimConfig::new("fate", vec!["random".parse::<BotSpec>().unwrap()], 40, 3)
}

#[test]
fn a_job_is_tagged_by_kind_and_round_trips() {
    let mut c = config();
    c.shard = Some(Shard::new(2, 4).unwrap());
    let m = JobMessage { format: JOB_FORMAT, run: "r1".into(), part: 2, parts: 4, job: Job::Sim { config: c } };
    let v = serde_json::to_value(&m).unwrap();
    assert_eq!(v["job"]["kind"], "sim");
    assert_eq!(serde_json::from_value::<JobMessage>(v).unwrap(), m);
}

#[test]
fn an_unknown_kind_is_not_a_job() {
    let text = r#"{"format":1,"run":"r","part":1,"parts":1,"job":{"kind":"tablebase"}}"#;
    let e = serde_json::from_str::<JobMessage>(text).unwrap_err().to_string();
    assert!(e.contains("tablebase"), "{e}");
}

#[test]
fn a_sim_job_runs_its_shard_and_counts_its_games() {
    let mut c = config();
    c.shard = Some(Shard::new(1, 3).unwrap());
    let job = Job::Sim { config: c.clone() };
    assert_eq!(job.units(), 14, "games 0, 3, …, 39");
    let done = std::sync::atomic::AtomicUsize::new(0);
    let Ok(Output::Sim { results }) = job.run(1, &|d| done.store(d, std::sync::atomic::Ordering::Relaxed)) else {
        panic!("the job runs")
    };
    assert_eq!(results, ai::simulate(&c, None).unwrap());
    assert_eq!(results.records.len(), 14);
    assert_eq!(done.load(std::sync::atomic::Ordering::Relaxed), 14);
}

#[test]
fn a_bad_job_fails_with_the_reason() {
    let job = Job::Sim { config: SimConfig::new("chess", vec!["random".parse().unwrap()], 4, 1) };
    let e = job.run(1, &|_| {}).unwrap_err();
    assert!(e.contains("chess"), "{e}");
    let r = ResultMessage { format: JOB_FORMAT, run: "r".into(), part: 1, parts: 1, outcome: Err(e) };
    let back: ResultMessage = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
}

#[test]
fn default_parts_keep_results_small() {
    assert_eq!(default_parts(1), 1);
    assert_eq!(default_parts(10), 10);
    assert_eq!(default_parts(1000), 16);
    assert_eq!(default_parts(1_000_000), 200, "5,000 games a part");
}
