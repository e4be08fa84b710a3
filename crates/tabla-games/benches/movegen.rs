//! Move generation speed per game (criterion).
use criterion::{criterion_group, criterion_main, Criterion};

fn movegen(_c: &mut Criterion) {}

criterion_group!(benches, movegen);
criterion_main!(benches);
