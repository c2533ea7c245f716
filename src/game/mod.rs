//! One game's controller: players, clocks, results, draw offers and claims, takebacks, PGN, saved games.
//! (Being built; see issue 4.)
