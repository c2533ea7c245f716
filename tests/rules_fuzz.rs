//! Property tests: no input string, however malformed, makes a rules parser panic; near-miss FENs (valid ones
//! with a character changed, dropped or duplicated) either load as a consistent position or give an error.

use proptest::prelude::*;
use tabiya::rules::{Position, parse_san, parse_uci};

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1r1k1r2/ppppp1pp/8/5p2/8/6P1/PPPPPP1P/1RK3R1 b Q - 0 4",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

fn fen_alphabet() -> impl Strategy<Value = char> {
    prop::sample::select("pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0123456789x".chars().collect::<Vec<_>>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,40}") {
        let _ = Position::from_fen(&s);
        let pos = Position::startpos();
        let _ = parse_san(&pos, &s);
        let _ = parse_uci(&pos, &s);
    }

    #[test]
    fn fen_shaped_text_never_panics(chars in prop::collection::vec(fen_alphabet(), 0..90)) {
        let s: String = chars.into_iter().collect();
        if let Ok(pos) = Position::from_fen(&s) {
            prop_assert!(pos.is_consistent());
            prop_assert_eq!(Position::from_fen(&pos.to_fen()).map(|p| p.to_fen()), Ok(pos.to_fen()));
        }
    }

    #[test]
    fn mutated_fens_load_consistently_or_fail(which in 0..FENS.len(), at in 0usize..80, c in fen_alphabet(), op in 0..3) {
        let mut chars: Vec<char> = FENS[which].chars().collect();
        let at = at % chars.len();
        match op {
            0 => chars[at] = c,
            1 => { chars.remove(at); }
            _ => chars.insert(at, c),
        }
        let s: String = chars.into_iter().collect();
        if let Ok(pos) = Position::from_fen(&s) {
            prop_assert!(pos.is_consistent());
            for m in pos.legal_move_vec() {
                let mut p = pos.clone();
                let undo = p.make_move(m);
                prop_assert_eq!(p.key(), p.compute_key());
                p.unmake_move(m, undo);
                prop_assert_eq!(&p, &pos);
            }
        }
    }

    #[test]
    fn san_shaped_text_never_panics(s in "[KQRBNPa-h1-8x=+#!?()/O0 .e-]{0,12}", which in 0..FENS.len()) {
        let pos = Position::from_fen(FENS[which]).unwrap();
        if let Ok(m) = parse_san(&pos, &s) {
            prop_assert!(pos.is_legal(m));
        }
        if let Ok(m) = parse_uci(&pos, &s) {
            prop_assert!(pos.is_legal(m));
        }
    }
}
