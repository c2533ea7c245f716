//! Turning a whole-game analysis into annotations, as lichess writes them: every move gets its evaluation
//! (`[%eval 0.17]`), each inaccuracy, mistake and blunder its NAG (`?!`, `?`, `??`), a comment in words
//! ("Blunder. Nf3 was best.") and a variation with the better line; the game gets each side's accuracy and
//! average centipawn loss as tags. What the game already had (comments, NAGs, variations) is kept.

use super::super::brain::EvalScore;
use super::super::judgement::{Judgement, SideFigures, game_figures, judge};
use super::super::pgn::tree::{GameTree, Line, MoveNode};
use crate::rules::{Move, Position, to_san};

/// What the engine found in one position of the main line.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionAnalysis {
    /// From White's view.
    pub score: EvalScore,
    pub depth: u32,
    /// The best move and the line after it; empty when the game is over in this position.
    pub pv: Vec<Move>,
}

/// One move's verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveVerdict {
    /// The ply, 1-based.
    pub ply: usize,
    pub judgement: Judgement,
    /// The better move in SAN.
    pub best: Option<String>,
}

/// The result of annotating one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReport {
    /// White's and Black's accuracy and ACPL; None for a side without an analysed move.
    pub figures: [Option<SideFigures>; 2],
    pub verdicts: Vec<MoveVerdict>,
}

/// How many plies of the better line go into the variation.
const VARIATION_PLIES: usize = 6;

/// The score of a position where the game is over, which needs no engine: a mate is the mated side's loss.
pub fn terminal_score(pos: &Position) -> Option<EvalScore> {
    if pos.has_legal_moves() {
        return None;
    }
    if !pos.in_check() {
        return Some(EvalScore::Cp(0));
    }
    // The side to move is mated: the other side has won.
    Some(EvalScore::Mate(if pos.side_to_move() == crate::rules::Color::White { -1 } else { 1 }))
}

/// Annotates the main line of `tree` from `analysis[i]`, the analysis of the position before ply `i + 1`
/// (the last entry being the final position). Moves past the end of `analysis` (an analysis stopped early)
/// are left as they are.
pub fn annotate(tree: &mut GameTree, analysis: &[PositionAnalysis]) -> GameReport {
    let mut report = GameReport::default();
    let mut pos = tree.start.clone();
    let first_mover = pos.side_to_move();
    let analysed = analysis.len().saturating_sub(1).min(tree.mainline.moves.len());
    for (i, node) in tree.mainline.moves.iter_mut().enumerate().take(analysed) {
        let before = pos.clone();
        node.play(&mut pos);
        if terminal_score(&pos).is_none() {
            // lichess's form, without a depth: the file's own depth belonged to the evaluation replaced.
            (node.eval, node.eval_depth) = (Some(analysis[i + 1].score), None);
        }
        // A pass is an annotator's device, not a move anyone played: it gets an evaluation, never a verdict.
        if node.is_null() {
            continue;
        }
        // The engine's own choice is never called a mistake: a drop after it is the search seeing further
        // one ply on, not the move's fault.
        if analysis[i].pv.first() == Some(&node.mv) {
            continue;
        }
        let Some(judgement) = judge(before.side_to_move(), analysis[i].score, analysis[i + 1].score) else {
            continue;
        };
        if judgement == Judgement::Inaccuracy && is_book(&pos) {
            continue;
        }
        let better = analysis[i].pv.first().is_some_and(|&m| m != node.mv && before.is_legal(m));
        let best = better.then(|| variation(&before, &analysis[i].pv));
        mark(node, judgement, best.as_ref());
        report.verdicts.push(MoveVerdict {
            ply: i + 1,
            judgement,
            best: best.as_ref().and_then(|l| l.moves.first()).map(|n| n.san.clone()),
        });
    }
    let scores: Vec<EvalScore> = analysis.iter().take(analysed + 1).map(|a| a.score).collect();
    let passes: Vec<bool> = tree.mainline.moves.iter().take(analysed).map(MoveNode::is_null).collect();
    report.figures = game_figures(first_mover, &scores, &passes);
    report
}

/// Whether the move reached a position on a line of the opening data set (theory). Lichess judges opening
/// moves on deep evaluations from its cache; a short search's swing of a few centipawns there is noise, so a
/// book move is never called an inaccuracy (4. Ba4 in the Ruy Lopez). A mistake or blunder is still marked:
/// some named lines are traps.
fn is_book(after: &Position) -> bool {
    crate::game::openings::is_book(after)
}

/// The NAG (unless the game already judged the move), the comment in words, and the better line.
fn mark(node: &mut MoveNode, judgement: Judgement, best: Option<&Line>) {
    if !node.nags.iter().any(|n| (1..=6).contains(n)) {
        node.nags.push(judgement.nag());
    }
    let words = match best.and_then(|l| l.moves.first()) {
        Some(m) => format!("{}. {} was best.", judgement.word(), m.san),
        None => format!("{}.", judgement.word()),
    };
    node.comment = Some(match node.comment.take() {
        Some(old) if !old.trim().is_empty() => format!("{old} {words}"),
        _ => words,
    });
    if let Some(line) = best {
        node.variations.push(line.clone());
    }
}

/// The engine's line from `pos` as a variation, as far as its moves are legal.
fn variation(pos: &Position, pv: &[Move]) -> Line {
    let mut p = pos.clone();
    let mut line = Line::default();
    for &m in pv.iter().take(VARIATION_PLIES) {
        if !p.is_legal(m) {
            break;
        }
        line.moves.push(MoveNode::new(m, to_san(&p, m)));
        p.make_move(m);
    }
    line
}

/// The accuracy and ACPL tags for the game (`WhiteAccuracy`, `BlackAccuracy`, `WhiteACPL`, `BlackACPL`).
pub fn figure_tags(report: &GameReport) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    for (side, figures) in ["White", "Black"].iter().zip(report.figures) {
        if let Some(f) = figures {
            tags.push((format!("{side}Accuracy"), format!("{:.1}", f.accuracy)));
            tags.push((format!("{side}ACPL"), f.acpl.to_string()));
        }
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::read_games;
    use EvalScore::Cp;

    fn analysed(score: EvalScore, pv: &[&str], pos: &Position) -> PositionAnalysis {
        let mut p = pos.clone();
        let mut moves = Vec::new();
        for t in pv {
            let m = crate::rules::parse_san(&p, t).unwrap();
            p.make_move(m);
            moves.push(m);
        }
        PositionAnalysis { score, depth: 10, pv: moves }
    }

    #[test]
    fn a_blunder_gets_its_nag_comment_and_better_line_and_the_rest_is_kept() {
        let games = read_games(b"1. e4 {Best by test} e5 2. Qh5 Ke7 *");
        let mut tree = games[0].tree.clone();
        let positions: Vec<Position> = (0..=4).map(|i| tree.position_at(i)).collect();
        let analysis = vec![
            analysed(Cp(20), &["e4"], &positions[0]),
            analysed(Cp(30), &["e5"], &positions[1]),
            analysed(Cp(25), &["Nf3"], &positions[2]),
            analysed(Cp(10), &["Nc6", "Bc4"], &positions[3]),
            analysed(Cp(600), &["Qxe5#"], &positions[4]),
        ];
        let report = annotate(&mut tree, &analysis);
        let ke7 = &tree.mainline.moves[3];
        assert_eq!(ke7.nags, vec![4]);
        assert_eq!(ke7.comment.as_deref(), Some("Blunder. Nc6 was best."));
        assert_eq!(ke7.variations[0].moves.iter().map(|n| n.san.as_str()).collect::<Vec<_>>(), ["Nc6", "Bc4"]);
        assert_eq!(ke7.eval, Some(Cp(600)));
        assert_eq!(tree.mainline.moves[0].comment.as_deref(), Some("Best by test"));
        assert_eq!(
            report.verdicts,
            vec![MoveVerdict { ply: 4, judgement: Judgement::Blunder, best: Some("Nc6".into()) }]
        );
        let [w, b] = report.figures;
        assert!(w.unwrap().accuracy > b.unwrap().accuracy);
        assert_eq!(figure_tags(&report).len(), 4);
    }

    #[test]
    fn a_book_move_is_never_an_inaccuracy_but_may_be_a_mistake() {
        // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4: every position lies on lines of the opening data set (the one
        // after 4. Ba4 is not named itself; only lines going on from it are).
        let games = read_games(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 *");
        assert!(crate::game::openings::lookup(&games[0].tree.position_at(7)).is_none());
        let with_last = |last: i32| {
            let mut a = vec![PositionAnalysis { score: Cp(30), depth: 10, pv: Vec::new() }; 8];
            a[7].score = Cp(last);
            a
        };
        // A drop of about 0.12 in White's chances: an inaccuracy anywhere else, nothing on a book move.
        let mut tree = games[0].tree.clone();
        assert!(annotate(&mut tree, &with_last(-35)).verdicts.is_empty());
        assert!(tree.mainline.moves[6].nags.is_empty());
        // A mistake is still a mistake.
        let mut tree = games[0].tree.clone();
        let report = annotate(&mut tree, &with_last(-110));
        assert_eq!(report.verdicts.iter().map(|v| (v.ply, v.judgement)).collect::<Vec<_>>(), [(7, Judgement::Mistake)]);
        // Off the book, the same drop is an inaccuracy: no line of the data set goes 4. Qe2 after 3... a6.
        let games = read_games(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qe2 *");
        let mut tree = games[0].tree.clone();
        assert!(!crate::game::openings::is_book(&tree.position_at(7)));
        let report = annotate(&mut tree, &with_last(-35));
        assert_eq!(
            report.verdicts.iter().map(|v| (v.ply, v.judgement)).collect::<Vec<_>>(),
            [(7, Judgement::Inaccuracy)]
        );
    }

    #[test]
    fn a_stopped_analysis_annotates_only_what_it_reached() {
        let games = read_games(b"1. e4 e5 2. Nf3 *");
        let mut tree = games[0].tree.clone();
        let analysis = vec![analysed(Cp(20), &[], &tree.start), analysed(Cp(25), &[], &tree.position_at(1))];
        annotate(&mut tree, &analysis);
        assert_eq!(tree.mainline.moves[0].eval, Some(Cp(25)));
        assert_eq!(tree.mainline.moves[1].eval, None);
    }
}
