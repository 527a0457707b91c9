//! Integer edge weights for the matching solver.
//!
//! The Dutch engine packs every pairing criterion into its own bit field of one
//! wide integer (spec 02-dutch §6.2–6.3), so weights are fixed-width integers
//! compared as plain numbers: a more significant field dominates every less
//! significant one. [`Wide`] is such an integer with `LIMBS` 64-bit limbs;
//! the solver also accepts `i64` and `i128`.
//!
//! **Headroom.** The solver keeps dual variables and slacks in the weight type
//! itself: values reach `4 ×` the largest edge weight. Weights must therefore
//! be non-negative and at most [`Weight::MAX_EDGE`], which leaves the sign bit
//! and two spare bits on top: `2^(bits − 3) − 1`, i.e. for `Wide<L>` an edge
//! weight may use bits `0 ..= 64·L − 4`.

use core::cmp::Ordering;
use core::fmt;
use core::ops::{Add, AddAssign, Shl, Shr, Sub, SubAssign};

/// A signed integer type the matching solver can compute with exactly.
///
/// Implementations must be two's-complement-like: `Ord` is numeric order and
/// `+`/`-` are exact as long as results stay within range (the solver keeps
/// every value within `[-4·MAX_EDGE, 4·MAX_EDGE]`).
pub trait Weight:
    Copy
    + Ord
    + Default
    + fmt::Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + AddAssign
    + SubAssign
    + Send
    + Sync
    + 'static
{
    /// Zero; as an edge weight it means "no edge".
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// The largest edge weight the solver accepts (two spare bits below the sign).
    const MAX_EDGE: Self;
    /// `self / 2`, rounding toward negative infinity (arithmetic shift right by one).
    fn half(self) -> Self;
    /// `self · 2`.
    fn double(self) -> Self {
        self + self
    }
    /// The value `v`.
    fn from_u64(v: u64) -> Self;
    /// Whether the value is odd.
    fn is_odd(self) -> bool;
    /// `self > 0`.
    #[inline]
    fn is_positive(self) -> bool {
        self > Self::ZERO
    }
}

macro_rules! impl_weight_prim {
    ($($t:ty),*) => {$(
        impl Weight for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX_EDGE: Self = <$t>::MAX >> 2;
            #[inline]
            fn half(self) -> Self {
                self >> 1
            }
            #[inline]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
            #[inline]
            fn is_odd(self) -> bool {
                self & 1 == 1
            }
        }
    )*};
}
impl_weight_prim!(i64, i128);

/// A signed two's-complement integer of `LIMBS` 64-bit limbs (least significant
/// limb first), `64·LIMBS` bits in all. `Copy`, no heap: comparisons and
/// additions are a few machine instructions per limb.
///
/// Meant for bit-field weights: build them with [`Wide::from_bit`],
/// [`Wide::with_bit`], [`Wide::from_u64`], shifts and `+`.
#[derive(Clone, Copy, Eq)]
pub struct Wide<const LIMBS: usize>(pub [u64; LIMBS]);

impl<const LIMBS: usize> Wide<LIMBS> {
    /// Zero.
    pub const ZERO: Self = Wide([0; LIMBS]);
    /// Total number of bits, sign bit included.
    pub const BITS: u32 = 64 * LIMBS as u32;
    /// Number of low bits an edge weight may use (`BITS − 3`: sign bit and two
    /// bits of solver headroom stay clear).
    pub const EDGE_BITS: u32 = Self::BITS - 3;

    /// The value `v`.
    #[inline]
    pub const fn from_u64(v: u64) -> Self {
        let mut limbs = [0; LIMBS];
        limbs[0] = v;
        Wide(limbs)
    }

    /// The value `2^pos`. Panics if `pos >= BITS`.
    #[inline]
    pub fn from_bit(pos: u32) -> Self {
        Self::ZERO.with_bit(pos)
    }

    /// `self` with bit `pos` set. Panics if `pos >= BITS`.
    #[inline]
    pub fn with_bit(mut self, pos: u32) -> Self {
        assert!(
            pos < Self::BITS,
            "bit {pos} out of range for a {}-bit weight",
            Self::BITS
        );
        self.0[(pos / 64) as usize] |= 1 << (pos % 64);
        self
    }

    /// Whether bit `pos` is set (false when `pos >= BITS`).
    #[inline]
    pub fn test_bit(&self, pos: u32) -> bool {
        pos < Self::BITS && self.0[(pos / 64) as usize] >> (pos % 64) & 1 == 1
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// Whether the value is negative.
    #[inline]
    pub fn is_negative(&self) -> bool {
        LIMBS > 0 && (self.0[LIMBS - 1] as i64) < 0
    }

    /// Logical shift left by `n` bits (bits shifted past the top are lost).
    /// Same as the `<<` operator, callable without importing `Shl`.
    #[allow(clippy::should_implement_trait)]
    pub fn shl(self, n: u32) -> Self {
        let mut out = [0u64; LIMBS];
        let limb_shift = (n / 64) as usize;
        let bit_shift = n % 64;
        for i in (limb_shift..LIMBS).rev() {
            let src = i - limb_shift;
            let mut v = self.0[src] << bit_shift;
            if bit_shift > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bit_shift);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// Logical shift right by `n` bits (`>>`, callable without importing `Shr`).
    #[allow(clippy::should_implement_trait)]
    pub fn shr(self, n: u32) -> Self {
        let mut out = [0u64; LIMBS];
        let limb_shift = (n / 64) as usize;
        let bit_shift = n % 64;
        for (i, slot) in out
            .iter_mut()
            .enumerate()
            .take(LIMBS.saturating_sub(limb_shift))
        {
            let src = i + limb_shift;
            let mut v = self.0[src] >> bit_shift;
            if bit_shift > 0 && src + 1 < LIMBS {
                v |= self.0[src + 1] << (64 - bit_shift);
            }
            *slot = v;
        }
        Wide(out)
    }

    /// Number of significant bits of a non-negative value (0 for zero).
    pub fn bit_len(&self) -> u32 {
        for i in (0..LIMBS).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + (64 - self.0[i].leading_zeros());
            }
        }
        0
    }
}

impl<const LIMBS: usize> PartialEq for Wide<LIMBS> {
    /// Branch-free limb comparison (the derived one calls `memcmp`).
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let mut diff = 0;
        for i in 0..LIMBS {
            diff |= self.0[i] ^ other.0[i];
        }
        diff == 0
    }
}

impl<const LIMBS: usize> core::hash::Hash for Wide<LIMBS> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const LIMBS: usize> Default for Wide<LIMBS> {
    #[inline]
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const LIMBS: usize> Ord for Wide<LIMBS> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        let top = LIMBS - 1;
        match (self.0[top] as i64).cmp(&(other.0[top] as i64)) {
            Ordering::Equal => {}
            ord => return ord,
        }
        for i in (0..top).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                ord => return ord,
            }
        }
        Ordering::Equal
    }
}

impl<const LIMBS: usize> Wide<LIMBS> {
    /// `self < other`: the top limbs compared as signed, the rest as
    /// unsigned, from the most significant down.
    #[inline]
    fn less(&self, other: &Self) -> bool {
        let top = LIMBS - 1;
        let (a, b) = (self.0[top] as i64, other.0[top] as i64);
        if a != b {
            return a < b;
        }
        for i in (0..top).rev() {
            if self.0[i] != other.0[i] {
                return self.0[i] < other.0[i];
            }
        }
        false
    }
}

impl<const LIMBS: usize> PartialOrd for Wide<LIMBS> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
    #[inline]
    fn lt(&self, other: &Self) -> bool {
        self.less(other)
    }
    #[inline]
    fn gt(&self, other: &Self) -> bool {
        other.less(self)
    }
    #[inline]
    fn le(&self, other: &Self) -> bool {
        !other.less(self)
    }
    #[inline]
    fn ge(&self, other: &Self) -> bool {
        !self.less(other)
    }
}

impl<const LIMBS: usize> Add for Wide<LIMBS> {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        let mut out = [0u64; LIMBS];
        let mut carry = 0u64;
        for (i, slot) in out.iter_mut().enumerate() {
            let t = self.0[i] as u128 + rhs.0[i] as u128 + carry as u128;
            *slot = t as u64;
            carry = (t >> 64) as u64;
        }
        Wide(out)
    }
}

impl<const LIMBS: usize> Sub for Wide<LIMBS> {
    type Output = Self;
    #[inline]
    #[allow(clippy::suspicious_arithmetic_impl)] // `>>` extracts the borrow bit
    fn sub(self, rhs: Self) -> Self {
        let mut out = [0u64; LIMBS];
        let mut borrow = 0u64;
        for (i, slot) in out.iter_mut().enumerate() {
            let t = (self.0[i] as u128)
                .wrapping_sub(rhs.0[i] as u128)
                .wrapping_sub(borrow as u128);
            *slot = t as u64;
            borrow = (t >> 127) as u64;
        }
        Wide(out)
    }
}

impl<const LIMBS: usize> AddAssign for Wide<LIMBS> {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<const LIMBS: usize> SubAssign for Wide<LIMBS> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<const LIMBS: usize> Shl<u32> for Wide<LIMBS> {
    type Output = Self;
    fn shl(self, n: u32) -> Self {
        Wide::shl(self, n)
    }
}

impl<const LIMBS: usize> Shr<u32> for Wide<LIMBS> {
    type Output = Self;
    fn shr(self, n: u32) -> Self {
        Wide::shr(self, n)
    }
}

impl<const LIMBS: usize> From<u64> for Wide<LIMBS> {
    fn from(v: u64) -> Self {
        Self::from_u64(v)
    }
}

impl<const LIMBS: usize> fmt::Debug for Wide<LIMBS> {
    /// Hexadecimal, most significant limb first, e.g. `0x1_0000000000000002`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let top = (0..LIMBS).rev().find(|&i| self.0[i] != 0).unwrap_or(0);
        write!(f, "0x{:x}", self.0[top])?;
        for i in (0..top).rev() {
            write!(f, "_{:016x}", self.0[i])?;
        }
        Ok(())
    }
}

impl<const LIMBS: usize> Weight for Wide<LIMBS> {
    const ZERO: Self = Wide([0; LIMBS]);
    const ONE: Self = Self::from_u64(1);
    const MAX_EDGE: Self = {
        let mut limbs = [u64::MAX; LIMBS];
        limbs[LIMBS - 1] = u64::MAX >> 3;
        Wide(limbs)
    };

    #[inline]
    fn half(self) -> Self {
        let mut out = [0u64; LIMBS];
        for (i, slot) in out.iter_mut().enumerate() {
            let hi = if i + 1 < LIMBS {
                self.0[i + 1] << 63
            } else {
                // Arithmetic shift: replicate the sign bit.
                self.0[i] & (1 << 63)
            };
            *slot = (self.0[i] >> 1) | hi;
        }
        Wide(out)
    }

    #[inline]
    fn from_u64(v: u64) -> Self {
        Wide::from_u64(v)
    }

    #[inline]
    fn is_odd(self) -> bool {
        self.0[0] & 1 == 1
    }

    #[inline]
    fn is_positive(self) -> bool {
        let mut any = 0;
        for limb in self.0 {
            any |= limb;
        }
        any != 0 && (self.0[LIMBS - 1] as i64) >= 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_carries_across_limbs() {
        let a = Wide::<3>([u64::MAX, u64::MAX, 0]);
        let one = Wide::<3>::from_u64(1);
        assert_eq!(a + one, Wide([0, 0, 1]));
        assert_eq!(Wide([0, 0, 1]) - one, a);
        assert_eq!(Wide::<3>::ZERO - one, Wide([u64::MAX; 3]));
        assert!((Wide::<3>::ZERO - one).is_negative());
    }

    #[test]
    fn order_is_signed_numeric() {
        let minus_one = Wide::<2>::ZERO - Wide::ONE;
        let big = Wide::<2>::from_bit(100);
        assert!(minus_one < Wide::ZERO);
        assert!(big > Wide::from_u64(u64::MAX));
        assert!(Wide::<2>([5, 1]) > Wide([u64::MAX, 0]));
        assert!(Wide::<2>::MAX_EDGE > big);
    }

    /// `Wide<2>` is a 128-bit two's-complement integer: check it against `i128`.
    #[test]
    fn two_limbs_behave_like_i128() {
        let wide = |v: i128| Wide::<2>([v as u64, (v >> 64) as u64]);
        let mut values = vec![
            0i128,
            1,
            -1,
            i128::MAX,
            i128::MIN,
            i128::MAX - 1,
            i128::MIN + 1,
        ];
        let mut x = 0x1234_5678_9abc_def0_u128;
        for _ in 0..200 {
            x = x
                .wrapping_mul(0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645)
                .wrapping_add(1);
            values.push(x as i128);
            values.push((x as i128) >> (x % 120));
        }
        for &a in &values {
            assert_eq!(wide(a).half(), wide(a >> 1));
            for &b in &values {
                let (wa, wb) = (wide(a), wide(b));
                assert_eq!(wa.cmp(&wb), a.cmp(&b), "{a} {b}");
                assert_eq!(
                    (wa < wb, wa <= wb, wa > wb, wa >= wb),
                    (a < b, a <= b, a > b, a >= b)
                );
                assert_eq!(wa == wb, a == b);
                assert_eq!(wa + wb, wide(a.wrapping_add(b)));
                assert_eq!(wa - wb, wide(a.wrapping_sub(b)));
            }
        }
    }

    #[test]
    fn bit_helpers() {
        let w = Wide::<4>::from_bit(130).with_bit(3);
        assert!(w.test_bit(130) && w.test_bit(3) && !w.test_bit(4));
        assert_eq!(w.bit_len(), 131);
        assert_eq!(Wide::<4>::from_u64(1).shl(130).with_bit(3), w);
        assert_eq!(w.shr(127), Wide::from_u64(8));
        assert_eq!(
            Wide::<4>::from_u64(0b101).shl(63),
            Wide([1 << 63, 0b10, 0, 0])
        );
        assert_eq!(Wide::<4>::EDGE_BITS, 253);
        assert_eq!(Wide::<4>::MAX_EDGE.bit_len(), 253);
    }

    #[test]
    fn half_is_arithmetic_shift() {
        assert_eq!(Wide::<2>([0, 3]).half(), Wide([1 << 63, 1]));
        let minus_three = Wide::<2>::ZERO - Wide::from_u64(3);
        assert_eq!(minus_three.half(), Wide::ZERO - Wide::from_u64(2));
        assert_eq!(7i64.half(), 3);
    }
}
