//! The record of each decision of an allocation (prizes.md §6: "audit trail
//! of decisions: void for threshold, slid down, upgraded, shared by Hort
//! with computation").

use std::fmt;

use arbiter_model::Points;

use crate::money::Cents;
use crate::plan::Sharing;
use crate::ranking::PlayerId;

/// Why a prize is not awarded; `category` is `None` for the overall
/// ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoidReason {
    /// `min_entrants` not reached.
    TooFewEntrants {
        category: Option<String>,
        played: u32,
        min: u32,
    },
    /// No player belongs to the category.
    NoEligible { category: Option<String> },
    /// Every eligible player already holds a prize, or there are fewer
    /// eligible players than the prize's place.
    AllEligibleHold { category: Option<String> },
    /// A place beyond the number of eligible players (a cumulative prize).
    FewerThanPlace {
        category: Option<String>,
        eligible: u32,
    },
}

impl serde::Serialize for VoidReason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl VoidReason {
    /// The category's name, or `None` for the overall ranking.
    pub fn category(&self) -> Option<&str> {
        match self {
            VoidReason::TooFewEntrants { category, .. }
            | VoidReason::NoEligible { category }
            | VoidReason::AllEligibleHold { category }
            | VoidReason::FewerThanPlace { category, .. } => category.as_deref(),
        }
    }
}

impl fmt::Display for VoidReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let category = self.category().unwrap_or("overall");
        match self {
            VoidReason::TooFewEntrants { played, min, .. } => write!(
                f,
                "{category}: {played} player(s) of the category played, at least {min} required"
            ),
            VoidReason::NoEligible { .. } => write!(f, "{category}: no eligible player"),
            VoidReason::AllEligibleHold { .. } => write!(
                f,
                "{category}: no eligible player left (the others already hold a prize)"
            ),
            VoidReason::FewerThanPlace { eligible, .. } => {
                write!(f, "{category}: only {eligible} eligible player(s)")
            }
        }
    }
}

/// An eligible player ranked above the winner who was passed over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passed {
    pub id: PlayerId,
    pub name: String,
    pub rank: u32,
    /// The prize he already holds.
    pub holds: String,
}

/// One member of a tie group sharing prizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareLine {
    pub id: PlayerId,
    pub name: String,
    /// His place by tie-break within the table.
    pub place: u32,
    /// The prize of that place (`P_i`, 0 beyond the paid places).
    pub own: Cents,
    pub payout: Cents,
}

/// One decision of the allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A prize given whole; `passed` lists the better-ranked eligible
    /// players it slid past.
    Given {
        prize: String,
        id: PlayerId,
        name: String,
        rank: u32,
        passed: Vec<Passed>,
    },
    Void {
        prize: String,
        reason: VoidReason,
    },
    /// A tie group sharing the prizes of its places.
    Shared {
        table: String,
        points: Points,
        method: Sharing,
        lines: Vec<ShareLine>,
    },
    /// A player offered a category table's share compared it with what he
    /// held: `moved` when he took it (and left `from`).
    Compared {
        id: PlayerId,
        name: String,
        offered: String,
        offered_amount: Cents,
        from: String,
        held: Cents,
        moved: bool,
    },
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Given {
                prize,
                name,
                rank,
                passed,
                ..
            } => {
                write!(f, "{prize}: {name} (rank {rank})")?;
                if !passed.is_empty() {
                    let list: Vec<String> = passed
                        .iter()
                        .map(|p| format!("{} (rank {}, holds {})", p.name, p.rank, p.holds))
                        .collect();
                    write!(f, ", slid down past {}", list.join(", "))?;
                }
                Ok(())
            }
            Decision::Void { prize, reason } => write!(f, "{prize}: void ({reason})"),
            Decision::Shared {
                table,
                points,
                method,
                lines,
            } => {
                let names: Vec<String> = lines
                    .iter()
                    .map(|l| format!("{} {}", l.name, l.own))
                    .collect();
                let g = lines.len() as i64;
                let total: Cents = lines.iter().map(|l| l.own).sum();
                write!(
                    f,
                    "{table}: places {}-{} tied on {points}, prizes {} = {total}",
                    lines.first().map_or(0, |l| l.place),
                    lines.last().map_or(0, |l| l.place),
                    names.join(" + ")
                )?;
                match method {
                    Sharing::Hort => {
                        let kept: Vec<String> = lines
                            .iter()
                            .map(|l| format!("{} {}", l.name, exact(l.own.0, 2)))
                            .collect();
                        write!(
                            f,
                            "; Hort: each keeps half of his own ({}), the pot {} is split by {g} = {} each",
                            kept.join(", "),
                            exact(total.0, 2),
                            exact(total.0, 2 * g),
                        )?;
                    }
                    Sharing::Equal | Sharing::None => {
                        write!(
                            f,
                            "; equal shares: {total} / {g} = {} each",
                            exact(total.0, g)
                        )?;
                    }
                }
                let paid: Vec<String> = lines
                    .iter()
                    .map(|l| format!("{} {}", l.name, l.payout))
                    .collect();
                write!(f, " -> {}", paid.join(", "))
            }
            Decision::Compared {
                name,
                offered,
                offered_amount,
                from,
                held,
                moved,
                ..
            } => {
                if *moved {
                    write!(
                        f,
                        "{name} takes {offered} ({offered_amount}) rather than {from} ({held}); {from} is shared again without him"
                    )
                } else {
                    write!(
                        f,
                        "{name} keeps {from} ({held}) rather than {offered} ({offered_amount})"
                    )
                }
            }
        }
    }
}

/// `cents / den` printed to the cent, with "≈" when not exact.
fn exact(cents: i64, den: i64) -> String {
    let whole = Cents(cents.div_euclid(den));
    if cents.rem_euclid(den) == 0 {
        whole.to_string()
    } else {
        // Nearest cent, halves up.
        let near = Cents((2 * cents + den).div_euclid(2 * den));
        format!("~{near}")
    }
}
