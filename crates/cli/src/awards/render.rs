//! The awards' views as text for people.

use std::fmt::Write as _;

use arbiter_desk::{
    Fund, Ledger, Payee, PaymentRecorded, Per, PrizesReport, SeriesStandings, StillPossible,
};

/// `prizes`: the round the allocation stands on, every award and void
/// prize with each decision explained, and the prize fund.
pub fn prizes(r: &PrizesReport) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{} — prizes after round {} of {}",
        if r.heading.event.is_empty() {
            "(no name)"
        } else {
            &r.heading.event
        },
        r.rounds_complete,
        r.rounds
    );
    if r.rounds_complete < r.rounds {
        let _ = write!(
            out,
            " (provisional: {} round(s) to play)",
            r.rounds - r.rounds_complete
        );
    }
    out.push('\n');
    out.push_str(&r.allocation.render_text());
    let currency = &r.allocation.currency;
    let awarded = r.allocation.total_paid();
    match &r.fund {
        Fund::Undeclared => {
            let _ = writeln!(out, "\nCash awarded: {awarded} {currency}");
        }
        Fund::Declared(f) => {
            let _ = writeln!(
                out,
                "\nPrize fund: fees collected {} + sponsors {} = {} {}; cash awarded in this \
                 section: {awarded} {currency}",
                f.fees, f.sponsors, f.total, f.currency
            );
        }
        Fund::Unknown(why) => {
            let _ = writeln!(
                out,
                "\nCash awarded: {awarded} {currency}; prize fund not computed: {why}"
            );
        }
    }
    out
}

/// `prizes --still-possible`: per prize, who can still win it.
pub fn still_possible(v: &StillPossible) -> String {
    let mut out = format!(
        "Section {}: after round {} of {}, who can still win each prize\n",
        v.section, v.rounds_complete, v.rounds
    );
    for c in &v.prizes {
        let who = match (&c.void, c.ids.is_empty()) {
            (Some(why), _) => format!("void ({why})"),
            (None, true) => "nobody".to_string(),
            (None, false) => c
                .ids
                .iter()
                .map(|id| {
                    format!(
                        "{} (id {id})",
                        v.names.get(id).map(String::as_str).unwrap_or("?")
                    )
                })
                .collect::<Vec<_>>()
                .join(", "),
        };
        let _ = writeln!(out, "{}: {who}", c.prize);
    }
    out
}

/// `fees`: one line per entry, totals by rule and by method, the fund.
pub fn ledger(event: &str, l: &Ledger) -> String {
    let (per, id) = match l.per {
        Per::Player => ("", "id"),
        Per::Team => (" per team", "team"),
    };
    let mut out = format!("{event} — entry fees{per} ({})\n", l.currency);
    let _ = writeln!(
        out,
        "{id:>4}  {:<28} {:>9} {:>9} {:>11}  rule",
        "name", "due", "paid", "outstanding"
    );
    for e in &l.entries {
        let _ = writeln!(
            out,
            "{:>4}  {:<28} {:>9} {:>9} {:>11}  {}",
            e.id, e.name, e.due, e.paid, e.outstanding, e.rule
        );
    }
    out.push_str("\nBy rule:\n");
    for r in &l.by_rule {
        let _ = writeln!(out, "  {}: {} entries, {} due", r.rule, r.entries, r.due);
    }
    if !l.by_method.is_empty() {
        out.push_str("By method:\n");
        for m in &l.by_method {
            let _ = writeln!(out, "  {}: {} payments, {}", m.method, m.payments, m.paid);
        }
    }
    let _ = writeln!(
        out,
        "\nDue {}, paid {}, outstanding {} {}",
        l.due, l.paid, l.outstanding, l.currency
    );
    let _ = writeln!(
        out,
        "Prize fund: fees collected {} + sponsors {} = {} {}",
        l.paid, l.sponsors, l.prize_fund, l.currency
    );
    out
}

/// `pay`: what was recorded, and the balance when fees are set.
pub fn payment(p: &PaymentRecorded) -> String {
    let refund = p.amount.0 < 0;
    let mut line = format!(
        "{} of {} by {} {} {}{} (id {}) recorded",
        if refund { "refund" } else { "payment" },
        if refund { -p.amount } else { p.amount },
        p.method,
        if refund { "to" } else { "from" },
        match p.payer {
            Payee::Team(_) => "team ",
            Payee::Player(_) => "",
        },
        p.payer.name(),
        p.payer.id()
    );
    if let Some((currency, due, paid)) = &p.balance {
        let _ = write!(line, "; paid {paid} of {due} {currency} due");
    }
    line
}

/// `series standings`: one line per player — rank, name, total, each
/// event's points (counted, or discarded in parentheses; `-` not played),
/// bonus, events played, rating, categories, and `no` when he may not win
/// series prizes — then the prizes.
pub fn series(s: &SeriesStandings) -> String {
    let mut out = format!(
        "{}: {} event(s), the best {} count\n",
        s.name,
        s.events.len(),
        s.counted
    );
    let mut header = vec![
        "Rank".to_string(),
        "Name".into(),
        "Total".into(),
        "Bonus".into(),
        "Played".into(),
        "Rating".into(),
        "Prizes".into(),
    ];
    header.extend((1..=s.events.len()).map(|i| format!("E{i}")));
    header.push("Categories".into());
    let mut rows = vec![header];
    for l in &s.lines {
        let place = if l.rank_to > l.rank {
            format!("{}-{}", l.rank, l.rank_to)
        } else {
            l.rank.to_string()
        };
        let mut row = vec![
            place,
            l.name.clone(),
            l.total.to_string(),
            l.bonus.to_string(),
            l.events_played.to_string(),
            l.rating.map(|r| r.to_string()).unwrap_or_default(),
            if l.eligible { "yes" } else { "no" }.to_string(),
        ];
        row.extend(l.results.iter().map(|r| match r {
            None => "-".to_string(),
            Some(r) if r.counted => r.points.to_string(),
            Some(r) => format!("({})", r.points),
        }));
        row.push(l.categories.join(","));
        rows.push(row);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, v)| {
                let pad = " ".repeat(widths[c] - v.chars().count());
                if c == 1 || c + 1 == row.len() {
                    format!("{v}{pad}")
                } else {
                    format!("{pad}{v}")
                }
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out.push_str("\nEvents: ");
    let names: Vec<String> = s
        .events
        .iter()
        .enumerate()
        .map(|(i, e)| format!("E{} {e}", i + 1))
        .collect();
    out.push_str(&names.join(", "));
    out.push('\n');
    if let Some(prizes) = &s.prizes {
        out.push_str("\nSeries prizes\n");
        out.push_str(&prizes.render_text());
    }
    out
}
