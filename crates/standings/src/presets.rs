//! Tie-break lists named by the seed events' regulations, with the labels
//! their regulations use (tiebreaks.md §9-10, 06-italo-swiss.md §6).

use crate::code::{TieBreak, parse_list};
use crate::labels::{Lang, pick, tiebreak_name};

/// One column of a preset: a FIDE code and, where the regulations use their
/// own words, the label in `[en, it, pl, ru]`.
struct Column {
    code: &'static str,
    label: Option<[&'static str; 4]>,
}

/// A named tie-break list.
pub struct Preset {
    /// The name given on the command line.
    pub name: &'static str,
    title: [&'static str; 4],
    columns: &'static [Column],
}

const ITALIAN_BUCHHOLZ: &[Column] = &[
    Column {
        code: "BH/C1",
        label: Some([
            "Buchholz, Italian variant (Cut 1)",
            "Buchholz variante italiana (Cut 1)",
            "Buchholz, wariant włoski (zredukowany o 1)",
            "Коэффициент Бухгольца, итальянский вариант (усечённый)",
        ]),
    },
    Column {
        code: "BH",
        label: Some([
            "Buchholz, Italian variant (with the discarded score)",
            "Buchholz variante italiana (con lo scarto)",
            "Buchholz, wariant włoski (z odrzuconym wynikiem)",
            "Коэффициент Бухгольца, итальянский вариант (с отброшенным результатом)",
        ]),
    },
];

const SONNEBORN: &[Column] = &[Column {
    code: "SB",
    label: None,
}];

const POLISH_002: &[Column] = &[
    Column {
        code: "BH/M1",
        label: Some([
            "Buchholz points (median)",
            "Punti Buchholz (mediano)",
            "Wartościowanie według punktów Buchholza",
            "Коэффициент Бухгольца (средний)",
        ]),
    },
    Column {
        code: "BH",
        label: Some([
            "Evaluation of all results (full Buchholz)",
            "Valutazione di tutti i risultati (Buchholz totale)",
            "Wartościowanie wszystkich rezultatów",
            "Оценка всех результатов (полный коэффициент Бухгольца)",
        ]),
    },
    Column {
        code: "WIN",
        label: Some([
            "Number of wins",
            "Numero di vittorie",
            "Większa ilość zwycięstw",
            "Количество побед",
        ]),
    },
    Column {
        code: "PS",
        label: Some([
            "Progressive score",
            "Progressivo",
            "Progres",
            "Прогрессивный коэффициент",
        ]),
    },
];

const BELARUS_004: &[Column] = &[
    Column {
        code: "BH/C1",
        label: Some([
            "Buchholz Cut 1",
            "Buchholz Cut 1",
            "Buchholz zredukowany o 1",
            "Усечённый коэффициент Бухгольца",
        ]),
    },
    Column {
        code: "BH",
        label: None,
    },
    Column {
        code: "PS",
        label: None,
    },
];

const POLISH_FAMILY_001: &[Column] = &[
    Column {
        code: "MP",
        label: Some([
            "Match points (3 for a win, 1 for a draw, 0 for a loss)",
            "Punti match (3 vittoria, 1 patta, 0 sconfitta)",
            "Punkty meczowe (3 za zwycięstwo, 1 za remis, 0 za przegraną)",
            "Командные очки (3 за победу, 1 за ничью, 0 за поражение)",
        ]),
    },
    Column {
        code: "TBR",
        label: Some([
            "Better total result on board 1 in all matches",
            "Miglior risultato complessivo in prima scacchiera",
            "Lepszy rezultat punktowy na I szachownicy we wszystkich meczach",
            "Лучший суммарный результат на первой доске",
        ]),
    },
];

/// Every preset.
pub const PRESETS: &[Preset] = &[
    // Seed 001 (Polish family team tournament): "1. małe punkty, 2. punkty
    // meczowe (3 za zwycięstwo, 1 za remis, 0 za przegraną), 3. lepszy
    // rezultat punktowy na I szachownicy we wszystkich meczach". The first
    // is the section's primary score (game points: TRF 192 `..._GP_MP`, 362
    // `TW 3.0 TD 1.0 TL 0.0`); the preset lists the other two.
    Preset {
        name: "pl-001",
        title: [
            "Family team tournament (seed 001)",
            "Torneo a squadre di famiglia (seme 001)",
            "Turniej drużyn rodzinnych (regulamin 001)",
            "Семейный командный турнир (положение 001)",
        ],
        columns: POLISH_FAMILY_001,
    },
    // Seed 000 (FSI rapid Grand Prix): "Buholz var. italiana o Sonneborn". The
    // Italian variant is Cut 1, then the discarded score: ordering-equivalent
    // to BH/C1 then BH (06-italo-swiss.md §6).
    Preset {
        name: "it-buchholz",
        title: [
            "Buchholz, Italian variant",
            "Buchholz variante italiana",
            "Buchholz, wariant włoski",
            "Коэффициент Бухгольца, итальянский вариант",
        ],
        columns: ITALIAN_BUCHHOLZ,
    },
    Preset {
        name: "it-sonneborn",
        title: [
            "Sonneborn-Berger",
            "Sonneborn-Berger",
            "Sonneborn-Berger",
            "Коэффициент Бергера",
        ],
        columns: SONNEBORN,
    },
    // Seed 002 (Polish festival): "wartościowanie według punktów Buchholza,
    // wartościowanie wszystkich rezultatów, większa ilość zwycięstw, progres".
    // "All results" is the full Buchholz (tiebreaks.md §10); the first
    // Buchholz therefore drops results, read as the median Buchholz that
    // Polish opens list before the full one (tiebreaks.md §9).
    Preset {
        name: "pl-002",
        title: [
            "Polish festival (seed 002)",
            "Festival polacco (seme 002)",
            "Festiwal (regulamin 002)",
            "Польский фестиваль (положение 002)",
        ],
        columns: POLISH_002,
    },
    // Seed 004 (Belarusian city open): усечённый коэффициент Бухгольца;
    // коэффициент Бухгольца; прогрессивный коэффициент.
    Preset {
        name: "by-004",
        title: [
            "Belarusian open (seed 004)",
            "Open bielorusso (seme 004)",
            "Open białoruski (regulamin 004)",
            "Открытое первенство города (положение 004)",
        ],
        columns: BELARUS_004,
    },
];

impl Preset {
    /// The preset called `name` (case-insensitive).
    pub fn find(name: &str) -> Option<&'static Preset> {
        PRESETS
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The names of every preset, for error messages.
    pub fn names() -> Vec<&'static str> {
        PRESETS.iter().map(|p| p.name).collect()
    }

    /// The tie-break list.
    pub fn tiebreaks(&self) -> Vec<TieBreak> {
        let codes: Vec<&str> = self.columns.iter().map(|c| c.code).collect();
        parse_list(&codes.join(",")).unwrap_or_default()
    }

    /// The column labels in `lang`.
    pub fn labels(&self, lang: Lang) -> Vec<String> {
        self.columns
            .iter()
            .zip(self.tiebreaks())
            .map(|(c, tb)| match c.label {
                Some(l) => pick(lang, l).to_string(),
                None => tiebreak_name(&tb, lang),
            })
            .collect()
    }

    /// The preset's title in `lang`.
    pub fn title(&self, lang: Lang) -> &'static str {
        pick(lang, self.title)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_parses() {
        for p in PRESETS {
            assert_eq!(p.tiebreaks().len(), p.columns.len(), "{}", p.name);
            assert_eq!(p.labels(Lang::Ru).len(), p.columns.len());
        }
        let by = Preset::find("BY-004").unwrap();
        let codes: Vec<String> = by
            .tiebreaks()
            .iter()
            .map(|t| t.code().to_string())
            .collect();
        assert_eq!(codes, ["BH/C1", "BH", "PS"]);
        assert_eq!(by.labels(Lang::Ru)[2], "Прогрессивный коэффициент");
        assert_eq!(
            Preset::find("pl-002").unwrap().labels(Lang::Pl)[1],
            "Wartościowanie wszystkich rezultatów"
        );
        assert!(Preset::find("nope").is_none());
    }
}
