//! Numbers with their intervals, as the lab reports them.

use super::{Bar, Bin, LabGame, Text};
use crate::arena::MatchResult;

/// A mean score in [0, 1] with Wilson's 95% interval (draws count half).
pub fn score_bar(label: Text, scores: &[f64]) -> Bar {
    let r = MatchResult::of(scores);
    Bar { label, value: r.score, ci95: Some(r.score_ci95), n: Some(scores.len()) }
}

/// A mean with the normal 95% interval (±1.96 standard errors); no interval from fewer
/// than two values.
pub fn mean_bar(label: Text, xs: &[f64]) -> Bar {
    let (m, half) = mean_ci(xs);
    let r = |x: f64| (x * 100.0).round() / 100.0;
    let ci95 = (xs.len() >= 2).then(|| [r(m - half), r(m + half)]);
    Bar { label, value: r(m), ci95, n: Some(xs.len()) }
}

/// Mean and the half-width of its 95% interval.
pub fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let m = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (m, 0.0);
    }
    let var = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0);
    (m, 1.96 * (var / n).sqrt())
}

/// The first mover's scores of `games` (the share of the seat that made the first move).
pub fn first_scores<'a>(games: impl IntoIterator<Item = &'a LabGame>) -> Vec<f64> {
    games.into_iter().map(|g| g.scores[g.first]).collect()
}

/// Counts of `xs` in `bins` equal bins from the smallest to the largest value (at least
/// width 1).
pub fn histogram(xs: &[f64], bins: usize) -> Vec<Bin> {
    if xs.is_empty() {
        return Vec::new();
    }
    let lo = xs.iter().cloned().fold(f64::INFINITY, f64::min).floor();
    let hi = xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max).floor() + 1.0;
    let width = ((hi - lo) / bins as f64).ceil().max(1.0);
    let n = (((hi - lo) / width).ceil() as usize).max(1);
    let mut out: Vec<Bin> = (0..n)
        .map(|i| Bin { from: lo + width * i as f64, to: lo + width * (i + 1) as f64, count: 0 })
        .collect();
    for x in xs {
        let i = (((x - lo) / width) as usize).min(n - 1);
        out[i].count += 1;
    }
    out
}

/// Whether two 95% intervals are apart.
pub fn apart(a: &Bar, b: &Bar) -> bool {
    match (a.ci95, b.ci95) {
        (Some([alo, ahi]), Some([blo, bhi])) => ahi < blo || bhi < alo,
        _ => false,
    }
}

/// A number with two decimals, as text.
pub fn f2(x: f64) -> String {
    format!("{x:.2}")
}

/// An interval as text: `[0.41, 0.58]`.
pub fn ci(b: &Bar) -> String {
    match b.ci95 {
        Some([lo, hi]) => format!("[{lo:.2}, {hi:.2}]"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::same;

    #[test]
    fn intervals_and_bins() {
        let b = mean_bar(same("x"), &[10.0, 20.0, 30.0]);
        assert_eq!(b.value, 20.0);
        let [lo, hi] = b.ci95.unwrap();
        assert!(lo < 20.0 && hi > 20.0 && (hi - lo - 2.0 * 1.96 * 10.0 / 3f64.sqrt()).abs() < 0.02);
        let h = histogram(&[1.0, 2.0, 2.0, 9.0], 4);
        assert_eq!(h.iter().map(|b| b.count).sum::<usize>(), 4);
        assert_eq!(h[0].from, 1.0);
        assert!(h.last().unwrap().to > 9.0);
        // Thirty wins against thirty draws: apart; ten against ten: not yet.
        assert!(apart(&score_bar(same("s"), &[1.0; 30]), &score_bar(same("e"), &[0.5; 30])));
        assert!(!apart(&score_bar(same("s"), &[1.0; 10]), &score_bar(same("e"), &[0.5; 10])));
        assert!(mean_bar(same("one"), &[3.0]).ci95.is_none());
    }
}
