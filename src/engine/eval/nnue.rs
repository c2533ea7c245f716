//! A small network that corrects the hand-written evaluation: 768 piece-square inputs seen from each side,
//! `hidden` clipped-ReLU units per side, one output in centipawns added to the evaluation. It learns what the
//! evaluation's form cannot say (README "The evaluation network"), so it starts from the evaluation's judgement
//! rather than replacing it, and needs far fewer training positions than a network that must learn chess alone.
//!
//! The trainer (`examples/nnue_train.rs`) writes the file this module reads: little-endian, the magic
//! `TBYR`, the hidden size as a `u32`, then `i16` input weights (`768 × hidden`, by input), `i16` hidden
//! biases, `i16` output weights (`2 × hidden`: the side to move's half first) and an `i32` output bias.
//! The magic `TBYB` adds output buckets: a `u32` count after the hidden size, then that many sets of output
//! weights and, at the end, that many output biases; a position uses the set its number of pieces picks
//! (`bucket`), so the correction can weigh the same features differently in the opening and the endgame.
//! The magic `TBYK` adds king buckets as well: after the output-bucket count, 64 bytes map each square of a
//! side's own king (as that side sees the board, a1 = 0) to a bucket, and each bucket has its own 768 × hidden
//! input weights, bucket by bucket. A side's half of the hidden layer then reads its pieces knowing where its
//! king stands (a pawn shield, an attacker near the king), which plain piece-square inputs cannot say.

use crate::rules::Square;

/// Inputs per side: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// The hidden layer's activations run from 0 to this (1.0 in the trainer's floating point).
pub const QA: i32 = 255;
/// Output weights are stored times this.
pub const QB: i32 = 1024;
/// The output unit 1.0 is this many centipawns.
pub const OUTPUT_CP: i32 = 100;
/// Weights are kept within this in training, so the quantised sums fit an `i16`.
pub const WEIGHT_LIMIT: f32 = 1.98;
const MAGIC: &[u8; 4] = b"TBYR";
const MAGIC_BUCKETS: &[u8; 4] = b"TBYB";
const MAGIC_KINGS: &[u8; 4] = b"TBYK";

/// The most hidden units a file may declare.
const MAX_HIDDEN: usize = 1024;
/// The most output buckets a file may declare: one per number of pieces on the board (2 to 32).
pub const MAX_BUCKETS: usize = 31;
/// The most king buckets a file may declare.
pub const MAX_KING_BUCKETS: usize = 16;

/// The output bucket of a position with `pieces` pieces (kings included) among `buckets`: the range 2..=32
/// cut into equal parts, fewest pieces first.
#[inline]
pub fn bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.clamp(2, 32) - 2) * buckets / 31
}

/// A loaded network.
pub struct Network {
    hidden: usize,
    buckets: usize,
    /// The king bucket of each square of a side's own king, as that side sees the board (all 0 without).
    king_map: [u8; 64],
    /// `768 × hidden` per king bucket.
    input_weights: Vec<i16>,
    hidden_bias: Vec<i16>,
    /// `2 × hidden` per bucket.
    output_weights: Vec<i16>,
    /// One per bucket.
    output_bias: Vec<i32>,
}

/// Why a network file was refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum NetworkError {
    #[error("not a tabiya evaluation network (no TBYR or TBYB magic)")]
    Magic,
    #[error("hidden size {0} is out of range 1..={MAX_HIDDEN}")]
    Hidden(usize),
    #[error("{0} output buckets is out of range 1..={MAX_BUCKETS}")]
    Buckets(usize),
    #[error("king bucket {0} is out of range 0..{MAX_KING_BUCKETS}")]
    KingBucket(u8),
    #[error("{found} bytes where a network of {hidden} hidden units has {expected}")]
    Length { hidden: usize, expected: usize, found: usize },
}

impl Network {
    /// Reads a network from the trainer's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let word = |at: usize| bytes.get(at..at + 4).map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")));
        let (header, buckets) = match bytes.get(..4) {
            Some(m) if m == MAGIC => (8, 1),
            Some(m) if m == MAGIC_BUCKETS => (12, word(8).ok_or(NetworkError::Magic)? as usize),
            Some(m) if m == MAGIC_KINGS => (12 + 64, word(8).ok_or(NetworkError::Magic)? as usize),
            _ => return Err(NetworkError::Magic),
        };
        let mut king_map = [0u8; 64];
        if header > 12 {
            king_map.copy_from_slice(bytes.get(12..header).ok_or(NetworkError::Magic)?);
        }
        if let Some(&k) = king_map.iter().find(|&&k| k as usize >= MAX_KING_BUCKETS) {
            return Err(NetworkError::KingBucket(k));
        }
        let king_buckets = *king_map.iter().max().expect("64 squares") as usize + 1;
        let hidden = word(4).ok_or(NetworkError::Magic)? as usize;
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetworkError::Hidden(hidden));
        }
        if buckets == 0 || buckets > MAX_BUCKETS {
            return Err(NetworkError::Buckets(buckets));
        }
        let words = king_buckets * INPUTS * hidden + hidden + 2 * hidden * buckets;
        let expected = header + 2 * words + 4 * buckets;
        if bytes.len() != expected {
            return Err(NetworkError::Length { hidden, expected, found: bytes.len() });
        }
        let mut words = bytes[header..header + 2 * words].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| words.by_ref().take(n).collect::<Vec<i16>>();
        let input_weights = take(king_buckets * INPUTS * hidden);
        let hidden_bias = take(hidden);
        let output_weights = take(2 * hidden * buckets);
        let output_bias = bytes[expected - 4 * buckets..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        Ok(Network { hidden, buckets, king_map, input_weights, hidden_bias, output_weights, output_bias })
    }

    /// The integers as written: input weights (king bucket by king bucket, input-major), hidden biases,
    /// output weights (per bucket: ours, then theirs) and the output biases (one per bucket); the trainer
    /// reads a network back through this to refine it.
    pub fn integers(&self) -> (&[i16], &[i16], &[i16], &[i32]) {
        (&self.input_weights, &self.hidden_bias, &self.output_weights, &self.output_bias)
    }

    /// The king bucket of each square of a side's own king (all 0 for a network without king buckets).
    pub fn king_map(&self) -> &[u8; 64] {
        &self.king_map
    }

    /// The correction in centipawns for the side to move, from the active inputs of each side (`ours` as the
    /// side to move sees the board, `theirs` as its opponent does; one input per piece) and each side's own
    /// king square as it sees the board (`kings`: ours, theirs; a1 = 0).
    pub fn correction(&self, ours: &[u16], theirs: &[u16], kings: [usize; 2]) -> i32 {
        let sums = |inputs: &[u16], king: usize| {
            let mut acc = self.hidden_bias.clone();
            let bucket = self.king_map[king & 63] as usize;
            for &i in inputs {
                let row = self.row(bucket, i as usize);
                acc.iter_mut().zip(row).for_each(|(a, w)| *a = a.wrapping_add(*w));
            }
            acc
        };
        self.output(&sums(ours, kings[0]), &sums(theirs, kings[1]), ours.len())
    }

    /// The input weights of input `i` under king bucket `bucket`.
    #[inline(always)]
    fn row(&self, bucket: usize, i: usize) -> &[i16] {
        let at = (bucket * INPUTS + i) * self.hidden;
        &self.input_weights[at..at + self.hidden]
    }
}

/// The hidden sums of the last position a search thread evaluated, and that position's board. The next
/// position is usually near it in the tree (a sibling, a child), so its sums are the last ones with the
/// pieces that differ taken off and put on: the sums are linear in the inputs. No hook in make and unmake
/// is needed, and a position that is never evaluated costs nothing.
#[derive(Clone)]
pub struct Accumulator {
    board: [u8; 128],
    sums: [Vec<i16>; 2],
    /// The king bucket each view's sums were added up under: a king that moves into another bucket changes
    /// every input of its side's view, so that view is added up afresh.
    king_buckets: [u8; 2],
    valid: bool,
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator { board: [0; 128], sums: [Vec::new(), Vec::new()], king_buckets: [0; 2], valid: false }
    }
}

/// Beyond this many changed squares, adding up the position afresh is cheaper.
const MAX_CHANGED: usize = 12;

impl Network {
    /// The correction for the side to move `stm` (0 White) of the 0x88 `board` (piece codes `role | colour
    /// << 3`, 0 empty) with `pieces` pieces on it and the kings on the 0x88 squares `kings` (White's, Black's),
    /// updating `acc` from the last board it saw.
    pub fn correction_from(
        &self,
        acc: &mut Accumulator,
        board: &[u8; 128],
        kings: [u8; 2],
        stm: usize,
        pieces: usize,
    ) -> i32 {
        let changed =
            if acc.valid && acc.sums[0].len() == self.hidden { changed_squares(&acc.board, board) } else { None };
        for (view, king) in kings.into_iter().enumerate() {
            let bucket = self.king_map[(Square(king).to_64() ^ (56 * view)) & 63];
            let sums = &mut acc.sums[view];
            match changed {
                Some((squares, n)) if acc.king_buckets[view] == bucket => {
                    for &sq in &squares[..n] {
                        self.change(sums, view, bucket, acc.board[sq as usize], sq, -1);
                        self.change(sums, view, bucket, board[sq as usize], sq, 1);
                    }
                }
                _ => {
                    sums.clear();
                    sums.extend_from_slice(&self.hidden_bias);
                    for sq in (0..128u8).filter(|sq| sq & 0x88 == 0) {
                        self.change(sums, view, bucket, board[sq as usize], sq, 1);
                    }
                }
            }
            acc.king_buckets[view] = bucket;
        }
        acc.valid = true;
        acc.board = *board;
        self.output(&acc.sums[stm], &acc.sums[1 - stm], pieces)
    }

    /// Adds (`sign` 1) or takes off (-1) the input of the piece `code` on the 0x88 square `sq` to the sums of
    /// `view`, whose king is in king bucket `bucket`.
    #[inline]
    fn change(&self, sums: &mut [i16], view: usize, bucket: u8, code: u8, sq: u8, sign: i16) {
        if code == 0 {
            return;
        }
        let (colour, role) = ((code >> 3) as usize & 1, (code & 7) as usize);
        let row = self.row(bucket as usize, input(view, colour, role, Square(sq).to_64()) as usize);
        if sign > 0 {
            sums.iter_mut().zip(row).for_each(|(a, w)| *a = a.wrapping_add(*w));
        } else {
            sums.iter_mut().zip(row).for_each(|(a, w)| *a = a.wrapping_sub(*w));
        }
    }

    fn output(&self, ours: &[i16], theirs: &[i16], pieces: usize) -> i32 {
        let h = self.hidden;
        let b = bucket(pieces, self.buckets);
        let weights = &self.output_weights[2 * h * b..2 * h * (b + 1)];
        let mut sum = self.output_bias[b] as i64;
        for (side, sums) in [ours, theirs].into_iter().enumerate() {
            sum += clipped_dot(sums, &weights[side * h..(side + 1) * h]);
        }
        (sum * OUTPUT_CP as i64 / (QA * QB) as i64) as i32
    }
}

/// Units summed in 32 bits before the running total takes them: 32 × 255 × 32768 stays below 2³¹ whatever
/// the file's weights.
const DOT_BLOCK: usize = 32;

/// Σ clamp(sum, 0, QA) × weight. Each block is summed in 32 bits, which the compiler turns into vector
/// multiply-adds of 16-bit pairs; a 64-bit sum per unit would take four times the instructions.
fn clipped_dot(sums: &[i16], weights: &[i16]) -> i64 {
    let block = |a: &[i16], w: &[i16]| -> i64 {
        let dot: i32 = a.iter().zip(w).map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w)).sum();
        i64::from(dot)
    };
    let (a, w) = (sums.chunks_exact(DOT_BLOCK), weights.chunks_exact(DOT_BLOCK));
    let tail = block(a.remainder(), w.remainder());
    a.zip(w).map(|(a, w)| block(a, w)).sum::<i64>() + tail
}

/// The on-board squares where `a` and `b` differ, when there are at most `MAX_CHANGED`; compared a rank (8
/// bytes) at a time.
fn changed_squares(a: &[u8; 128], b: &[u8; 128]) -> Option<([u8; MAX_CHANGED], usize)> {
    let mut squares = [0u8; MAX_CHANGED];
    let mut n = 0;
    for rank in 0..8 {
        let at = rank * 16;
        let x = u64::from_le_bytes(a[at..at + 8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"));
        let mut diff = x ^ y;
        while diff != 0 {
            let file = diff.trailing_zeros() / 8;
            if n == MAX_CHANGED {
                return None;
            }
            squares[n] = (at as u32 + file) as u8;
            n += 1;
            diff &= !(0xffu64 << (file * 8));
        }
    }
    Some((squares, n))
}

/// The input for a piece of `colour` (0 White) and `role` (1 pawn .. 6 king) on `square` (0..64, a1 = 0)
/// as the side `view` sees the board: its own pieces first, the board turned for Black.
#[inline]
pub fn input(view: usize, colour: usize, role: usize, square: usize) -> u16 {
    let theirs = (colour != view) as usize;
    let square = if view == 0 { square } else { square ^ 56 };
    ((theirs * 6 + role - 1) * 64 + square) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator of test bytes and values.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The bytes of a network of `hidden` units whose every weight and bias comes from `weight`, with the
    /// output bias `output_bias`.
    fn network_bytes(hidden: usize, mut weight: impl FnMut() -> i16, output_bias: i32) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        b.extend((hidden as u32).to_le_bytes());
        for _ in 0..(INPUTS * hidden + hidden + 2 * hidden) {
            b.extend(weight().to_le_bytes());
        }
        b.extend(output_bias.to_le_bytes());
        b
    }

    fn tiny(hidden: usize, fill: i16) -> Vec<u8> {
        network_bytes(hidden, || fill, 7)
    }

    /// A network of `hidden` units and `buckets` output buckets: input weights and hidden biases `fill`,
    /// bucket k's output weights k + 1 and its bias 100 × k.
    fn bucketed(hidden: usize, buckets: usize, fill: i16) -> Vec<u8> {
        let mut b = MAGIC_BUCKETS.to_vec();
        b.extend((hidden as u32).to_le_bytes());
        b.extend((buckets as u32).to_le_bytes());
        for _ in 0..(INPUTS * hidden + hidden) {
            b.extend(fill.to_le_bytes());
        }
        for k in 0..buckets {
            (0..2 * hidden).for_each(|_| b.extend((k as i16 + 1).to_le_bytes()));
        }
        (0..buckets).for_each(|k| b.extend((100 * k as i32).to_le_bytes()));
        b
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        assert_eq!(Network::from_bytes(b"nope").err(), Some(NetworkError::Magic));
        let mut b = tiny(2, 0);
        b[4] = 0;
        assert_eq!(Network::from_bytes(&b).err(), Some(NetworkError::Hidden(0)));
        let mut b = tiny(2, 0);
        b.pop();
        assert!(matches!(Network::from_bytes(&b), Err(NetworkError::Length { .. })));
        for buckets in [0, MAX_BUCKETS + 1, u32::MAX as usize] {
            let mut b = bucketed(2, 2, 0);
            b[8..12].copy_from_slice(&(buckets as u32).to_le_bytes());
            assert_eq!(Network::from_bytes(&b).err(), Some(NetworkError::Buckets(buckets)));
        }
        let mut b = bucketed(2, 3, 0);
        b.push(0);
        assert!(matches!(Network::from_bytes(&b), Err(NetworkError::Length { .. })));
        assert!(Network::from_bytes(&b"TBYB\x02\0\0\0"[..]).is_err(), "cut inside the header");
    }

    /// The number of pieces picks the output weights: a bucket per range of 2..=32, fewest pieces first.
    #[test]
    fn each_position_uses_the_output_bucket_of_its_number_of_pieces() {
        assert_eq!((2..=32).map(|n| bucket(n, 1)).max(), Some(0));
        let eight: Vec<usize> = (2..=32).map(|n| bucket(n, 8)).collect();
        assert!(eight.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1), "{eight:?}");
        assert_eq!((eight[0], eight[30]), (0, 7));
        assert!((0..8).all(|k| eight.iter().filter(|&&b| b == k).count() >= 3), "{eight:?}");
        assert_eq!(bucket(0, 8), 0);
        assert_eq!(bucket(64, 8), 7);
        assert!((1..=MAX_BUCKETS).all(|n| bucket(32, n) == n - 1 && bucket(2, n) == 0));
        // Every input weight and hidden bias 1: each of 2 units per side holds 1 + the number of pieces.
        let net = Network::from_bytes(&bucketed(2, 8, 1)).unwrap();
        let inputs: Vec<u16> = (0..32).collect();
        for pieces in [2, 9, 20, 32] {
            let b = bucket(pieces, 8) as i64;
            let sums = 4 * (1 + pieces as i64) * (b + 1);
            let expected = (100 * b + sums) * OUTPUT_CP as i64 / (QA * QB) as i64;
            let ours = &inputs[..pieces];
            assert_eq!(net.correction(ours, ours, [0, 0]) as i64, expected, "{pieces} pieces");
            let mut acc = Accumulator::default();
            let mut board = [0u8; 128];
            (0..pieces).for_each(|k| board[(k / 8) * 16 + k % 8] = 1);
            assert_eq!(net.correction_from(&mut acc, &board, [0, 0x70], 0, pieces) as i64, expected, "{pieces} pieces");
        }
    }

    /// Cut, grown and scrambled files are refused or read, never a panic.
    #[test]
    fn any_bytes_are_refused_or_read_without_a_panic() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        for round in 0..4000 {
            let good = match round % 3 {
                0 => tiny(3, 5),
                1 => bucketed(3, 4, 5),
                _ => king_network_bytes(3, &four_buckets(), || 5),
            };
            let mut b = good.clone();
            match next() % 4 {
                0 => b.truncate(next() as usize % good.len()),
                1 => b.extend((0..next() % 9).map(|_| next() as u8)),
                2 => (4..12 + (round % 3 / 2) * 64).for_each(|k| b[k] = next() as u8),
                _ => (0..8).for_each(|_| {
                    let at = next() as usize % b.len();
                    b[at] = next() as u8;
                }),
            }
            if let Ok(net) = Network::from_bytes(&b) {
                net.correction(&[0, 767], &[383], [4, 60]);
            }
        }
    }

    #[test]
    fn the_output_follows_the_quantised_sums() {
        // Every weight 1: each hidden unit holds 1 + inputs, clipped at QA; output = bias + both halves.
        let net = Network::from_bytes(&tiny(2, 1)).unwrap();
        let expected = (7 + 2 * 2 * 4) as i64 * OUTPUT_CP as i64 / (QA * QB) as i64;
        assert_eq!(net.correction(&[1, 2, 3], &[4, 5, 6], [0, 0]) as i64, expected);
        let net = Network::from_bytes(&tiny(2, 300)).unwrap();
        // 300 clips to QA in every unit: 4 units × 255 × 300.
        let expected = (7 + 4 * 255 * 300) as i64 * OUTPUT_CP as i64 / (QA * QB) as i64;
        assert_eq!(net.correction(&[], &[], [0, 0]) as i64, expected);
    }

    /// The blocked sum equals the plain 64-bit one at the extremes of 16 bits and for any length.
    #[test]
    fn the_blocked_dot_product_equals_the_plain_sum() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        for len in [0, 1, 31, 32, 33, 128, 200, 1024] {
            for extreme in [false, true] {
                let pick = |r: u64| if extreme { [i16::MIN, i16::MAX, QA as i16][r as usize % 3] } else { r as i16 };
                let a: Vec<i16> = (0..len).map(|_| pick(next())).collect();
                let w: Vec<i16> = (0..len).map(|_| pick(next())).collect();
                let plain: i64 = a.iter().zip(&w).map(|(&a, &w)| i64::from(a.clamp(0, QA as i16)) * i64::from(w)).sum();
                assert_eq!(clipped_dot(&a, &w), plain, "length {len}");
            }
        }
    }

    /// A network of `hidden` units with random weights within ±512 from `next`.
    fn random_network(hidden: usize, next: &mut impl FnMut() -> u64) -> Network {
        Network::from_bytes(&network_bytes(hidden, || next() as i16 / 64, 0)).unwrap()
    }

    /// The bytes of a network of `hidden` units, one output bucket and the king buckets of `king_map`, whose
    /// every weight and bias comes from `weight`.
    fn king_network_bytes(hidden: usize, king_map: &[u8; 64], mut weight: impl FnMut() -> i16) -> Vec<u8> {
        let mut b = MAGIC_KINGS.to_vec();
        b.extend((hidden as u32).to_le_bytes());
        b.extend(1u32.to_le_bytes());
        b.extend(king_map);
        let king_buckets = *king_map.iter().max().unwrap() as usize + 1;
        for _ in 0..(king_buckets * INPUTS * hidden + hidden + 2 * hidden) {
            b.extend(weight().to_le_bytes());
        }
        b.extend(0i32.to_le_bytes());
        b
    }

    /// Four king buckets: a side's king on its first two ranks on the queen's side, in the centre, on the
    /// king's side, or further up.
    fn four_buckets() -> [u8; 64] {
        std::array::from_fn(|sq| if sq >= 16 { 3 } else { [0, 0, 0, 1, 1, 2, 2, 2][sq % 8] })
    }

    /// King-bucketed files are read with their map, and refused when a bucket is out of range or the
    /// weights do not match the number of buckets the map names.
    #[test]
    fn king_bucketed_files_are_read_or_refused() {
        let map = four_buckets();
        let good = king_network_bytes(2, &map, || 1);
        let net = Network::from_bytes(&good).unwrap();
        assert_eq!(net.king_map(), &map);
        let mut b = good.clone();
        b[12 + 5] = MAX_KING_BUCKETS as u8;
        assert_eq!(Network::from_bytes(&b).err(), Some(NetworkError::KingBucket(MAX_KING_BUCKETS as u8)));
        let mut b = good.clone();
        b[12 + 63] = 4;
        assert!(matches!(Network::from_bytes(&b), Err(NetworkError::Length { .. })), "a fifth bucket, no weights");
        assert!(Network::from_bytes(&good[..40]).is_err(), "cut inside the map");
    }

    /// Each view reads its inputs under the bucket of its own king, the board turned for Black.
    #[test]
    fn each_view_uses_the_king_bucket_of_its_own_king() {
        let map = four_buckets();
        // Weights that tell the buckets apart: every weight of bucket k is k + 1 (hidden biases 0).
        let hidden = 2;
        let mut k = 0usize;
        let bytes = king_network_bytes(hidden, &map, || {
            k += 1;
            match k - 1 {
                n if n < 4 * INPUTS * hidden => (n / (INPUTS * hidden) + 1) as i16,
                n if n < 4 * INPUTS * hidden + hidden => 0,
                _ => 1,
            }
        });
        let net = Network::from_bytes(&bytes).unwrap();
        let unit = |sum: i64| sum * OUTPUT_CP as i64 / (QA * QB) as i64;
        // One input per side; ours under bucket 2 (g1), theirs under bucket 0 (b1 as it sees the board).
        let expected = unit(hidden as i64 * (3 + 1));
        assert_eq!(net.correction(&[0], &[0], [6, 1]) as i64, expected);
        // The same through the board: White's king on g1, Black's on b8 (b1 from its side), White to move.
        let mut board = [0u8; 128];
        board[0x06] = 6;
        board[0x71] = 6 | 8;
        let mut acc = Accumulator::default();
        let both = unit(hidden as i64 * 2 * (3 + 1));
        assert_eq!(net.correction_from(&mut acc, &board, [0x06, 0x71], 0, 2) as i64, both);
    }

    /// The inputs of a 0x88 board as `view` sees it.
    fn board_inputs(board: &[u8; 128], view: usize) -> Vec<u16> {
        (0..128u8)
            .filter(|sq| sq & 0x88 == 0 && board[*sq as usize] != 0)
            .map(|sq| {
                let code = board[sq as usize];
                input(view, (code >> 3) as usize & 1, (code & 7) as usize, Square(sq).to_64())
            })
            .collect()
    }

    /// Sums carried from board to board (a few squares changed, or many, or a board of 64 pieces, a king
    /// moving into another bucket) give the same output as the inputs added up one by one, whatever the
    /// hidden size, with and without king buckets.
    #[test]
    fn the_sums_carried_from_board_to_board_equal_the_plain_sums() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        for (hidden, kings) in [(1, false), (16, false), (20, true), (48, false), (48, true)] {
            let net = if kings {
                Network::from_bytes(&king_network_bytes(hidden, &four_buckets(), || next() as i16 / 64)).unwrap()
            } else {
                random_network(hidden, &mut next)
            };
            let mut acc = Accumulator::default();
            let mut board = [0u8; 128];
            let mut king_squares = [0x04u8, 0x74];
            for step in 0..400 {
                let changes = if step % 50 == 49 { 64 } else { 1 + next() as usize % 5 };
                for _ in 0..changes {
                    let sq = (next() % 128) as usize & 0x77;
                    let role = next() % 7;
                    board[sq] = if role == 0 { 0 } else { role as u8 | ((next() % 2) as u8) << 3 };
                }
                if step % 100 == 99 {
                    (0..128).filter(|sq| sq & 0x88 == 0).for_each(|sq| board[sq] = 1 + (sq % 6) as u8);
                }
                if step % 3 == 0 {
                    king_squares[next() as usize % 2] = (next() % 128) as u8 & 0x77;
                }
                let stm = step % 2;
                let view_king = |v: usize| Square(king_squares[v]).to_64() ^ (56 * v);
                let expected = net.correction(
                    &board_inputs(&board, stm),
                    &board_inputs(&board, 1 - stm),
                    [view_king(stm), view_king(1 - stm)],
                );
                let pieces = board_inputs(&board, stm).len();
                assert_eq!(
                    net.correction_from(&mut acc, &board, king_squares, stm, pieces),
                    expected,
                    "hidden {hidden}, king buckets {kings}, step {step}"
                );
            }
        }
    }

    #[test]
    fn inputs_mirror_between_the_sides() {
        // A white pawn on e2 seen by White is a black pawn on e7 seen by Black.
        assert_eq!(input(0, 0, 1, 12), input(1, 1, 1, 52));
        assert_eq!(input(0, 0, 6, 4), 5 * 64 + 4);
        assert_eq!(input(1, 0, 6, 4), (6 + 5) * 64 + 60);
        assert!((0..2).all(|v| input(v, 1 - v, 6, 63) < INPUTS as u16));
    }

    #[test]
    fn changed_squares_are_found_rank_by_rank() {
        let a = [0u8; 128];
        let mut b = a;
        b[0x00] = 6;
        b[0x17] = 9;
        b[0x74] = 14;
        let (sq, n) = changed_squares(&a, &b).unwrap();
        assert_eq!(&sq[..n], &[0x00, 0x17, 0x74]);
        let mut c = a;
        (0..16).filter(|k| k & 8 == 0).chain(16..21).for_each(|k| c[k] = 1);
        assert!(changed_squares(&a, &c).is_none(), "more than MAX_CHANGED");
    }
}
