//! Ridge regression (least squares with an L2 penalty on the weights, not the intercept), solved
//! exactly by a Cholesky factorisation of `XᵀX + λI` on centred columns. Small and dependency-free;
//! deterministic (fixed summation order).

use crate::RateError;

/// A fitted linear model: `y ≈ intercept + Σ w[j]·x[j]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub intercept: f64,
    pub weights: Vec<f64>,
}

impl Fit {
    pub fn predict(&self, x: &[f64]) -> f64 {
        self.intercept + self.weights.iter().zip(x).map(|(w, v)| w * v).sum::<f64>()
    }
}

/// Fit rows `xs` (each of `p` features) to `ys` with penalty `lambda` (> 0).
pub fn fit(xs: &[Vec<f64>], ys: &[f64], lambda: f64) -> Result<Fit, RateError> {
    let n = xs.len();
    if n == 0 || n != ys.len() {
        return Err(RateError::Model(format!("{n} rows and {} targets: nothing to fit", ys.len())));
    }
    if lambda.is_nan() || lambda <= 0.0 {
        return Err(RateError::Model(format!("ridge penalty {lambda} must be positive")));
    }
    let p = xs[0].len();
    if xs.iter().any(|x| x.len() != p) {
        return Err(RateError::Model("rows have different feature counts".into()));
    }
    let mean_x: Vec<f64> = (0..p).map(|j| xs.iter().map(|x| x[j]).sum::<f64>() / n as f64).collect();
    let mean_y = ys.iter().sum::<f64>() / n as f64;
    // A = XcᵀXc + λI, b = Xcᵀyc.
    let mut a = vec![0.0; p * p];
    let mut b = vec![0.0; p];
    let mut xc = vec![0.0; p];
    for (x, &y) in xs.iter().zip(ys) {
        for j in 0..p {
            xc[j] = x[j] - mean_x[j];
        }
        let yc = y - mean_y;
        for j in 0..p {
            if xc[j] == 0.0 {
                continue;
            }
            b[j] += xc[j] * yc;
            let row = &mut a[j * p..(j + 1) * p];
            for k in j..p {
                row[k] += xc[j] * xc[k];
            }
        }
    }
    for j in 0..p {
        for k in 0..j {
            a[j * p + k] = a[k * p + j];
        }
        a[j * p + j] += lambda;
    }
    let weights = cholesky_solve(&mut a, &b, p)?;
    let intercept = mean_y - weights.iter().zip(&mean_x).map(|(w, m)| w * m).sum::<f64>();
    Ok(Fit { intercept, weights })
}

/// Solve `A w = b` for symmetric positive definite `A` (overwritten by its factor).
fn cholesky_solve(a: &mut [f64], b: &[f64], p: usize) -> Result<Vec<f64>, RateError> {
    for j in 0..p {
        let mut d = a[j * p + j];
        for k in 0..j {
            d -= a[j * p + k] * a[j * p + k];
        }
        if d <= 0.0 || d.is_nan() {
            return Err(RateError::Model("the normal equations are not positive definite".into()));
        }
        let d = d.sqrt();
        a[j * p + j] = d;
        for i in j + 1..p {
            let mut s = a[i * p + j];
            for k in 0..j {
                s -= a[i * p + k] * a[j * p + k];
            }
            a[i * p + j] = s / d;
        }
    }
    let mut z = vec![0.0; p];
    for i in 0..p {
        let mut s = b[i];
        for k in 0..i {
            s -= a[i * p + k] * z[k];
        }
        z[i] = s / a[i * p + i];
    }
    let mut w = vec![0.0; p];
    for i in (0..p).rev() {
        let mut s = z[i];
        for k in i + 1..p {
            s -= a[k * p + i] * w[k];
        }
        w[i] = s / a[i * p + i];
    }
    Ok(w)
}

/// Pearson correlation of two equally long series (0 when either is constant).
pub fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len()) as f64;
    if n < 2.0 {
        return 0.0;
    }
    let ma = a.iter().sum::<f64>() / n;
    let mb = b.iter().sum::<f64>() / n;
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    if saa == 0.0 || sbb == 0.0 {
        return 0.0;
    }
    sab / (saa * sbb).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ridge_recovers_a_known_linear_model() {
        // y = 1 + 2·x0 − 3·x1, exactly; a tiny penalty barely shrinks it.
        let xs: Vec<Vec<f64>> = (0..50).map(|i| vec![(i % 7) as f64, (i % 5) as f64 * 0.5]).collect();
        let ys: Vec<f64> = xs.iter().map(|x| 1.0 + 2.0 * x[0] - 3.0 * x[1]).collect();
        let f = fit(&xs, &ys, 1e-9).unwrap();
        assert!((f.intercept - 1.0).abs() < 1e-6 && (f.weights[0] - 2.0).abs() < 1e-6, "{f:?}");
        assert!((f.weights[1] + 3.0).abs() < 1e-6, "{f:?}");
        // A large penalty shrinks the weights towards zero.
        let g = fit(&xs, &ys, 1e6).unwrap();
        assert!(g.weights[0].abs() < 0.1);
    }

    #[test]
    fn bad_fits_are_errors() {
        assert!(fit(&[], &[], 1.0).is_err());
        assert!(fit(&[vec![1.0]], &[1.0], 0.0).is_err());
    }

    #[test]
    fn correlation_of_a_series_with_itself_is_one() {
        let a = [1.0, 2.0, 4.0, 3.0];
        assert!((correlation(&a, &a) - 1.0).abs() < 1e-12);
        assert!((correlation(&a, &[4.0, 3.0, 1.0, 2.0]) + 1.0).abs() < 1e-12);
    }
}
