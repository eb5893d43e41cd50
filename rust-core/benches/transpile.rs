//! Throughput of `transpile` (parse, vet, rewrite, codegen, source map) and of `vet` alone on
//! real libraries, in decimal MB of input per second (`Throughput::BytesDecimal`, the unit of the
//! goal in docs/design.md, "Performance goals"):
//!
//!     cargo bench -p paranoid-core --bench transpile
//!
//! The libraries are the npm test data that `cargo xtask setup` installs in `tests/node_modules`
//! (`PARANOID_TESTDATA` overrides the directory); a missing one is skipped with a notice. The
//! floor: at least 60 MB/s natively on lodash. The `swc-alone` group is the yardstick
//! measured in the same run: swc's parse, resolver and minified print, nothing of ours.

use std::path::PathBuf;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion,
    SamplingMode, Throughput,
};
use paranoid_core::{transpile, vet, Options};

#[path = "support/swc_alone.rs"]
mod swc_alone;
use swc_alone::swc_alone;

// The same allocator as the CLI (see Cargo.toml): the figures are what `paranoid transpile` gets.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const LIBRARIES: [(&str, &str); 4] = [
    ("lodash", "lodash/lodash.js"),
    ("jquery", "jquery/dist/jquery.js"),
    ("three", "three/build/three.cjs"),
    ("react-dom", "react-dom/umd/react-dom.development.js"),
];

fn testdata() -> PathBuf {
    match std::env::var_os("PARANOID_TESTDATA") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/node_modules"),
    }
}

/// The libraries that are present, as (name, source).
fn libraries() -> Vec<(&'static str, String)> {
    let dir = testdata();
    let found: Vec<_> = LIBRARIES
        .iter()
        .filter_map(
            |&(name, path)| match std::fs::read_to_string(dir.join(path)) {
                Ok(source) => Some((name, source)),
                Err(error) => {
                    eprintln!(
                        "notice: skipping {name}: {}: {error}",
                        dir.join(path).display()
                    );
                    None
                }
            },
        )
        .collect();
    if found.is_empty() {
        eprintln!(
            "notice: no test libraries in {} (run `cargo xtask setup` or set PARANOID_TESTDATA)",
            dir.display()
        );
    }
    found
}

/// Modest settings so that the whole bench runs in about a minute: each iteration takes
/// milliseconds, so flat sampling (the same iteration count in every sample) fits 20 samples
/// into a few seconds.
fn configure<'a>(c: &'a mut Criterion, group: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(group);
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    g
}

fn bench_transpile(c: &mut Criterion) {
    let options = Options::default();
    let libraries = libraries();
    let mut group = configure(c, "transpile");
    for (name, source) in &libraries {
        // A library that does not transpile would measure the refusal: fail loudly instead.
        if let Err(diagnostics) = transpile(source, &options) {
            panic!(
                "{name} does not transpile: {:?}",
                &diagnostics[..diagnostics.len().min(3)]
            );
        }
        group.throughput(Throughput::BytesDecimal(source.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), source, |b, source| {
            b.iter(|| transpile(black_box(source), &options))
        });
    }
    group.finish();
}

fn bench_vet(c: &mut Criterion) {
    let options = Options::default();
    let libraries = libraries();
    let mut group = configure(c, "vet");
    for (name, source) in &libraries {
        let diagnostics = vet(source, &options);
        assert!(
            diagnostics.is_empty(),
            "{name} does not pass vetting: {:?}",
            &diagnostics[..diagnostics.len().min(3)]
        );
        group.throughput(Throughput::BytesDecimal(source.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), source, |b, source| {
            b.iter(|| vet(black_box(source), &options))
        });
    }
    group.finish();
}

/// The same libraries through swc alone, as a peer measured in the same run: parse, resolve and
/// print minified, without a source map. No swc-based pipeline can beat it; `transpile`'s time
/// over this one's is what our checks, rewrite and source map cost (docs/BENCHMARKS.md).
fn bench_swc_alone(c: &mut Criterion) {
    let libraries = libraries();
    let mut group = configure(c, "swc-alone");
    for (name, source) in &libraries {
        group.throughput(Throughput::BytesDecimal(source.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), source, |b, source| {
            b.iter(|| swc_alone(black_box(source)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_transpile, bench_vet, bench_swc_alone);
criterion_main!(benches);
