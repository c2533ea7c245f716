//! Unit tests of the table's building: every line parses, bad lines are skipped and reported, duplicates keep
//! the first line, the early stop is sound.

use super::reach::{Reach, home_pawns};
use super::table::{Table, VOLUMES, play_pgn, table};
use super::{Opening, lookup};
use crate::rules::Position;

#[test]
fn every_embedded_line_parses() {
    let t = table();
    assert!(t.failures.is_empty(), "lines that did not parse: {:#?}", t.failures);
    assert_eq!(t.entries.len(), 3807);
}

#[test]
fn no_two_embedded_lines_name_one_position() {
    // The duplicate rule (first line wins) is therefore not exercised by the real data; see the next test.
    assert_eq!(table().by_key.len(), table().entries.len());
}

#[test]
fn two_lines_for_one_position_keep_the_first() {
    let volume = "eco\tname\tpgn\n\
                  C44\tFirst\t1. e4 e5 2. Nf3 Nc6\n\
                  C44\tSecond\t1. Nf3 Nc6 2. e4 e5\n";
    let t = Table::build(&[("x.tsv", volume)]);
    assert_eq!(t.entries.len(), 2);
    assert_eq!(t.by_key.len(), 1);
    let pos = play_pgn(&Position::startpos(), "1. Nf3 Nc6 2. e4 e5").unwrap();
    assert_eq!(t.get(pos.key()).map(|e| e.name), Some("First"));
}

#[test]
fn bad_lines_are_skipped_and_reported_with_file_and_line() {
    let volume = "eco\tname\tpgn\n\
                  C20\tKing's Pawn\t1. e4\n\
                  no tabs here\n\
                  Z99\tBad code\t1. d4\n\
                  A00\tIllegal\t1. e5\n\
                  A00\tTrailing\t1. e4 e5 2.\n\
                  A00\tEmpty\t\n\
                  A00\t\t1. c4\n\
                  A00\tToo\tmany\tfields\n\
                  \n\
                  B00\tGlued numbers\t1.e4 b6 2.d4\n";
    let t = Table::build(&[("x.tsv", volume)]);
    let names: Vec<&str> = t.entries.iter().map(|e| e.name).collect();
    assert_eq!(names, ["King's Pawn", "Trailing", "Glued numbers"]);
    assert_eq!(t.failures.len(), 6, "{:#?}", t.failures);
    assert!(t.failures[0].starts_with("x.tsv line 3: expected three"), "{}", t.failures[0]);
    assert!(t.failures[1].starts_with("x.tsv line 4: 'Z99' is not an ECO code"), "{}", t.failures[1]);
    assert!(t.failures[2].starts_with("x.tsv line 5: move 1: 'e5' is not a legal move"), "{}", t.failures[2]);
    assert!(t.failures[3].starts_with("x.tsv line 7: the line has no moves"), "{}", t.failures[3]);
    assert!(t.failures[4].starts_with("x.tsv line 8: the name is empty"), "{}", t.failures[4]);
    assert!(t.failures[5].starts_with("x.tsv line 9: expected three"), "{}", t.failures[5]);
}

fn after(line: &str) -> Position {
    play_pgn(&Position::startpos(), line).unwrap()
}

#[test]
fn every_named_position_may_lead_to_a_name() {
    let t = table();
    let pgns = VOLUMES.iter().flat_map(|(_, text)| text.lines().skip(1)).filter_map(|l| l.split('\t').nth(2));
    for pgn in pgns {
        assert!(t.reach.may_lead_to_a_name(&after(pgn)), "{pgn}");
    }
}

#[test]
fn moved_pawns_and_lost_pieces_end_the_replay() {
    let mut reach = Reach::new();
    reach.add(&after("1. e4 e5"));
    reach.close();
    // More unmoved pawns than the named position, all pieces: it may still come.
    assert!(reach.may_lead_to_a_name(&Position::startpos()));
    assert!(reach.may_lead_to_a_name(&after("1. Nf3 Nc6")));
    assert!(reach.may_lead_to_a_name(&after("1. e4")));
    // A pawn the named position still has at home has moved.
    assert!(!reach.may_lead_to_a_name(&after("1. d4")));
    assert!(!reach.may_lead_to_a_name(&after("1. e4 e5 2. d4")));
    // A piece the named position still has is gone.
    assert!(!reach.may_lead_to_a_name(&after("1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5")));
}

#[test]
fn the_unmoved_pawn_mask_reads_ranks_two_and_seven() {
    assert_eq!(home_pawns(&Position::startpos()), 0xffff);
    assert_eq!(home_pawns(&after("1. a4 h5")), 0x7ffe);
    let advanced = Position::from_fen("rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w KQkq - 0 1").unwrap();
    assert_eq!(home_pawns(&advanced), 0);
    assert!(!table().reach.may_lead_to_a_name(&advanced));
}

#[test]
fn the_key_ignores_the_move_counters() {
    // Named positions are matched whatever the clocks say: FIDE's "same position" has no move counters.
    let fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    let later = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 37 90";
    let want = Some(Opening { eco: "C70", name: "Ruy Lopez: Morphy Defense" });
    assert_eq!(lookup(&Position::from_fen(fen).unwrap()), want);
    assert_eq!(lookup(&Position::from_fen(later).unwrap()), want);
}
