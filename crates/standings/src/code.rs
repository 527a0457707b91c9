//! Tie-break codes in FIDE's MTB notation (TRF-2026 records 202/212,
//! tiebreaks.md §3): an acronym followed by `/`-separated modifiers, e.g.
//! `BH/C1`, `SB/M1`, `KS/L+1`, `ARO/U1000`, `AOB/F`, `TPN/R`, `BH/V2024`;
//! for teams also the score a key reads (`BH:MP/C1`, `PS:GP`) and the team
//! keys of Art. 11-13 (`MPvGP`, `EMGSB/C1`, `BC`, `EDEBT`, ...).

use std::fmt;
use std::str::FromStr;

use arbiter_model::team::TeamScore;
use serde::Serialize;

use crate::edition::Edition;

/// The tie-breaks of C.07 Art. 5-10, and the team tie-breaks of Art. 11-13.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Kind {
    /// Direct encounter (Art. 6).
    De,
    /// Number of wins, with or without playing (7.1).
    Win,
    /// Games won over the board (7.2).
    Won,
    /// Games played over the board with Black (7.3).
    Bpg,
    /// Games won over the board with Black (7.4).
    Bwg,
    /// Progressive (cumulative) score (7.5).
    Ps,
    /// Rounds one elected to play (7.6; "GE" before 2024).
    Rep,
    /// Standard points (7.7, 2026).
    Std,
    /// Tournament pairing number (7.8, 2026).
    Tpn,
    /// Buchholz (8.1).
    Bh,
    /// Average of opponents' Buchholz (8.2).
    Aob,
    /// Fore Buchholz (8.3).
    Fb,
    /// Sonneborn-Berger (9.1).
    Sb,
    /// Koya system (9.2).
    Ks,
    /// Average rating of opponents (10.1).
    Aro,
    /// Tournament performance rating (10.2).
    Tpr,
    /// Perfect tournament performance (10.3).
    Ptp,
    /// Average performance rating of opponents (10.4).
    Apro,
    /// Average perfect performance of opponents (10.5).
    Appo,
    /// The participant's own rating (10.6, 2026).
    Rtng,
    /// Match points (teams, 11).
    Mp,
    /// Game points (teams, 11).
    Gp,
    /// The other team score: GP when MP is primary, MP when GP is (13.1).
    MpvGp,
    /// Extended Sonneborn-Berger (13.2): opponents' MP × MP scored.
    Emmsb,
    /// Opponents' MP × GP scored (the Olympiad SB with `/C1`).
    Emgsb,
    /// Opponents' GP × MP scored.
    Egmsb,
    /// Opponents' GP × GP scored.
    Eggsb,
    /// Board count (12.1): Σ board number × points; lower is better.
    Bc,
    /// Top-board result (12.2).
    Tbr,
    /// Bottom-board elimination (12.3).
    Bbe,
    /// Score-strength combination (13.4).
    Sssc,
    /// Extended direct encounter (13.3): DE on the primary, then on the
    /// secondary score.
    Ede,
    /// EDE, then TBR on the direct encounter of two teams still tied (13.3.2).
    Edet,
    /// EDE, then BBE.
    Edeb,
    /// EDE, then BC, then TBR.
    Edebt,
    /// EDE, then BC, then BBE.
    Edebb,
}

impl Kind {
    /// Every kind, in catalogue order.
    pub const ALL: [Kind; 36] = [
        Kind::De,
        Kind::Win,
        Kind::Won,
        Kind::Bpg,
        Kind::Bwg,
        Kind::Ps,
        Kind::Rep,
        Kind::Std,
        Kind::Tpn,
        Kind::Bh,
        Kind::Aob,
        Kind::Fb,
        Kind::Sb,
        Kind::Ks,
        Kind::Aro,
        Kind::Tpr,
        Kind::Ptp,
        Kind::Apro,
        Kind::Appo,
        Kind::Rtng,
        Kind::Mp,
        Kind::Gp,
        Kind::MpvGp,
        Kind::Emmsb,
        Kind::Emgsb,
        Kind::Egmsb,
        Kind::Eggsb,
        Kind::Bc,
        Kind::Tbr,
        Kind::Bbe,
        Kind::Sssc,
        Kind::Ede,
        Kind::Edet,
        Kind::Edeb,
        Kind::Edebt,
        Kind::Edebb,
    ];

    /// The FIDE acronym.
    pub fn acronym(self) -> &'static str {
        match self {
            Kind::De => "DE",
            Kind::Win => "WIN",
            Kind::Won => "WON",
            Kind::Bpg => "BPG",
            Kind::Bwg => "BWG",
            Kind::Ps => "PS",
            Kind::Rep => "REP",
            Kind::Std => "STD",
            Kind::Tpn => "TPN",
            Kind::Bh => "BH",
            Kind::Aob => "AOB",
            Kind::Fb => "FB",
            Kind::Sb => "SB",
            Kind::Ks => "KS",
            Kind::Aro => "ARO",
            Kind::Tpr => "TPR",
            Kind::Ptp => "PTP",
            Kind::Apro => "APRO",
            Kind::Appo => "APPO",
            Kind::Rtng => "RTNG",
            Kind::Mp => "MP",
            Kind::Gp => "GP",
            Kind::MpvGp => "MPvGP",
            Kind::Emmsb => "EMMSB",
            Kind::Emgsb => "EMGSB",
            Kind::Egmsb => "EGMSB",
            Kind::Eggsb => "EGGSB",
            Kind::Bc => "BC",
            Kind::Tbr => "TBR",
            Kind::Bbe => "BBE",
            Kind::Sssc => "SSSC",
            Kind::Ede => "EDE",
            Kind::Edet => "EDET",
            Kind::Edeb => "EDEB",
            Kind::Edebt => "EDEBT",
            Kind::Edebb => "EDEBB",
        }
    }

    /// The kind of an acronym in upper case.
    fn from_acronym(s: &str) -> Option<Kind> {
        if s == "GE" {
            return Some(Kind::Rep);
        }
        Kind::ALL
            .into_iter()
            .find(|k| k.acronym().eq_ignore_ascii_case(s))
    }

    /// Keys that accept cut and median modifiers (Art. 14; the reference
    /// accepts them on BH, FB, SB, PS and ARO, and on the extended SB).
    fn allows_cuts(self) -> bool {
        matches!(
            self,
            Kind::Bh
                | Kind::Fb
                | Kind::Sb
                | Kind::Ps
                | Kind::Aro
                | Kind::Emmsb
                | Kind::Emgsb
                | Kind::Egmsb
                | Kind::Eggsb
        )
    }

    /// The team tie-breaks of Art. 11-13, which need a team section.
    pub fn is_team_only(self) -> bool {
        matches!(
            self,
            Kind::Mp
                | Kind::Gp
                | Kind::MpvGp
                | Kind::Emmsb
                | Kind::Emgsb
                | Kind::Egmsb
                | Kind::Eggsb
                | Kind::Bc
                | Kind::Tbr
                | Kind::Bbe
                | Kind::Sssc
                | Kind::Ede
                | Kind::Edet
                | Kind::Edeb
                | Kind::Edebt
                | Kind::Edebb
        )
    }

    /// Keys whose value is a place inside the tied group (DE, EDE and its
    /// variants, TBR, BBE): computed while ranking.
    pub fn is_group_key(self) -> bool {
        matches!(
            self,
            Kind::De
                | Kind::Ede
                | Kind::Edet
                | Kind::Edeb
                | Kind::Edebt
                | Kind::Edebb
                | Kind::Tbr
                | Kind::Bbe
        )
    }

    /// Rating-based keys (Art. 10), which read ratings and accept `/U`.
    pub fn is_rating_based(self) -> bool {
        matches!(
            self,
            Kind::Aro | Kind::Tpr | Kind::Ptp | Kind::Apro | Kind::Appo | Kind::Rtng
        )
    }
}

/// Cut-k / Median-k (Art. 14): how many of the least and most significant
/// values are removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cut {
    pub low: u32,
    pub high: u32,
}

/// The Koya limit (9.2, 14.5): `percent` of the maximum score plus a shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct KoyaLimit {
    pub percent: u32,
    /// Shift in tenths of a point (`L+1` = +5, `L-1.0` = -10).
    pub shift_tenths: i64,
}

impl Default for KoyaLimit {
    fn default() -> Self {
        KoyaLimit {
            percent: 50,
            shift_tenths: 0,
        }
    }
}

/// One tie-break with its modifiers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TieBreak {
    pub kind: Kind,
    pub cut: Cut,
    pub koya: KoyaLimit,
    /// `/P`: forfeits are treated as played games (16.6, pre-determined
    /// pairings).
    pub forfeits_as_played: bool,
    /// `/F`: AOB averages the opponents' Fore Buchholz.
    pub fore: bool,
    /// `/R`: reverse the natural order of TPN or RTNG.
    pub reverse: bool,
    /// `/Urating`: rating given to unrated participants for this key.
    pub unrated_rating: Option<u16>,
    /// `/Vyyyy`: force an edition of the regulations for this key.
    pub edition: Option<Edition>,
    /// `/S`: compute as in a Swiss even in a round robin.
    pub swiss: bool,
    /// `:MP` / `:GP`: the team score an individual key reads (C.07 13;
    /// `None`: the primary score).
    pub score: Option<TeamScore>,
    code: String,
}

impl TieBreak {
    /// A key without modifiers.
    pub fn plain(kind: Kind) -> TieBreak {
        TieBreak {
            kind,
            cut: Cut::default(),
            koya: KoyaLimit::default(),
            forfeits_as_played: false,
            fore: false,
            reverse: false,
            unrated_rating: None,
            edition: None,
            swiss: false,
            score: None,
            code: kind.acronym().to_string(),
        }
    }

    /// The code in canonical spelling (upper case), e.g. `BH/C1`.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// True when a smaller value ranks higher: TPN (unless `/R`), DE
    /// positions, and RTNG with `/R` (§2 item 6).
    pub fn ascending(&self) -> bool {
        match self.kind {
            Kind::Tpn => !self.reverse,
            Kind::Rtng => self.reverse,
            Kind::Bc => true,
            k => k.is_group_key(),
        }
    }

    /// True when the key needs a team section: a team key or a `:MP`/`:GP`
    /// score.
    pub fn is_team_key(&self) -> bool {
        self.kind.is_team_only() || self.score.is_some()
    }
}

/// Why a tie-break code was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tie-break '{code}': {reason}")]
pub struct CodeError {
    pub code: String,
    pub reason: String,
}

impl FromStr for TieBreak {
    type Err = CodeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let code = s.trim().to_ascii_uppercase();
        let fail = |reason: String| CodeError {
            code: s.trim().to_string(),
            reason,
        };
        let mut parts = code.split('/');
        let head = parts.next().unwrap_or_default();
        let (acronym, score) = match head.split_once(':') {
            Some((a, s)) => (a, Some(s)),
            None => (head, None),
        };
        let kind = Kind::from_acronym(acronym).ok_or_else(|| {
            let known: Vec<&str> = Kind::ALL.iter().map(|k| k.acronym()).collect();
            fail(format!(
                "unknown tie-break (known: PTS, {})",
                known.join(", ")
            ))
        })?;
        let mut tb = TieBreak::plain(kind);
        let mut canonical = kind.acronym().to_string();
        if let Some(s) = score {
            if kind.is_team_only() {
                return Err(fail(format!(
                    "{} takes no score; ':{s}' applies to individual keys on team scores (BH:MP, PS:GP)",
                    kind.acronym()
                )));
            }
            tb.score = Some(match s {
                "MP" => TeamScore::MatchPoints,
                "GP" => TeamScore::GamePoints,
                _ => return Err(fail(format!("':{s}' is not a team score (MP or GP)"))),
            });
            canonical.push(':');
            canonical.push_str(s);
        }
        for m in parts {
            apply_modifier(&mut tb, m).map_err(&fail)?;
            canonical.push('/');
            canonical.push_str(m);
        }
        tb.code = canonical;
        Ok(tb)
    }
}

/// Applies one modifier (the text after a `/`, upper case) to `tb`.
fn apply_modifier(tb: &mut TieBreak, m: &str) -> Result<(), String> {
    let kind = tb.kind;
    let number = |digits: &str| -> Result<u32, String> {
        digits
            .parse()
            .map_err(|_| format!("modifier '/{m}' needs a number"))
    };
    let first = m.chars().next().ok_or("empty modifier")?;
    let rest = &m[first.len_utf8()..];
    match first {
        'C' | 'M' if kind.allows_cuts() => {
            let k = number(rest)?;
            tb.cut = Cut {
                low: k,
                high: if first == 'M' { k } else { 0 },
            };
        }
        'L' if kind == Kind::Ks => tb.koya = koya_limit(tb.koya, rest, m)?,
        'P' if rest.is_empty() => tb.forfeits_as_played = true,
        'F' if rest.is_empty() && kind == Kind::Aob => tb.fore = true,
        'R' if rest.is_empty() && matches!(kind, Kind::Tpn | Kind::Rtng) => tb.reverse = true,
        'S' if rest.is_empty() => tb.swiss = true,
        'U' if kind.is_rating_based() => {
            let r = number(rest)?;
            tb.unrated_rating = Some(u16::try_from(r).map_err(|_| "rating too large")?);
        }
        'V' => {
            tb.edition = Some(
                rest.parse()
                    .map_err(|e: crate::edition::EditionError| e.to_string())?,
            )
        }
        _ => {
            return Err(format!(
                "modifier '/{m}' does not apply to {}",
                kind.acronym()
            ));
        }
    }
    Ok(())
}

/// Reads a Koya limit modifier (14.5): `L+k`/`L-k` shift the limit by k half
/// points, `L+1.0` by one point (a decimal number of points), `Lnn` sets the
/// percentage.
fn koya_limit(mut limit: KoyaLimit, rest: &str, m: &str) -> Result<KoyaLimit, String> {
    let bad = || format!("modifier '/{m}' is not a Koya limit (L+1, L-1, L+1.0, L60)");
    if let Some(sign) = rest.chars().next().filter(|c| *c == '+' || *c == '-') {
        let amount = &rest[1..];
        let tenths = if amount.contains('.') {
            amount
                .parse::<arbiter_model::Points>()
                .map_err(|_| bad())?
                .tenths()
                .into()
        } else {
            amount.parse::<i64>().map_err(|_| bad())? * 5
        };
        limit.shift_tenths = if sign == '-' { -tenths } else { tenths };
    } else {
        limit.percent = rest.parse().map_err(|_| bad())?;
    }
    Ok(limit)
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code)
    }
}

/// Parses a list of codes separated by commas and/or spaces (`BH/C1,BH,PS`,
/// TRF 202). `PTS` (the primary score, which TRF 212 lists first) is skipped.
pub fn parse_list(s: &str) -> Result<Vec<TieBreak>, CodeError> {
    s.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|c| !c.is_empty() && !c.eq_ignore_ascii_case("PTS"))
        .map(str::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_codes_with_modifiers() {
        let tb: TieBreak = "bh/c1".parse().unwrap();
        assert_eq!(tb.kind, Kind::Bh);
        assert_eq!(tb.cut, Cut { low: 1, high: 0 });
        assert_eq!(tb.code(), "BH/C1");
        let m: TieBreak = "SB/M2".parse().unwrap();
        assert_eq!(m.cut, Cut { low: 2, high: 2 });
        let ks: TieBreak = "KS/L+1".parse().unwrap();
        assert_eq!(ks.koya.shift_tenths, 5);
        let ks: TieBreak = "KS/L-1.0".parse().unwrap();
        assert_eq!(ks.koya.shift_tenths, -10);
        let ks: TieBreak = "KS/L60".parse().unwrap();
        assert_eq!(ks.koya.percent, 60);
        let aro: TieBreak = "ARO/C1/U1000".parse().unwrap();
        assert_eq!(aro.unrated_rating, Some(1000));
        let bh: TieBreak = "BH/V2024".parse().unwrap();
        assert_eq!(bh.edition, Some(Edition::Fide2024));
        assert_eq!("GE".parse::<TieBreak>().unwrap().kind, Kind::Rep);
        assert!("TPN/R".parse::<TieBreak>().unwrap().reverse);
        assert!("AOB/F".parse::<TieBreak>().unwrap().fore);
    }

    #[test]
    fn refuses_unknown_codes_and_misplaced_modifiers() {
        assert!("XYZ".parse::<TieBreak>().is_err());
        assert!("WIN/C1".parse::<TieBreak>().is_err());
        assert!("BH/Cx".parse::<TieBreak>().is_err());
        assert!("BH/V1999".parse::<TieBreak>().is_err());
        assert!("KS/Lx".parse::<TieBreak>().is_err());
        assert!("BH:XP".parse::<TieBreak>().is_err());
        assert!("EMGSB:MP".parse::<TieBreak>().is_err());
        assert!("BC/C1".parse::<TieBreak>().is_err());
    }

    #[test]
    fn reads_team_codes() {
        let bh: TieBreak = "bh:mp/c1".parse().unwrap();
        assert_eq!(bh.kind, Kind::Bh);
        assert_eq!(bh.score, Some(TeamScore::MatchPoints));
        assert_eq!(bh.cut.low, 1);
        assert_eq!(bh.code(), "BH:MP/C1");
        assert!(bh.is_team_key());
        let v: TieBreak = "MPVGP".parse().unwrap();
        assert_eq!((v.kind, v.code()), (Kind::MpvGp, "MPvGP"));
        let sb: TieBreak = "EMGSB/C1".parse().unwrap();
        assert_eq!((sb.kind, sb.cut.low), (Kind::Emgsb, 1));
        assert!("BC".parse::<TieBreak>().unwrap().ascending());
        assert!("EDEBT".parse::<TieBreak>().unwrap().kind.is_group_key());
        assert!(!"BH".parse::<TieBreak>().unwrap().is_team_key());
    }

    #[test]
    fn reads_lists() {
        let l = parse_list("PTS, BH/C1,BH PS").unwrap();
        let codes: Vec<&str> = l.iter().map(TieBreak::code).collect();
        assert_eq!(codes, ["BH/C1", "BH", "PS"]);
        assert!(parse_list("").unwrap().is_empty());
    }
}
