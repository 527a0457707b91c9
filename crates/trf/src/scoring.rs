//! Scoring records: TRF26 `162` (spec 05 §2.1), bbpPairings `BB?` (§6.3) and
//! JaVaFo `XXS` (§6.1), read into one [`Scoring`] and written back.

use arbiter_model::{Points, Scoring};

use crate::error::TrfError;
use crate::limits::fits_points_field;
use crate::text::{Line, points_field};

/// Point values stated by the file so far; `None` = not stated (default).
/// Later statements override earlier ones, as in bbpPairings and JaVaFo.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ScoringSpec {
    win: Option<Points>,
    draw: Option<Points>,
    loss: Option<Points>,
    forfeit_win: Option<Points>,
    forfeit_loss: Option<Points>,
    pab: Option<Points>,
    full_bye: Option<Points>,
    half_bye: Option<Points>,
    zero_bye: Option<Points>,
    /// `162 X`: unknown result (e.g. adjourned); no round entry uses it.
    unknown: Option<Points>,
    /// True when the values came from JaVaFo `XXS` only: unstated values then
    /// take JaVaFo's fixed defaults (FW = FPB = PAB = 1, HPB = 0.5) instead
    /// of following W and D as in TRF26 `162`.
    javafo_only: bool,
    /// Any `162` or `BB?` record was read.
    trf26_or_bbp: bool,
    /// JaVaFo colour-dependent values (`XXS WW= BW=` ...), with the line
    /// that stated them, to reject values the model cannot hold.
    colour_split: Vec<(usize, &'static str, Points, Points)>,
}

/// What a file's scoring records said, resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ResolvedScoring {
    pub scoring: Scoring,
    pub unknown: Option<Points>,
}

impl ScoringSpec {
    /// Record 162: symbol/value pairs (`162  W 3.0    D 1.0`). Read as
    /// tokens, so both the column layout of the table (6/15/24) and that of
    /// the prose (5/13) are accepted; a value of four characters fills its
    /// columns 7-10 right after the symbol (`162  W10.0`), so a symbol
    /// letter followed by a number is split.
    pub fn read_162(&mut self, line: &Line) -> Result<Option<char>, TrfError> {
        self.trf26_or_bbp = true;
        self.javafo_only = false;
        let tokens: Vec<(usize, String)> = line
            .tokens(4)
            .into_iter()
            .flat_map(|(col, token)| match token.chars().next() {
                Some(c) if c.is_ascii_alphabetic() && token.len() > 1 => {
                    vec![(col, c.to_string()), (col + 1, token[1..].to_string())]
                }
                _ => vec![(col, token)],
            })
            .collect();
        let mut zero_symbol = None;
        for pair in tokens.chunks(2) {
            let (col, symbol) = &pair[0];
            let Some((vcol, value)) = pair.get(1) else {
                return Err(TrfError::new(
                    line.number,
                    col + symbol.chars().count(),
                    "scoring value",
                    format!("no value after the symbol '{symbol}'"),
                ));
            };
            let v = points(line.number, *vcol, value, &format!("value of {symbol}"))?;
            match symbol.as_str() {
                "W" => self.win = Some(v),
                "D" => self.draw = Some(v),
                "L" => self.loss = Some(v),
                "A" | "Z" => {
                    zero_symbol = symbol.chars().next();
                    self.zero_bye = Some(v);
                    self.forfeit_loss = Some(v);
                }
                "P" => self.pab = Some(v),
                "X" => self.unknown = Some(v),
                _ => {
                    return Err(TrfError::new(
                        line.number,
                        *col,
                        "scoring symbol",
                        format!("unknown scoring symbol '{symbol}' (expected W D L A Z P X)"),
                    ));
                }
            }
        }
        Ok(zero_symbol)
    }

    /// bbpPairings `BBW BBD BBL BBZ BBF BBU`: one value from column 5.
    pub fn read_bb(&mut self, line: &Line) -> Result<(), TrfError> {
        self.trf26_or_bbp = true;
        self.javafo_only = false;
        let tokens = line.tokens(4);
        let code = line.code();
        let Some((col, value)) = tokens.first() else {
            return Err(TrfError::new(
                line.number,
                5,
                code,
                format!("{code} needs a value"),
            ));
        };
        if let Some((c, extra)) = tokens.get(1) {
            return Err(TrfError::new(
                line.number,
                *c,
                code,
                format!("unexpected '{extra}' after the value"),
            ));
        }
        let v = points(line.number, *col, value, code)?;
        let slot = match code {
            "BBW" => &mut self.win,
            "BBD" => &mut self.draw,
            "BBL" => &mut self.loss,
            "BBZ" => &mut self.zero_bye,
            "BBF" => &mut self.forfeit_loss,
            _ => &mut self.pab,
        };
        *slot = Some(v);
        Ok(())
    }

    /// JaVaFo `XXS CODE=value ...`.
    pub fn read_xxs(&mut self, line: &Line) -> Result<(), TrfError> {
        self.javafo_only = !self.trf26_or_bbp;
        for (col, token) in line.tokens(4) {
            let Some((code, value)) = token.split_once('=') else {
                return Err(TrfError::new(
                    line.number,
                    col,
                    "XXS",
                    format!("'{token}' is not CODE=value"),
                ));
            };
            let vcol = col + code.chars().count() + 1;
            let v = points(line.number, vcol, value, code)?;
            let mut split = |name: &'static str, slot: &mut Option<Points>| {
                if let Some(old) = *slot
                    && old != v
                {
                    self.colour_split.push((line.number, name, old, v));
                }
                *slot = Some(v);
            };
            match code {
                "WW" | "BW" => split("win", &mut self.win),
                "WD" | "BD" => split("draw", &mut self.draw),
                "WL" | "BL" => split("loss", &mut self.loss),
                "ZPB" => self.zero_bye = Some(v),
                "HPB" => self.half_bye = Some(v),
                "FPB" => self.full_bye = Some(v),
                "PAB" => self.pab = Some(v),
                "FW" => self.forfeit_win = Some(v),
                "FL" => self.forfeit_loss = Some(v),
                "W" => {
                    self.win = Some(v);
                    self.forfeit_win = Some(v);
                    self.full_bye = Some(v);
                }
                "D" => {
                    self.draw = Some(v);
                    self.half_bye = Some(v);
                }
                _ => {
                    return Err(TrfError::new(
                        line.number,
                        col,
                        "XXS",
                        format!(
                            "unknown XXS code '{code}' (expected WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D)"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The scoring these statements define: unstated values follow TRF26
    /// 162 (forfeit win, full bye and PAB = win; half bye = draw; forfeit
    /// loss and zero bye = 0), or JaVaFo's fixed defaults for an `XXS`-only
    /// file (spec 05 §6.1).
    pub fn resolve(&self) -> Result<ResolvedScoring, TrfError> {
        if let Some(&(line, name, a, b)) = self.colour_split.first() {
            return Err(TrfError::new(
                line,
                5,
                "XXS",
                format!("colour-dependent {name} values ({a} and {b}) are not supported"),
            ));
        }
        let win = self.win.unwrap_or(Points::ONE);
        let draw = self.draw.unwrap_or(Points::HALF);
        let (derived_win, derived_draw) = if self.javafo_only {
            (Points::ONE, Points::HALF)
        } else {
            (win, draw)
        };
        Ok(ResolvedScoring {
            scoring: Scoring {
                win,
                draw,
                loss: self.loss.unwrap_or(Points::ZERO),
                forfeit_win: self.forfeit_win.unwrap_or(derived_win),
                forfeit_loss: self.forfeit_loss.unwrap_or(Points::ZERO),
                pab: self.pab.unwrap_or(derived_win),
                full_bye: self.full_bye.unwrap_or(derived_win),
                half_bye: self.half_bye.unwrap_or(derived_draw),
                zero_bye: self.zero_bye.unwrap_or(Points::ZERO),
            },
            unknown: self.unknown,
        })
    }
}

/// A point value of a scoring record; one the 4-column fields of a TRF
/// cannot hold (more than 99.9 with a decimal) is a size limit.
fn points(line: usize, col: usize, text: &str, field: &str) -> Result<Points, TrfError> {
    let value = text.parse::<Points>().map_err(|_| {
        TrfError::new(
            line,
            col,
            field,
            format!("'{text}' is not a number of points"),
        )
    })?;
    if !fits_points_field(value) {
        return Err(TrfError::limit(
            line,
            col,
            field,
            format!("{value} points do not fit the 4 columns of a TRF points field"),
        ));
    }
    Ok(value)
}

/// Which scoring records to write.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ScoringStyle {
    pub trf26: bool,
    /// The 162 symbol for the zero-point bye / forfeit loss (`A`, or `Z` for bbp).
    pub zero_symbol: Option<char>,
    pub bbp: bool,
    /// The file used JaVaFo `XXS` (written only for what 162/BB? cannot say).
    pub javafo: bool,
}

/// The scoring records for `wanted`: `162` (and `BB?` when the file used
/// them) for what they can express, `XXS` for anything left over.
pub(crate) fn write(wanted: &ResolvedScoring, style: ScoringStyle) -> Vec<String> {
    let s = &wanted.scoring;
    let d = Scoring::default();
    let mut out = Vec::new();
    let mut said = ScoringSpec::default();
    let nothing_chosen = !style.trf26 && !style.bbp && !style.javafo;
    if style.trf26 || (nothing_chosen && (!s.is_default() || wanted.unknown.is_some())) {
        let zero = style.zero_symbol.unwrap_or('A');
        let mut pairs: Vec<(char, Points)> = Vec::new();
        if s.win != d.win {
            pairs.push(('W', s.win));
            said.win = Some(s.win);
        }
        if s.draw != d.draw {
            pairs.push(('D', s.draw));
            said.draw = Some(s.draw);
        }
        if s.loss != d.loss {
            pairs.push(('L', s.loss));
            said.loss = Some(s.loss);
        }
        if s.zero_bye != Points::ZERO && s.zero_bye == s.forfeit_loss {
            pairs.push((zero, s.zero_bye));
            said.zero_bye = Some(s.zero_bye);
            said.forfeit_loss = Some(s.zero_bye);
        }
        if s.pab != s.win {
            pairs.push(('P', s.pab));
            said.pab = Some(s.pab);
        }
        if let Some(x) = wanted.unknown {
            pairs.push(('X', x));
        }
        if !pairs.is_empty() {
            let mut line = String::from("162");
            for (i, (symbol, value)) in pairs.iter().enumerate() {
                while line.len() < 5 + 9 * i {
                    line.push(' ');
                }
                line.push(*symbol);
                line.push_str(&format!("{:>4}", points_field(*value)));
            }
            out.push(line);
        }
    }
    if style.bbp {
        let bb = [
            ("BBW", s.win, Points::ONE, &mut said.win),
            ("BBD", s.draw, Points::HALF, &mut said.draw),
            ("BBL", s.loss, Points::ZERO, &mut said.loss),
            ("BBZ", s.zero_bye, Points::ZERO, &mut said.zero_bye),
            ("BBF", s.forfeit_loss, Points::ZERO, &mut said.forfeit_loss),
            ("BBU", s.pab, s.win, &mut said.pab),
        ];
        for (code, value, default, slot) in bb {
            if value != default {
                out.push(format!("{code} {:>4}", points_field(value)));
                *slot = Some(value);
            }
        }
    }
    let implied = said.resolve().map(|r| r.scoring).unwrap_or_default();
    let rest: Vec<String> = [
        ("WW", s.win, implied.win),
        ("BW", s.win, implied.win),
        ("WD", s.draw, implied.draw),
        ("BD", s.draw, implied.draw),
        ("WL", s.loss, implied.loss),
        ("BL", s.loss, implied.loss),
        ("ZPB", s.zero_bye, implied.zero_bye),
        ("HPB", s.half_bye, implied.half_bye),
        ("FPB", s.full_bye, implied.full_bye),
        ("PAB", s.pab, implied.pab),
        ("FW", s.forfeit_win, implied.forfeit_win),
        ("FL", s.forfeit_loss, implied.forfeit_loss),
    ]
    .iter()
    .filter(|(_, want, have)| want != have)
    .map(|(code, want, _)| format!("{code}={want}"))
    .collect();
    if !rest.is_empty() {
        out.push(format!("XXS {}", rest.join(" ")));
    }
    out
}
