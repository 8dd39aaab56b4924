//! The designer's question (spec §3 R-S3, §8.5): which setups force a win. Not built yet.
