//! Prints how long vetting and transpiling take on the given files (a quick look; the
//! criterion bench is the measurement).
fn main() {
    for path in std::env::args().skip(1) {
        let source = std::fs::read_to_string(&path).expect("readable file");
        let options = paranoid_core::Options::default();
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
