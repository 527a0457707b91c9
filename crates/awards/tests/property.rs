//! Properties of every allocation over random fields and plans: with
//! one_prize_per_player no player holds two prizes; the sum paid equals the
//! sum of the prizes awarded (every cash prize is awarded or void);
//! sharing never pays a player more than the largest prize of the places
//! his tie group shares, and a group pays out exactly what it pools.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use arbiter_awards::{Cents, Decision, PrizeKind};
use common::*;
use proptest::prelude::*;

/// One player: score in half points, woman, rating.
type Spec = (u8, bool, u16);

fn plan_text(
    sharing: &str,
    rounding: &str,
    overall: &[u32],
    women: &[u32],
    u1800: &[u32],
    item: bool,
    cup: bool,
) -> String {
    let mut t = format!(
        "currency = \"EUR\"\nsharing = \"{sharing}\"\nrounding = \"{rounding}\"\n\
         [categories.women]\nsex = \"w\"\n[categories.u1800]\nrating_max = 1799\n"
    );
    let mut add = |label: String, cat: Option<&str>, place: usize, what: String| {
        t.push_str(&format!(
            "[[prize]]\nlabel = \"{label}\"\nplace = {place}\n{what}\n"
        ));
        if let Some(c) = cat {
            t.push_str(&format!("category = \"{c}\"\n"));
        }
    };
    for (i, a) in overall.iter().enumerate() {
        add(
            format!("overall {}", i + 1),
            None,
            i + 1,
            format!("amount = {a}"),
        );
    }
    for (i, a) in women.iter().enumerate() {
        add(
            format!("women {}", i + 1),
            Some("women"),
            i + 1,
            format!("amount = {a}"),
        );
    }
    for (i, a) in u1800.iter().enumerate() {
        add(
            format!("u1800 {}", i + 1),
            Some("u1800"),
            i + 1,
            format!("amount = {a}"),
        );
    }
    if item {
        add(
            "book".into(),
            Some("women"),
            9,
            "item = \"book\"\nvalue = 60".into(),
        );
    }
    if cup {
        add(
            "cup".into(),
            None,
            1,
            "item = \"cup\"\ncumulative = true".into(),
        );
    }
    t
}

fn field(specs: &[Spec]) -> arbiter_awards::Ranking {
    let mut specs = specs.to_vec();
    specs.sort_by_key(|s| std::cmp::Reverse(s.0));
    ranking(
        specs
            .iter()
            .enumerate()
            .map(|(i, &(half, woman, rating))| {
                let l = line(
                    i as u32 + 1,
                    &format!("P{}", i + 1),
                    &format!("{}.{}", half / 2, 5 * (half % 2)),
                )
                .rating(rating);
                if woman { l.woman() } else { l.man() }
            })
            .collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn allocations_keep_their_invariants(
        specs in prop::collection::vec((0u8..=14, any::<bool>(), 1400u16..2300), 1..14),
        overall in prop::collection::vec(1u32..=600, 0..6),
        women in prop::collection::vec(1u32..=600, 0..3),
        u1800 in prop::collection::vec(1u32..=600, 0..3),
        sharing in 0usize..3,
        cent in any::<bool>(),
        item in any::<bool>(),
        cup in any::<bool>(),
    ) {
        let sharing = ["none", "hort", "equal"][sharing];
        let text = plan_text(sharing, if cent { "cent" } else { "unit" }, &overall, &women, &u1800, item, cup);
        let p = plan(&text);
        let a = run(&p, &field(&specs));

        // No player holds two non-cumulative prizes.
        let mut held: BTreeMap<u32, u32> = BTreeMap::new();
        for w in &a.awards {
            if w.prizes.iter().all(|&i| !p.prizes[i].cumulative) {
                *held.entry(w.id).or_default() += 1;
            }
        }
        prop_assert!(held.values().all(|&n| n <= 1), "{held:?}\n{}", a.render_text());

        // Sum paid = sum of the cash prizes awarded; the others are void.
        let awarded: BTreeSet<usize> = a
            .awards
            .iter()
            .filter(|w| w.amount.is_some())
            .flat_map(|w| w.prizes.iter().copied())
            .collect();
        let pooled: Cents = awarded
            .iter()
            .filter_map(|&i| match p.prizes[i].kind {
                PrizeKind::Cash(c) => Some(c),
                PrizeKind::Item { .. } => None,
            })
            .sum();
        prop_assert_eq!(a.total_paid(), pooled, "{}", a.render_text());
        for prize in &p.prizes {
            let given = a.awards.iter().any(|w| w.prizes.contains(&prize.index));
            let void = a.void.iter().any(|v| v.prize == prize.label);
            prop_assert!(given != void, "{} given {given} void {void}\n{}", prize.label, a.render_text());
        }

        // A tie group pays what it pools, nobody more than its largest prize.
        for d in &a.decisions {
            if let Decision::Shared { lines, .. } = d {
                let top = lines.iter().map(|l| l.own).max().unwrap_or_default();
                prop_assert!(lines.iter().all(|l| l.payout <= top), "{d}");
                let own: Cents = lines.iter().map(|l| l.own).sum();
                let paid: Cents = lines.iter().map(|l| l.payout).sum();
                prop_assert_eq!(own, paid, "{}", d);
            }
        }
        if sharing == "none" {
            prop_assert!(a.awards.iter().all(|w| w.shared_with.is_empty()));
        }
    }
}
