//! Trains the evaluation network (`src/engine/eval/nnue.rs`), a correction added to the hand-written evaluation.
//!
//! ```text
//! python3 tools/gen_nnue_data.py --seconds 3600 --out /tmp/nnue.txt --seed 1
//! cargo run --release --example nnue_train -- DATA... --held-out=FILE [--hidden=64] [--epochs=12]
//!     [--lr=0.001] [--batch=16384] [--lambda=1.0] [--threads=2] [--buckets=1]
//!     [--king-buckets=2|4] [--init=NET [--anchor=0.01]] [--out=assets/eval.net]
//! ```
//!
//! Each input line is `FEN;cp;result` (`tools/gen_nnue_data.py`): Stockfish's score for White and the game's
//! result for White. The target is `lambda × p(cp) + (1 - lambda) × result`, p(cp) = 1 / (1 + 10^(-cp/400)),
//! and the loss is the squared difference between it and p(evaluation + correction), Texel's error. The
//! network starts with zero output weights, so it starts exactly as the hand-written evaluation; the held-out
//! positions (from other games: `--held-out=FILE`) print the error of both after every epoch. Adam, full
//! batches split over `--threads`; the learning rate falls by a quarter each epoch. `--init=NET` starts from a
//! written network instead (its weights read back from their integers), to refine it on new data;
//! `--anchor=A` then adds A × (w − w_init)² per weight to the loss, so that what the network learnt from
//! data it no longer sees is not simply overwritten by a small new set (refined on one alone, it overfits it).
//! With millions of new positions leave it out: it then holds the weights too tightly to learn (session 52).
//! `--buckets=N` gives the output layer N sets of weights, one per range of the number of pieces
//! (`nnue::bucket`); a one-bucket `--init` network has its output layer copied into each, so it starts
//! exactly as it was. `--hidden=H` above an `--init` network's size widens it: the new units get small random
//! input weights and no output weight, so it too starts exactly as it was. `--king-buckets=2` or `4` gives
//! each side's inputs two or four sets of weights, by where its own king stands (`king_map`): they are trained
//! factored, a shared set plus a set per bucket added to it, so that a bucket few positions reach still has
//! the shared weights, and written summed (magic `TBYK`). A network without king buckets given as `--init`
//! becomes the shared set, the buckets' own sets zero, so training starts exactly from it (session 58: not
//! better than a plain refinement on 1.5 M positions, README "The evaluation network").

use std::io::{BufRead, Write};
use tabiya::engine::eval::nnue::{INPUTS, MAX_BUCKETS, Network, OUTPUT_CP, QA, QB, WEIGHT_LIMIT, bucket};
use tabiya::engine::eval::{evaluate, network_applies, network_inputs};
use tabiya::rules::{Color, Position};

/// The logistic scale: p = 1 / (1 + e^(-cp / K)) is 1 / (1 + 10^(-cp / 400)).
const K: f32 = 400.0 / std::f32::consts::LN_10;

struct Data {
    /// The side to move's inputs of sample `n` are `inputs[start[n]..start[n + 1]]`.
    inputs: Vec<u16>,
    start: Vec<u32>,
    /// Each side's own king square as it sees the board: the side to move's, then its opponent's.
    kings: Vec<[u8; 2]>,
    /// The hand-written evaluation, side to move's view.
    eval: Vec<f32>,
    /// The target expected result, side to move's view.
    target: Vec<f32>,
}

impl Data {
    fn len(&self) -> usize {
        self.eval.len()
    }

    fn sample(&self, n: usize) -> &[u16] {
        &self.inputs[self.start[n] as usize..self.start[n + 1] as usize]
    }
}

/// The same input seen from the other side: their pieces become ours and the board turns.
fn flip(i: u16) -> u16 {
    (if i < 384 { i + 384 } else { i - 384 }) ^ 56
}

fn load(paths: &[String], lambda: f32) -> Data {
    let mut d = Data { inputs: Vec::new(), start: vec![0], kings: Vec::new(), eval: Vec::new(), target: Vec::new() };
    let mut skipped = 0usize;
    for path in paths {
        let file = std::fs::File::open(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.unwrap_or_else(|e| fail(&format!("{path}:{}: {e}", n + 1)));
            let mut f = line.split(';');
            let (Some(fen), Some(cp), Some(result)) = (f.next(), f.next(), f.next()) else {
                skipped += 1;
                continue;
            };
            let (Ok(pos), Ok(cp), Ok(result)) = (Position::from_fen(fen), cp.parse::<f32>(), result.parse::<f32>())
            else {
                skipped += 1;
                continue;
            };
            if !network_applies(&pos) {
                skipped += 1;
                continue;
            }
            let white = lambda / (1.0 + (-cp / K).exp()) + (1.0 - lambda) * result;
            let stm = pos.side_to_move();
            let view = if stm == Color::White { 0 } else { 1 };
            d.inputs.extend(network_inputs(&pos, view));
            d.start.push(d.inputs.len() as u32);
            let king = |c: Color, v: usize| (pos.king_square(c).to_64() ^ (56 * v)) as u8;
            d.kings.push([king(stm, view), king(stm.opposite(), 1 - view)]);
            d.eval.push(evaluate(&pos) as f32);
            d.target.push(if stm == Color::White { white } else { 1.0 - white });
        }
    }
    eprintln!("{}: {} positions ({} skipped)", paths.join(" "), d.len(), skipped);
    d
}

fn fail(msg: &str) -> ! {
    eprintln!("nnue_train: {msg}");
    std::process::exit(1);
}

/// The network in floating point, and its gradient in the same shape.
#[derive(Clone)]
struct Net {
    h: usize,
    buckets: usize,
    /// The king bucket of each own-king square (`king_map`); one bucket means none.
    king_map: [u8; 64],
    king_buckets: usize,
    /// `INPUTS × h` shared weights, then with king buckets `INPUTS × h` per bucket, added to the shared ones.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// `2 × h` per bucket.
    w2: Vec<f32>,
    /// One per bucket.
    b2: Vec<f32>,
}

impl Net {
    fn zeros(h: usize, buckets: usize, king_map: [u8; 64]) -> Net {
        let king_buckets = king_map.iter().max().map_or(1, |&k| k as usize + 1);
        let factored = if king_buckets > 1 { 1 + king_buckets } else { 1 };
        Net {
            h,
            buckets,
            king_map,
            king_buckets,
            w1: vec![0.0; factored * INPUTS * h],
            b1: vec![0.0; h],
            w2: vec![0.0; 2 * h * buckets],
            b2: vec![0.0; buckets],
        }
    }

    fn random(h: usize, buckets: usize, king_map: [u8; 64], seed: u64) -> Net {
        let mut n = Net::zeros(h, buckets, king_map);
        let mut s = seed | 1;
        for w in &mut n.w1[..INPUTS * h] {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            *w = ((s >> 11) as f32 / (1u64 << 53) as f32 - 0.5) * 0.2;
        }
        n.b1.iter_mut().for_each(|b| *b = 0.5);
        n
    }

    /// A written network back in floating point, to train further, with `buckets` output buckets (a
    /// one-bucket network's output layer is copied into each) and the king buckets of `king_map` (a network
    /// without them becomes the shared weights; one with them keeps its own map, its weights the buckets').
    fn read(path: &str, buckets: usize, king_map: [u8; 64]) -> Net {
        let bytes = std::fs::read(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let q = Network::from_bytes(&bytes).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let (w1, b1, w2, b2) = q.integers();
        let scaled = |v: &[i16], s: i32| v.iter().map(|&x| x as f32 / s as f32).collect::<Vec<f32>>();
        let copies = match b2.len() {
            n if n == buckets => 1,
            1 => buckets,
            n => fail(&format!("{path}: {n} output buckets, not 1 or --buckets={buckets}")),
        };
        let own_map = *q.king_map();
        let kings_in_file = own_map.iter().any(|&k| k > 0);
        let mut net = Net::zeros(b1.len(), buckets, if kings_in_file { own_map } else { king_map });
        let w1 = scaled(w1, QA);
        let at = if kings_in_file { INPUTS * net.h } else { 0 };
        net.w1[at..at + w1.len()].copy_from_slice(&w1);
        net.b1 = scaled(b1, QA);
        net.w2 = scaled(w2, QB).repeat(copies);
        net.b2 = b2.iter().map(|&b| b as f32 / (QA * QB) as f32).collect::<Vec<f32>>().repeat(copies);
        net
    }

    /// This network with `h` hidden units: the new units get small random input weights and no output
    /// weight, so the wider network starts exactly as this one and learns what the new units add.
    fn widen(self, h: usize, seed: u64) -> Net {
        if h <= self.h {
            return self;
        }
        let fresh = Net::random(h - self.h, 1, [0; 64], seed);
        let mut w = Net::zeros(h, self.buckets, self.king_map);
        // The shared rows' new units start random, the king buckets' own rows at zero.
        for i in 0..self.w1.len() / self.h {
            let row = &mut w.w1[i * h..(i + 1) * h];
            row[..self.h].copy_from_slice(&self.w1[i * self.h..(i + 1) * self.h]);
            if i < INPUTS {
                row[self.h..].copy_from_slice(&fresh.w1[i * fresh.h..(i + 1) * fresh.h]);
            }
        }
        w.b1[..self.h].copy_from_slice(&self.b1);
        w.b1[self.h..].copy_from_slice(&fresh.b1);
        // Output weights per bucket and per side (ours, then theirs): the old ones first, zeros after.
        for (new, old) in w.w2.chunks_mut(h).zip(self.w2.chunks(self.h)) {
            new[..self.h].copy_from_slice(old);
        }
        w.b2 = self.b2;
        w
    }

    fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.w1.iter_mut().chain(&mut self.b1).chain(&mut self.w2).chain(&mut self.b2)
    }

    /// The output bucket of a sample with these inputs (one per piece).
    fn bucket_of(&self, ours: &[u16]) -> usize {
        bucket(ours.len(), self.buckets)
    }

    /// The rows of `w1` that input `i` adds for a side whose own king stands on `king`: the shared row,
    /// and with king buckets the bucket's own row.
    fn rows(&self, i: u16, king: u8) -> impl Iterator<Item = usize> + use<> {
        let shared = i as usize * self.h;
        let own = (self.king_buckets > 1)
            .then(|| ((1 + self.king_map[king as usize & 63] as usize) * INPUTS + i as usize) * self.h);
        std::iter::once(shared).chain(own)
    }

    fn hidden(&self, inputs: impl Iterator<Item = u16>, king: u8, acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        for i in inputs {
            for at in self.rows(i, king) {
                acc.iter_mut().zip(&self.w1[at..at + self.h]).for_each(|(a, w)| *a += w);
            }
        }
    }

    /// The correction in centipawns for the side to move, and the two sides' hidden sums.
    fn forward(&self, ours: &[u16], kings: [u8; 2], acc: &mut [f32], acc_t: &mut [f32]) -> f32 {
        self.hidden(ours.iter().copied(), kings[0], acc);
        self.hidden(ours.iter().map(|&i| flip(i)), kings[1], acc_t);
        let (h, b) = (self.h, self.bucket_of(ours));
        let w2 = &self.w2[2 * h * b..2 * h * (b + 1)];
        let dot = |a: &[f32], w: &[f32]| a.iter().zip(w).map(|(x, w)| x.clamp(0.0, 1.0) * w).sum::<f32>();
        OUTPUT_CP as f32 * (self.b2[b] + dot(acc, &w2[..h]) + dot(acc_t, &w2[h..]))
    }
}

/// The mean loss over `d` with the network, and with no correction.
fn error(net: &Net, d: &Data) -> (f64, f64) {
    let (mut acc, mut acc_t) = (vec![0.0; net.h], vec![0.0; net.h]);
    let (mut with, mut without) = (0.0f64, 0.0f64);
    for n in 0..d.len() {
        let corr = net.forward(d.sample(n), d.kings[n], &mut acc, &mut acc_t);
        let p = 1.0 / (1.0 + (-(d.eval[n] + corr) / K).exp());
        let p0 = 1.0 / (1.0 + (-d.eval[n] / K).exp());
        with += ((p - d.target[n]) as f64).powi(2);
        without += ((p0 - d.target[n]) as f64).powi(2);
    }
    (with / d.len() as f64, without / d.len() as f64)
}

/// Adds the loss gradient of the samples `batch` to `g`.
fn gradient(net: &Net, d: &Data, batch: &[u32], g: &mut Net) {
    let h = net.h;
    let (mut acc, mut acc_t) = (vec![0.0; h], vec![0.0; h]);
    let mut d_acc = vec![0.0; h];
    for &n in batch {
        let n = n as usize;
        let ours = d.sample(n);
        let corr = net.forward(ours, d.kings[n], &mut acc, &mut acc_t);
        let p = 1.0 / (1.0 + (-(d.eval[n] + corr) / K).exp());
        let dy = 2.0 * (p - d.target[n]) * p * (1.0 - p) * OUTPUT_CP as f32 / K;
        let bucket = net.bucket_of(ours);
        g.b2[bucket] += dy;
        let out = 2 * h * bucket;
        for (side, a) in [&acc, &acc_t].into_iter().enumerate() {
            let at = out + side * h;
            let w2 = &net.w2[at..at + h];
            for j in 0..h {
                let active = a[j] > 0.0 && a[j] < 1.0;
                g.w2[at + j] += dy * a[j].clamp(0.0, 1.0);
                d_acc[j] = if active { dy * w2[j] } else { 0.0 };
                g.b1[j] += d_acc[j];
            }
            for &i in ours {
                let i = if side == 0 { i } else { flip(i) };
                for at in net.rows(i, d.kings[n][side]) {
                    g.w1[at..at + h].iter_mut().zip(&d_acc).for_each(|(r, x)| *r += x);
                }
            }
        }
    }
}

struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
    /// The weights the loss pulls back towards, and how hard (`--anchor`); empty for none.
    anchor: Vec<f32>,
    anchor_strength: f32,
}

impl Adam {
    fn step(&mut self, net: &mut Net, g: &mut Net, lr: f32, scale: f32) {
        self.t += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(self.t);
        let c2 = 1.0 - b2.powi(self.t);
        let grads: Vec<f32> = g.params_mut().map(|x| *x * scale).collect();
        for (k, (w, mut gr)) in net.params_mut().zip(grads).enumerate() {
            if let Some(&w0) = self.anchor.get(k) {
                gr += 2.0 * self.anchor_strength * (*w - w0);
            }
            self.m[k] = b1 * self.m[k] + (1.0 - b1) * gr;
            self.v[k] = b2 * self.v[k] + (1.0 - b2) * gr * gr;
            *w -= lr * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8);
            *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
    }
}

fn quantise(net: &Net) -> Vec<u8> {
    let kings = net.king_buckets > 1;
    let mut b = match (kings, net.buckets) {
        (true, _) => b"TBYK".to_vec(),
        (false, 1) => b"TBYR".to_vec(),
        (false, _) => b"TBYB".to_vec(),
    };
    b.extend((net.h as u32).to_le_bytes());
    if kings || net.buckets > 1 {
        b.extend((net.buckets as u32).to_le_bytes());
    }
    let q = |x: f32, s: i32| ((x * s as f32).round() as i32).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
    let shared = &net.w1[..INPUTS * net.h];
    if kings {
        b.extend(net.king_map);
        // Each bucket's weights are the shared ones plus its own, kept within the limit the sums need.
        for own in net.w1[INPUTS * net.h..].chunks(INPUTS * net.h) {
            for (&s, &o) in shared.iter().zip(own) {
                b.extend(q((s + o).clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT), QA).to_le_bytes());
            }
        }
    } else {
        shared.iter().for_each(|&w| b.extend(q(w, QA).to_le_bytes()));
    }
    for &w in &net.b1 {
        b.extend(q(w, QA).to_le_bytes());
    }
    for &w in &net.w2 {
        b.extend(q(w, QB).to_le_bytes());
    }
    for &bias in &net.b2 {
        b.extend(((bias * (QA * QB) as f32).round() as i32).to_le_bytes());
    }
    b
}

fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    let prefix = format!("--{name}=");
    match args.iter().find_map(|a| a.strip_prefix(&prefix)) {
        Some(v) => v.parse().unwrap_or_else(|_| fail(&format!("--{name}: cannot read {v:?}"))),
        None => default,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let files: Vec<String> = args.iter().filter(|a| !a.starts_with("--")).cloned().collect();
    let held_out: String = flag(&args, "held-out", String::new());
    if files.is_empty() || held_out.is_empty() {
        fail("usage: nnue_train DATA... --held-out=FILE [--hidden=64] [--epochs=12] [--out=assets/eval.net]");
    }
    let (hidden, epochs): (usize, usize) = (flag(&args, "hidden", 64), flag(&args, "epochs", 12));
    if epochs == 0 {
        fail("--epochs: at least 1 (the network is written after each epoch)");
    }
    let (mut lr, batch_size): (f32, usize) = (flag(&args, "lr", 0.001), flag(&args, "batch", 16384));
    let (lambda, threads): (f32, usize) = (flag(&args, "lambda", 1.0), flag(&args, "threads", 2));
    let out: String = flag(&args, "out", "assets/eval.net".to_string());
    let init: String = flag(&args, "init", String::new());
    let anchor_strength: f32 = flag(&args, "anchor", 0.0);
    // Every flag is checked before the data is read, which takes a while for millions of lines.
    if !(anchor_strength.is_finite() && anchor_strength >= 0.0) {
        fail(&format!("--anchor: {anchor_strength} is not a finite number of at least 0"));
    }
    if anchor_strength > 0.0 && init.is_empty() {
        fail("--anchor pulls towards the --init network: give one");
    }
    if batch_size == 0 || threads == 0 {
        fail("--batch and --threads: at least 1");
    }
    let buckets: usize = flag(&args, "buckets", 1);
    if !(1..=MAX_BUCKETS).contains(&buckets) {
        fail(&format!("--buckets: {buckets} is not in 1..={MAX_BUCKETS}"));
    }
    let king_map = match flag(&args, "king-buckets", 1usize) {
        1 => [0; 64],
        n @ (2 | 4) => king_map(n),
        n => fail(&format!("--king-buckets: {n} is not 1, 2 or 4")),
    };
    // The starting network too: a wrong --init path is told at once.
    let mut net = starting_net(&args, &init, hidden, buckets, king_map);
    let train = load(&files, lambda);
    let test = load(&[held_out], lambda);
    let hidden = net.h;
    let n_params = net.clone().params_mut().count();
    let anchor = if anchor_strength > 0.0 { net.clone().params_mut().map(|w| *w).collect() } else { Vec::new() };
    let mut adam = Adam { m: vec![0.0; n_params], v: vec![0.0; n_params], t: 0, anchor, anchor_strength };
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let (e, e0) = error(&net, &test);
    eprintln!("start: held-out error {e:.6} (evaluation alone {e0:.6})");
    for epoch in 1..=epochs {
        for k in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(k, (seed % (k as u64 + 1)) as usize);
        }
        for batch in order.chunks(batch_size) {
            let mut parts: Vec<Net> = std::thread::scope(|s| {
                let handles: Vec<_> = batch
                    .chunks(batch.len().div_ceil(threads))
                    .map(|part| {
                        let net = &net;
                        let train = &train;
                        s.spawn(move || {
                            let mut g = Net::zeros(net.h, net.buckets, net.king_map);
                            gradient(net, train, part, &mut g);
                            g
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("gradient thread")).collect()
            });
            let mut g = Net::zeros(hidden, buckets, net.king_map);
            for p in &mut parts {
                g.params_mut().zip(p.params_mut()).for_each(|(a, b)| *a += *b);
            }
            adam.step(&mut net, &mut g, lr, 1.0 / batch.len() as f32);
        }
        let (e, e0) = error(&net, &test);
        let (t, t0) = error(&net, &train);
        eprintln!(
            "epoch {epoch}: held-out {e:.6} ({:+.2}% against the evaluation alone), training {t:.6} ({:+.2}%)",
            100.0 * (e - e0) / e0,
            100.0 * (t - t0) / t0
        );
        lr *= 0.75;
        let bytes = quantise(&net);
        let tmp = format!("{out}.tmp");
        std::fs::File::create(&tmp)
            .and_then(|mut f| f.write_all(&bytes).and_then(|_| f.sync_all()))
            .and_then(|_| std::fs::rename(&tmp, &out))
            .unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    }
    check_quantised(&net, &std::fs::read(&out).expect("just written"), &test);
}

/// Prints how far the quantised network's corrections are from the floating-point ones on held-out positions.
fn check_quantised(net: &Net, bytes: &[u8], d: &Data) {
    let q = Network::from_bytes(bytes).unwrap_or_else(|e| fail(&format!("written network: {e}")));
    let (mut acc, mut acc_t) = (vec![0.0; net.h], vec![0.0; net.h]);
    let mut worst = 0.0f32;
    let mut sum = 0.0f64;
    let n = d.len().min(20000);
    for k in 0..n {
        let ours = d.sample(k);
        let theirs: Vec<u16> = ours.iter().map(|&i| flip(i)).collect();
        let f = net.forward(ours, d.kings[k], &mut acc, &mut acc_t);
        let kings = d.kings[k].map(usize::from);
        let diff = (q.correction(ours, &theirs, kings) as f32 - f).abs();
        worst = worst.max(diff);
        sum += f.abs() as f64;
    }
    eprintln!(
        "quantised: worst difference {worst:.1} cp over {n} positions; mean |correction| {:.1} cp",
        sum / n as f64
    );
}

/// A fresh network, or the `--init` one, widened when `--hidden` names more units than it has
/// (given explicitly: the flag's default is for fresh networks).
fn starting_net(args: &[String], init: &str, hidden: usize, buckets: usize, king_map: [u8; 64]) -> Net {
    let seed = flag(args, "seed", 1);
    if init.is_empty() {
        return Net::random(hidden, buckets, king_map, seed);
    }
    let net = Net::read(init, buckets, king_map);
    if !args.iter().any(|a| a.starts_with("--hidden=")) {
        net
    } else if hidden < net.h {
        fail(&format!("--hidden={hidden} is below {init}'s {} units (a network can be widened, not narrowed)", net.h))
    } else {
        net.widen(hidden, seed)
    }
}

/// King buckets by where a side's own king stands as it sees the board. Two: on the queen's side (files a–d)
/// or the king's side (e–h), where pawn shields and storms differ. Four: on its first two ranks on the queen's
/// side (a–c), in the centre (d–e) or on the king's side (f–h), or further up the board, where the king is out
/// in the middlegame or active in the endgame.
fn king_map(buckets: usize) -> [u8; 64] {
    match buckets {
        2 => std::array::from_fn(|sq| (sq % 8 >= 4) as u8),
        _ => std::array::from_fn(|sq| if sq >= 16 { 3 } else { [0, 0, 0, 1, 1, 2, 2, 2][sq % 8] }),
    }
}
