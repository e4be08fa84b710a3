//! How soon does the analysis board see the engine's first line? Starts a server in this
//! process (a fresh SQLite file in a temporary folder), opens `GET /api/analyse/live`, and for
//! every game sends positions one after the other, timing each from the request's frame to
//! the first analysis frame that comes back. As the baseline of the same run, the round trip
//! of `POST /api/position` (the cheapest request that plays a position out) on the same
//! positions. Prints a markdown table: median and 90th percentile, and their ratio.
//!
//! ```text
//! cargo run --release -p tabla-server --example first_line -- [--rounds N]
//! ```

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

fn pct(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

#[tokio::main]
async fn main() {
    let mut rounds = 20usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            _ => panic!("unknown argument {a}; usage: first_line [--rounds N]"),
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let config = tabla_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: dir.path().join("bench.sqlite3").into(),
        ..Default::default()
    };
    let running = tabla_server::start(config).await.unwrap();
    let addr = running.addr;
    let http = reqwest::Client::new();
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/analyse/live")).await.unwrap();
    let cases: [(&str, Value, &str); 5] = [
        ("amazons 6×6", json!({"size":"6"}), "b1-b4/e4 e6-c4/c1"),
        ("amazons 10×10", json!({"size":"10"}), "d1-d7/g7"),
        ("gipf", json!({}), ""),
        ("seega", json!({}), "a2,e5 a1,b1"),
        ("bulgarian-ur", json!({}), "first=black r3 0-3 r5"),
    ];
    println!("| game | first line: median ms | p90 ms | /api/position: median ms | ratio |");
    println!("| --- | --- | --- | --- | --- |");
    for (name, options, record) in cases {
        let game = name.split(' ').next().unwrap();
        let (mut first, mut base) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let body = json!({"game":game,"options":options,"record":record});
            let t0 = Instant::now();
            let r = http
                .post(format!("http://{addr}/api/position"))
                .body(body.to_string())
                .send()
                .await
                .unwrap();
            assert!(r.status().is_success());
            r.bytes().await.unwrap();
            base.push(t0.elapsed().as_secs_f64() * 1000.0);
            let req = json!({"game":game,"options":options,"record":record,"time_ms":300});
            let t0 = Instant::now();
            ws.send(Message::Text(req.to_string().into())).await.unwrap();
            let mut got_first = false;
            loop {
                let m = tokio::time::timeout(Duration::from_secs(30), ws.next())
                    .await
                    .expect("a frame")
                    .unwrap()
                    .unwrap();
                let Message::Text(t) = m else { continue };
                let v: Value = serde_json::from_str(&t).unwrap();
                assert!(v.get("error").is_none(), "{v}");
                if !got_first {
                    first.push(t0.elapsed().as_secs_f64() * 1000.0);
                    got_first = true;
                }
                if v["final"] == true {
                    break;
                }
            }
        }
        let (f50, f90, b50) = (pct(&mut first, 0.5), pct(&mut first, 0.9), pct(&mut base, 0.5));
        println!("| {name} | {f50:.1} | {f90:.1} | {b50:.1} | {:.1}× |", f50 / b50.max(1e-3));
    }
    running.stop().await;
}
