//! Prints how long vetting and transpiling take on the given files (a quick look; the
//! criterion bench is the measurement). `--transpile-only` runs one transpile per file, for
//! profilers; `--swc-alone` runs the benchmark's yardstick once per file instead (swc's parse,
//! resolver and print), so that callgrind can count both.

#[path = "../benches/support/swc_alone.rs"]
mod swc_alone;
// The same allocator as the CLI (see Cargo.toml): the figures are what `paranoid transpile` gets.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let only = args.first().is_some_and(|a| a == "--transpile-only");
    let yardstick = args.first().is_some_and(|a| a == "--swc-alone");
    if only || yardstick {
        args.remove(0);
    }
    for path in args {
        let source = std::fs::read_to_string(&path).expect("readable file");
        let options = paranoid_core::Options::default();
        if only {
            let _ = paranoid_core::transpile(&source, &options);
            continue;
        }
        if yardstick {
            let _ = swc_alone::swc_alone(&source);
            continue;
        }
        let mb = source.len() as f64 / 1e6;
        let t = std::time::Instant::now();
        let _ = paranoid_core::nesting_depth(&source);
        let parse = t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        let _ = paranoid_core::vet(&source, &options);
        let vet = t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        let _ = paranoid_core::transpile(&source, &options);
        let all = t.elapsed().as_secs_f64();
        println!(
            "{path}: parse {:.1} ms, vet {:.1} ms, transpile {:.1} ms = {:.1} MB/s",
            parse * 1e3,
            vet * 1e3,
            all * 1e3,
            mb / all
        );
    }
}
