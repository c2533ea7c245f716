use super::*;
use rand::SeedableRng;

/// A Polyglot move: from and to squares (file, rank), promotion field.
fn raw(from: (u16, u16), to: (u16, u16), promo: u16) -> u16 {
    to.0 | to.1 << 3 | from.0 << 6 | from.1 << 9 | promo << 12
}

fn write_book(entries: &mut [(u64, u16, u16)]) -> tempfile::NamedTempFile {
    entries.sort_by_key(|e| e.0);
    let mut bytes = Vec::new();
    for &(k, m, w) in entries.iter() {
        bytes.extend(k.to_be_bytes());
        bytes.extend(m.to_be_bytes());
        bytes.extend(w.to_be_bytes());
        bytes.extend(0u32.to_be_bytes());
    }
    let f = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(f.path(), bytes).unwrap();
    f
}

#[test]
fn moves_are_found_by_key_and_illegal_ones_skipped() {
    let start = Position::startpos();
    let k = polyglot_key(&start);
    let e4 = raw((4, 1), (4, 3), 0);
    let d4 = raw((3, 1), (3, 3), 0);
    let illegal = raw((4, 1), (4, 4), 0);
    let f = write_book(&mut [(k, e4, 10), (k, d4, 30), (k, illegal, 50), (k ^ 1, d4, 1), (k.wrapping_add(7), e4, 1)]);
    let mut book = Book::open(f.path()).unwrap();
    let moves = book.moves(&start);
    let uci: Vec<String> = moves.iter().map(|b| crate::rules::to_uci(&start, b.mv)).collect();
    assert_eq!(uci, ["e2e4", "d2d4"]);
    assert!(book.moves(&Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap()).is_empty());
}

#[test]
fn castling_and_promotion_decode() {
    let pos = Position::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let k = polyglot_key(&pos);
    let f = write_book(&mut [
        (k, raw((4, 0), (7, 0), 0), 1),
        (k, raw((4, 0), (0, 0), 0), 1),
        (k, raw((1, 6), (0, 7), 3), 1),
    ]);
    let mut book = Book::open(f.path()).unwrap();
    let uci: Vec<String> = book.moves(&pos).iter().map(|b| crate::rules::to_uci(&pos, b.mv)).collect();
    assert_eq!(uci, ["e1g1", "e1c1", "b7a8r"]);
}

#[test]
fn the_choice_follows_the_weights() {
    let start = Position::startpos();
    let moves: Vec<BookMove> =
        start.legal_move_vec().into_iter().take(2).zip([1u16, 3]).map(|(mv, weight)| BookMove { mv, weight }).collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let second = (0..4000).filter(|_| pick(&moves, &mut rng) == Some(moves[1].mv)).count();
    assert!((2800..3200).contains(&second), "{second} of 4000, 3000 expected");
    assert_eq!(pick(&[], &mut rng), None);
}

#[test]
fn garbage_and_truncated_files_give_no_move_or_an_error_never_a_panic() {
    let empty = tempfile::NamedTempFile::new().unwrap();
    assert!(Book::open(empty.path()).is_err());
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    for len in [16usize, 17, 31, 160, 1000] {
        let bytes: Vec<u8> = (0..len).map(|i| (i * 37 % 256) as u8).collect();
        let f = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(f.path(), bytes).unwrap();
        let mut book = Book::open(f.path()).unwrap();
        let _ = book.choose(&Position::startpos(), &mut rng);
    }
}

proptest::proptest! {
    /// Any bytes as a book: an error, no move or a legal move; never a panic.
    #[test]
    fn any_bytes_as_a_book_are_safe(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..600)) {
        let f = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(f.path(), &bytes).unwrap();
        if let Ok(mut book) = Book::open(f.path()) {
            let pos = Position::startpos();
            let legal = pos.legal_move_vec();
            for b in book.moves(&pos) {
                proptest::prop_assert!(legal.contains(&b.mv));
            }
        }
    }
}
