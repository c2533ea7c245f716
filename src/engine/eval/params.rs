//! Every evaluation weight in one place, as named constants, so that tuning (by hand or by
//! `tools/tune.py`, see the README) can rewrite them without touching the evaluation code.
//!
//! Arrays indexed by role use the role's discriminant (1 = pawn … 6 = king; index 0 unused). Values are in
//! centipawns, as (middlegame, endgame) pairs blended by the game phase. Piece-square tables are the sum of a
//! file term and a rank term, ranks counted from the piece's own side (0 = own back rank).

/// Material.
pub const VALUE_MG: [i32; 7] = [0, 85, 330, 345, 470, 1000, 0];
pub const VALUE_EG: [i32; 7] = [0, 110, 305, 330, 530, 980, 0];

/// Game phase: each piece's weight; the start position has `PHASE_TOTAL`.
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 1, 1, 2, 4, 0];
pub const PHASE_TOTAL: i32 = 24;

/// Bonus for the side to move.
pub const TEMPO: i32 = 12;

/// Piece-square terms by file (a..h) and by relative rank, middlegame and endgame.
pub const PST_FILE_MG: [[i32; 8]; 7] = [
    [0; 8],
    [-8, 0, 4, 12, 12, 4, 0, -8],
    [-25, -10, 0, 5, 5, 0, -10, -25],
    [-10, 0, 3, 5, 5, 3, 0, -10],
    [-4, 0, 3, 6, 6, 3, 0, -4],
    [-5, 0, 0, 3, 3, 0, 0, -5],
    [20, 30, 5, -15, -15, 5, 30, 20],
];
pub const PST_RANK_MG: [[i32; 8]; 7] = [
    [0; 8],
    [0, -5, 0, 6, 12, 22, 45, 0],
    [-25, -5, 0, 10, 16, 22, 12, -10],
    [-8, 6, 6, 6, 5, 5, 0, -8],
    [0, 0, 0, 0, 0, 5, 18, 8],
    [-5, 0, 0, 0, 2, 2, -2, -8],
    [0, -15, -35, -50, -60, -60, -60, -60],
];
pub const PST_FILE_EG: [[i32; 8]; 7] = [
    [0; 8],
    [0; 8],
    [-20, -8, 0, 5, 5, 0, -8, -20],
    [-8, -3, 0, 3, 3, 0, -3, -8],
    [0; 8],
    [-10, -3, 3, 5, 5, 3, -3, -10],
    [-30, -10, 5, 15, 15, 5, -10, -30],
];
pub const PST_RANK_EG: [[i32; 8]; 7] = [
    [0; 8],
    [0, 0, 0, 5, 12, 22, 35, 0],
    [-20, -8, 0, 5, 5, 0, -8, -20],
    [-8, -3, 0, 3, 3, 0, -3, -8],
    [0, 0, 0, 0, 0, 3, 8, 3],
    [-10, -3, 3, 5, 5, 3, -3, -10],
    [-30, -10, 5, 15, 15, 5, -10, -30],
];

/// Mobility: per reachable square not attacked by enemy pawns, counted from `MOBILITY_BASE` (so a piece
/// with the typical number of moves scores about zero).
pub const MOBILITY_MG: [i32; 7] = [0, 0, 4, 5, 3, 1, 0];
pub const MOBILITY_EG: [i32; 7] = [0, 0, 4, 5, 5, 2, 0];
pub const MOBILITY_BASE: [i32; 7] = [0, 0, 4, 6, 6, 12, 0];

/// King safety: attack units per piece attacking a square next to the enemy king, and the middlegame
/// penalty as a function of the summed units (applied with at least two attackers).
pub const KING_ATTACK_UNITS: [i32; 7] = [0, 0, 2, 2, 3, 5, 0];
pub const KING_DANGER_PER_UNIT2: i32 = 3;
pub const KING_DANGER_MAX: i32 = 500;
/// Pawn shield: penalty per file beside/in front of a castled-looking king with no pawn one step ahead,
/// reduced when the pawn is two steps ahead.
pub const SHIELD_MISSING: i32 = 14;
pub const SHIELD_ADVANCED: i32 = 6;

/// Pawn structure.
pub const DOUBLED_MG: i32 = -10;
pub const DOUBLED_EG: i32 = -20;
pub const ISOLATED_MG: i32 = -10;
pub const ISOLATED_EG: i32 = -14;
/// Passed pawn bonus by relative rank.
pub const PASSED_MG: [i32; 8] = [0, 5, 5, 10, 20, 35, 60, 0];
pub const PASSED_EG: [i32; 8] = [0, 10, 15, 25, 45, 75, 120, 0];
/// Endgame: per step of king distance to the square in front of a passed pawn (enemy king far is good),
/// scaled by the pawn's rank.
pub const PASSED_KING_DISTANCE: i32 = 2;
/// A passed pawn whose next square is empty.
pub const PASSED_FREE_EG: i32 = 10;

/// Rooks on files with no pawns (open) or no own pawns (half-open).
pub const ROOK_OPEN_MG: i32 = 25;
pub const ROOK_OPEN_EG: i32 = 10;
pub const ROOK_HALF_OPEN_MG: i32 = 12;
pub const ROOK_HALF_OPEN_EG: i32 = 6;

pub const BISHOP_PAIR_MG: i32 = 25;
pub const BISHOP_PAIR_EG: i32 = 45;

/// Won endgames against a bare king: the base bonus, per step of the loser's king from the centre, and per
/// step the kings are closer than the maximum.
pub const MATING_BONUS: i32 = 600;
pub const MATING_EDGE: i32 = 25;
pub const MATING_KINGS_CLOSE: i32 = 12;
