//! Names of the tie-breaks and of the standings' columns in English, Italian,
//! Polish and Russian (tiebreaks.md §10 national names).

use std::str::FromStr;

use crate::code::{Kind, TieBreak};

/// A language of the printed standings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    It,
    Pl,
    Ru,
}

impl Lang {
    /// Every supported language, in the order of [`pick`]'s texts.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::It, Lang::Pl, Lang::Ru];

    /// The ISO 639-1 code (`en`, `it`, `pl`, `ru`), as [`FromStr`] reads it.
    pub fn code(self) -> &'static str {
        pick(self, ["en", "it", "pl", "ru"])
    }
}

/// Why a text is not a supported language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a supported language (en, it, pl, ru)")]
pub struct LangError(pub String);

impl FromStr for Lang {
    type Err = LangError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "it" | "italian" | "italiano" => Ok(Lang::It),
            "pl" | "polish" | "polski" => Ok(Lang::Pl),
            "ru" | "russian" | "русский" => Ok(Lang::Ru),
            other => Err(LangError(other.to_string())),
        }
    }
}

/// Picks the text of `lang` from `[en, it, pl, ru]`.
pub fn pick(lang: Lang, texts: [&'static str; 4]) -> &'static str {
    texts[lang as usize]
}

/// The name of a tie-break without modifiers.
pub fn kind_name(kind: Kind, lang: Lang) -> &'static str {
    pick(
        lang,
        match kind {
            Kind::De => [
                "Direct encounter",
                "Scontro diretto",
                "Wynik bezpośredniego pojedynku",
                "Личная встреча",
            ],
            Kind::Win => [
                "Number of wins",
                "Numero di vittorie",
                "Liczba zwycięstw",
                "Количество побед",
            ],
            Kind::Won => [
                "Games won over the board",
                "Vittorie a scacchiera",
                "Liczba wygranych partii rozegranych",
                "Количество побед за доской",
            ],
            Kind::Bpg => [
                "Games played with Black",
                "Partite giocate con il Nero",
                "Liczba partii rozegranych czarnymi",
                "Количество партий чёрными",
            ],
            Kind::Bwg => [
                "Games won with Black",
                "Vittorie con il Nero",
                "Liczba wygranych czarnymi",
                "Количество побед чёрными",
            ],
            Kind::Ps => [
                "Progressive score",
                "Progressivo",
                "Progres",
                "Прогрессивный коэффициент",
            ],
            Kind::Rep => [
                "Rounds elected to play",
                "Turni scelti di giocare",
                "Rundy wybrane do gry",
                "Туры, сыгранные по выбору участника",
            ],
            Kind::Std => [
                "Standard points",
                "Punti standard",
                "Punkty standardowe",
                "Стандартные очки",
            ],
            Kind::Tpn => [
                "Pairing number",
                "Numero di abbinamento",
                "Numer startowy",
                "Стартовый номер",
            ],
            Kind::Bh => [
                "Buchholz",
                "Buchholz totale",
                "Buchholz (pełny)",
                "Коэффициент Бухгольца",
            ],
            Kind::Aob => [
                "Average of opponents' Buchholz",
                "Media dei Buchholz degli avversari",
                "Średni Buchholz przeciwników",
                "Средний коэффициент Бухгольца соперников",
            ],
            Kind::Fb => [
                "Fore Buchholz",
                "Buchholz anticipato",
                "Buchholz przed ostatnią rundą",
                "Предварительный коэффициент Бухгольца",
            ],
            Kind::Sb => [
                "Sonneborn-Berger",
                "Sonneborn-Berger",
                "Sonneborn-Berger",
                "Коэффициент Бергера",
            ],
            Kind::Ks => ["Koya system", "Sistema Koya", "System Koya", "Система Койя"],
            Kind::Aro => [
                "Average rating of opponents",
                "Media Elo avversari",
                "Średni ranking przeciwników",
                "Средний рейтинг соперников",
            ],
            Kind::Tpr => [
                "Tournament performance rating",
                "Performance",
                "Ranking turniejowy",
                "Турнирный перформанс",
            ],
            Kind::Ptp => [
                "Perfect tournament performance",
                "Performance perfetta",
                "Idealny ranking turniejowy",
                "Идеальный турнирный перформанс",
            ],
            Kind::Apro => [
                "Average performance rating of opponents",
                "Media delle performance degli avversari",
                "Średni ranking turniejowy przeciwników",
                "Средний перформанс соперников",
            ],
            Kind::Appo => [
                "Average perfect performance of opponents",
                "Media delle performance perfette degli avversari",
                "Średni idealny ranking turniejowy przeciwników",
                "Средний идеальный перформанс соперников",
            ],
            Kind::Rtng => ["Rating", "Elo", "Ranking", "Рейтинг"],
            Kind::Mp => [
                "Match points",
                "Punti match",
                "Małe punkty meczowe",
                "Командные очки",
            ],
            Kind::Gp => [
                "Game points",
                "Punti individuali",
                "Małe punkty",
                "Очки за партии",
            ],
            Kind::MpvGp => [
                "The other team score",
                "L'altro punteggio di squadra",
                "Drugi wynik drużyny",
                "Второй командный показатель",
            ],
            Kind::Emmsb => [
                "Extended Sonneborn-Berger (MP × MP)",
                "Sonneborn-Berger esteso (MP × MP)",
                "Rozszerzony Sonneborn-Berger (MP × MP)",
                "Расширенный коэффициент Бергера (КО × КО)",
            ],
            Kind::Emgsb => [
                "Extended Sonneborn-Berger (MP × GP)",
                "Sonneborn-Berger esteso (MP × GP)",
                "Rozszerzony Sonneborn-Berger (MP × GP)",
                "Расширенный коэффициент Бергера (КО × ОП)",
            ],
            Kind::Egmsb => [
                "Extended Sonneborn-Berger (GP × MP)",
                "Sonneborn-Berger esteso (GP × MP)",
                "Rozszerzony Sonneborn-Berger (GP × MP)",
                "Расширенный коэффициент Бергера (ОП × КО)",
            ],
            Kind::Eggsb => [
                "Extended Sonneborn-Berger (GP × GP)",
                "Sonneborn-Berger esteso (GP × GP)",
                "Rozszerzony Sonneborn-Berger (GP × GP)",
                "Расширенный коэффициент Бергера (ОП × ОП)",
            ],
            Kind::Bc => [
                "Board count",
                "Conteggio per scacchiera",
                "Punktacja według szachownic",
                "Подсчёт по доскам",
            ],
            Kind::Tbr => [
                "Top-board result",
                "Risultato della prima scacchiera",
                "Wynik na pierwszej szachownicy",
                "Результат первой доски",
            ],
            Kind::Bbe => [
                "Bottom-board elimination",
                "Eliminazione dell'ultima scacchiera",
                "Eliminacja ostatniej szachownicy",
                "Исключение последней доски",
            ],
            Kind::Sssc => [
                "Score-strength combination",
                "Combinazione punteggio-forza",
                "Kombinacja wyniku i siły",
                "Комбинация очков и силы",
            ],
            Kind::Ede => [
                "Extended direct encounter",
                "Scontro diretto esteso",
                "Rozszerzony wynik bezpośredni",
                "Расширенная личная встреча",
            ],
            Kind::Edet => [
                "Extended direct encounter, then top board",
                "Scontro diretto esteso, poi prima scacchiera",
                "Rozszerzony wynik bezpośredni, potem pierwsza szachownica",
                "Расширенная личная встреча, затем первая доска",
            ],
            Kind::Edeb => [
                "Extended direct encounter, then bottom board",
                "Scontro diretto esteso, poi ultima scacchiera",
                "Rozszerzony wynik bezpośredni, potem ostatnia szachownica",
                "Расширенная личная встреча, затем последняя доска",
            ],
            Kind::Edebt => [
                "Extended direct encounter, board count, top board",
                "Scontro diretto esteso, conteggio, prima scacchiera",
                "Rozszerzony wynik bezpośredni, szachownice, pierwsza szachownica",
                "Расширенная личная встреча, подсчёт по доскам, первая доска",
            ],
            Kind::Edebb => [
                "Extended direct encounter, board count, bottom board",
                "Scontro diretto esteso, conteggio, ultima scacchiera",
                "Rozszerzony wynik bezpośredni, szachownice, ostatnia szachownica",
                "Расширенная личная встреча, подсчёт по доскам, последняя доска",
            ],
        },
    )
}

/// The full name of a tie-break with its cut or median, e.g. "Buchholz Cut 1",
/// "Buchholz mediano 1", "Усечённый коэффициент Бухгольца (−1)". Other
/// modifiers are shown as written (`[/P]`).
pub fn tiebreak_name(tb: &TieBreak, lang: Lang) -> String {
    let base = if tb.cut.low > 0 && tb.kind == Kind::Bh {
        pick(
            lang,
            ["Buchholz", "Buchholz", "Buchholz", "коэффициент Бухгольца"],
        )
    } else {
        kind_name(tb.kind, lang)
    };
    let k = tb.cut.low;
    let mut name = if k == 0 {
        base.to_string()
    } else if tb.cut.high > 0 {
        match lang {
            Lang::En => format!("Median {base} {k}"),
            Lang::It => format!("{base} mediano {k}"),
            Lang::Pl => format!("Średni {base} {k}"),
            Lang::Ru => format!("Средний {base} (−{k})"),
        }
    } else {
        match lang {
            Lang::En | Lang::It => format!("{base} Cut {k}"),
            Lang::Pl => format!("{base} zredukowany o {k}"),
            Lang::Ru => format!("Усечённый {base} (−{k})"),
        }
    };
    let extra: Vec<&str> = tb
        .code()
        .split('/')
        .skip(1)
        .filter(|m| !m.starts_with('C') && !m.starts_with('M'))
        .collect();
    if !extra.is_empty() {
        name.push_str(&format!(" [/{}]", extra.join("/")));
    }
    if let Some(score) = tb.score {
        name.push_str(&format!(" [:{}]", score.code()));
    }
    name
}

/// Column titles of the standings table: rank, pairing number, name, points.
pub fn column_titles(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::En => ["Rank", "TPN", "Name", "Pts"],
        Lang::It => ["Pos.", "N.", "Nome", "Punti"],
        Lang::Pl => ["M-ce", "Nr", "Nazwisko i imię", "Pkt"],
        Lang::Ru => ["Место", "№", "Участник", "Очки"],
    }
}

/// The title line of the standings.
pub fn standings_title(lang: Lang, rounds: u32) -> String {
    match lang {
        Lang::En => format!("Standings after round {rounds}"),
        Lang::It => format!("Classifica dopo il turno {rounds}"),
        Lang::Pl => format!("Klasyfikacja po rundzie {rounds}"),
        Lang::Ru => format!("Турнирная таблица после {rounds}-го тура"),
    }
}

/// The name of the tournament system for the title line.
pub fn mode_name(lang: Lang, round_robin: bool) -> &'static str {
    if round_robin {
        pick(
            lang,
            [
                "round robin",
                "girone all'italiana",
                "system kołowy",
                "круговая система",
            ],
        )
    } else {
        pick(
            lang,
            [
                "Swiss",
                "sistema svizzero",
                "system szwajcarski",
                "швейцарская система",
            ],
        )
    }
}

/// The note recording a drawing of lots.
pub fn lots_note(lang: Lang, seed: u64) -> String {
    match lang {
        Lang::En => format!("Remaining ties separated by drawing of lots (seed {seed})"),
        Lang::It => format!("Parità residue risolte per sorteggio (seme {seed})"),
        Lang::Pl => format!("Pozostałe remisy rozstrzygnięte losowaniem (ziarno {seed})"),
        Lang::Ru => format!("Оставшиеся равенства решены жребием (начальное число {seed})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_four_languages() {
        let c1: TieBreak = "BH/C1".parse().unwrap();
        assert_eq!(tiebreak_name(&c1, Lang::En), "Buchholz Cut 1");
        assert_eq!(tiebreak_name(&c1, Lang::It), "Buchholz Cut 1");
        assert_eq!(tiebreak_name(&c1, Lang::Pl), "Buchholz zredukowany o 1");
        assert_eq!(
            tiebreak_name(&c1, Lang::Ru),
            "Усечённый коэффициент Бухгольца (−1)"
        );
        let m1: TieBreak = "BH/M1".parse().unwrap();
        assert_eq!(tiebreak_name(&m1, Lang::It), "Buchholz mediano 1");
        let ps: TieBreak = "PS".parse().unwrap();
        assert_eq!(tiebreak_name(&ps, Lang::Ru), "Прогрессивный коэффициент");
        let ks: TieBreak = "KS/L+1".parse().unwrap();
        assert_eq!(tiebreak_name(&ks, Lang::En), "Koya system [/L+1]");
        assert_eq!("RU".parse(), Ok(Lang::Ru));
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse(), Ok(lang));
        }
    }
}
