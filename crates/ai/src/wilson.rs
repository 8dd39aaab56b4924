//! The Wilson score interval for a proportion (Wilson 1927): honest near 0 and 1 and for small
//! samples, unlike the normal approximation.

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson interval of `successes` out of `trials`; (0, 1) when there are no trials.
pub fn wilson_interval(successes: f64, trials: f64) -> (f64, f64) {
    wilson_interval_z(successes, trials, Z95)
}

pub fn wilson_interval_z(successes: f64, trials: f64, z: f64) -> (f64, f64) {
    if trials <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / trials).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / trials;
    let center = (p + z2 / (2.0 * trials)) / denom;
    let half = z / denom * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt();
    ((center - half).max(0.0), (center + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 1e-4 && (a.1 - b.1).abs() < 1e-4
    }

    #[test]
    fn known_values() {
        // Reference values (e.g. R's prop.test without continuity correction, binom.wilson).
        assert!(close(wilson_interval(50.0, 100.0), (0.4038, 0.5962)), "{:?}", wilson_interval(50.0, 100.0));
        assert!(close(wilson_interval(0.0, 10.0), (0.0, 0.2775)), "{:?}", wilson_interval(0.0, 10.0));
        assert!(close(wilson_interval(10.0, 10.0), (0.7225, 1.0)), "{:?}", wilson_interval(10.0, 10.0));
        assert!(close(wilson_interval(81.0, 263.0), (0.2553, 0.3662)), "{:?}", wilson_interval(81.0, 263.0));
    }

    #[test]
    fn no_trials_is_the_whole_range() {
        assert_eq!(wilson_interval(0.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn interval_contains_the_estimate_and_narrows_with_more_trials() {
        let small = wilson_interval(6.0, 10.0);
        let large = wilson_interval(600.0, 1000.0);
        assert!(small.0 < 0.6 && 0.6 < small.1);
        assert!(large.1 - large.0 < small.1 - small.0);
    }
}
