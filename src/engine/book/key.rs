//! The Polyglot key of a position: the XOR of the `RANDOM64` numbers for each piece on its square, each
//! castling right, the en passant file and White to move.
//!
//! Polyglot counts the en passant file whenever a pawn of the side to move stands beside the pawn that just
//! moved two squares, even if capturing would be illegal. tabiya's position keeps the en passant square only
//! when the capture is legal, so in the rare position where it is not (the capturing pawn pinned) the keys
//! differ and the book has no move for it — nothing worse.

use super::randoms::RANDOM64;
use crate::rules::{CastleSide, Color, Piece, Position, Role, Square};

/// Polyglot's piece order: black pawn 0, white pawn 1, black knight 2, … white king 11.
fn piece_index(p: Piece) -> usize {
    2 * (p.role as usize - 1) + usize::from(p.color == Color::White)
}

pub fn polyglot_key(pos: &Position) -> u64 {
    let mut key = 0;
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let Some(sq) = Square::new(file, rank) else { continue };
            if let Some(p) = pos.piece_at(sq) {
                key ^= RANDOM64[64 * piece_index(p) + 8 * usize::from(rank) + usize::from(file)];
            }
        }
    }
    let rights = [
        (Color::White, CastleSide::King),
        (Color::White, CastleSide::Queen),
        (Color::Black, CastleSide::King),
        (Color::Black, CastleSide::Queen),
    ];
    for (i, (color, side)) in rights.into_iter().enumerate() {
        if pos.has_castling_right(color, side) {
            key ^= RANDOM64[768 + i];
        }
    }
    if let Some(ep) = pos.ep_square() {
        key ^= RANDOM64[772 + usize::from(ep.file())];
    }
    if pos.side_to_move() == Color::White {
        key ^= RANDOM64[780];
    }
    key
}

/// The role Polyglot's promotion field names (1 knight … 4 queen).
pub(super) fn promotion_role(field: u16) -> Option<Role> {
    match field {
        1 => Some(Role::Knight),
        2 => Some(Role::Bishop),
        3 => Some(Role::Rook),
        4 => Some(Role::Queen),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys from python-chess: `python3 -c "import chess, chess.polyglot as p; b = chess.Board(FEN);
    /// print(hex(p.zobrist_hash(b)))"`; the first ones are the Polyglot specification's own examples.
    const KNOWN: [(&str, u64); 12] = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196),
        ("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0),
        ("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", 0x2a0a96f4a72767de),
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78),
        ("rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9),
        ("rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637),
        ("rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 0xbedfd5fd22191d3c),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 0x05741f66c60de55a),
        ("8/8/8/3pP3/8/8/8/k3K3 w - d6 0 1", 0x6fe4891df65b5088),
        ("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 0x409027d3923aeaae),
    ];

    #[test]
    fn keys_are_polyglots() {
        for (fen, want) in KNOWN {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(polyglot_key(&pos), want, "{fen}");
        }
    }
}
