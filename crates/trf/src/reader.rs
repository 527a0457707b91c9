//! Reading a TRF text into a [`TrfDocument`] (spec 05 §1-§6).

use arbiter_model::date::{Date, parse_date, parse_round_date, parse_written_date};
use arbiter_model::{ByeKind, Colour, Entrant, ForbiddenGroup, Points, Tournament, Tpn};

use crate::document::{AnnouncedBye, OtherRecord, TrfDocument};
use crate::error::{TrfError, TrfWarning};
use crate::limits::{MAX_ROUNDS, MAX_TPN, bounded_number, fits_points_field};
use crate::player_line;
use crate::round_block::{self, BLOCK_WIDTH, block_start};
use crate::scoring::ScoringSpec;
use crate::teams;
use crate::text::{Line, split_lines};

/// True for a value shaped like an ETT26 tournament-type code (spec 05 §4:
/// `FIDE_DUTCH_2025`, `BERGER_ROUNDROBIN_G2`, `CUSTOM_SWISS`, ...), which a
/// `092` record may hold instead of free text.
fn is_ett_code(value: &str) -> bool {
    ["FIDE_", "BERGER_", "CUSTOM_"]
        .iter()
        .any(|prefix| value.starts_with(prefix))
        && value
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// A column ruler some writers put above the records (`###  RRRR1`,
/// `DDD SSSS sTTT NNNN…`, `=====`): a line whose first three characters are
/// one repeated visible ASCII character other than a digit (no record code
/// is). Skipped, as blank lines are.
fn is_ruler(raw: &str) -> bool {
    let mut head = raw.chars().take(3);
    match head.next() {
        Some(c) if c.is_ascii_graphic() && !c.is_ascii_digit() => {
            head.all(|d| d == c) && raw.chars().count() >= 3
        }
        _ => false,
    }
}

/// Reads the text of a TRF file (TRF16, TRF26, JaVaFo and bbpPairings
/// extensions). Does not check consistency between lines: see
/// [`crate::validate`].
pub fn parse(text: &str) -> Result<TrfDocument, TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(TrfError::general(1, 1, "the file is empty"));
    }
    let mut reader = Reader::default();
    for (number, raw) in split_lines(text) {
        reader.last_line = number;
        if raw.trim().is_empty() || is_ruler(raw) {
            continue;
        }
        let line = Line::new(number, raw);
        let code = line.code();
        if line.len() < 3 || !code.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(TrfError::general(
                number,
                1,
                "not a TRF record: a line starts with a three-character record code (001, 012, XXR, ...)",
            ));
        }
        refuse_control_characters(&line, code)?;
        if code == "001" {
            if reader.entrants.len() == MAX_TPN as usize {
                return Err(TrfError::limit(
                    number,
                    1,
                    "player record",
                    format!(
                        "more than {MAX_TPN} player records (001): a TRF holds starting ranks 1-{MAX_TPN}"
                    ),
                ));
            }
            let (e, unfinished) = player_line::parse(&line, &mut reader.doc.warnings)?;
            reader.doc.unfinished.extend(unfinished);
            reader.doc.file_order.push(e.player.tpn);
            reader.entrants.push((e, number));
        } else if !reader.header(code, &line)? && !reader.extension(code, &line)? {
            reader.other(code, &line)?;
        }
    }
    reader.finish()
}

/// No control character in a line (they are what a hostile name would use
/// to break the fixed columns or inject records, issue 10 item 7), except
/// tabs between the tokens of JaVaFo and TRF26 lists, which bbpPairings
/// accepts in `XXP` (spec 05 §6.2) and which are not kept.
fn refuse_control_characters(line: &Line, code: &str) -> Result<(), TrfError> {
    let tabs_allowed = matches!(code, "XXP" | "XXZ" | "XXR" | "XXC" | "142" | "240" | "260");
    let found = line.text.chars().enumerate().find(|&(_, c)| {
        (c.is_control() && !(c == '\t' && tabs_allowed)) || matches!(c, '\u{2028}' | '\u{2029}')
    });
    match found {
        None => Ok(()),
        Some((i, c)) => Err(TrfError::general(
            line.number,
            i + 1,
            format!(
                "a control character (U+{:04X}) in a {code} record: TRF fields are separated by blanks",
                c as u32
            ),
        )),
    }
}

/// What has been read so far.
#[derive(Default)]
struct Reader {
    doc: TrfDocument,
    t: Tournament,
    scoring: ScoringSpec,
    /// 001 records with their line numbers, in file order.
    entrants: Vec<(Entrant, usize)>,
    /// An ETT code found in 092, used when there is no 192.
    system_092: Option<String>,
    /// Team records (013, 310, 320, 330, 352, 362).
    team: teams::TeamRecords,
    national: Vec<(Tpn, u16)>,
    /// The 132 record's dates as written (line, column, text per round),
    /// read once the start date is known.
    round_dates: Vec<Option<WrittenDate>>,
    /// `250` records, applied once every player is known.
    accelerated: Vec<AcceleratedRange>,
    last_line: usize,
}

impl Reader {
    /// Header records 012-222 (spec 05 §2); false when `code` is not one.
    fn header(&mut self, code: &str, line: &Line) -> Result<bool, TrfError> {
        let value = line.rest(5).to_string();
        let (t, records) = (&mut self.t, &mut self.doc.records);
        match code {
            "012" => t.info.name = value,
            "022" => t.info.city = Some(value),
            "032" => t.info.federation = Some(value),
            "042" => t.info.start_date = date(line, "start date", &mut self.doc.warnings),
            "052" => t.info.end_date = date(line, "end date", &mut self.doc.warnings),
            // Counts, computed from the data when written.
            "062" | "072" | "082" => records.counts = true,
            "092" => {
                if is_ett_code(&value) {
                    self.system_092 = Some(value.clone());
                }
                t.info.kind = Some(value);
            }
            "102" => t.info.chief_arbiter = Some(value),
            "112" => t.info.deputy_arbiters.push(value),
            "122" => t.info.time_control = Some(value),
            "132" => self.round_dates = round_dates(line)?,
            "142" => {
                t.total_rounds = Some(total_rounds(line)?);
                records.r142 = true;
            }
            "152" => {
                t.initial_colour = Some(match value.as_str() {
                    "W" | "w" => Colour::White,
                    "B" | "b" => Colour::Black,
                    _ => {
                        return Err(TrfError::new(
                            line.number,
                            5,
                            "initial colour",
                            format!("'{value}' is not an initial colour (expected W or B)"),
                        ));
                    }
                });
                records.r152 = true;
            }
            "162" => {
                let zero = self.scoring.read_162(line)?;
                records.r162 = true;
                records.r162_zero_symbol = zero.or(records.r162_zero_symbol);
            }
            "192" => {
                if value.is_empty() {
                    return Err(TrfError::new(
                        line.number,
                        5,
                        "tournament type",
                        "the ETT code is missing",
                    ));
                }
                t.system = Some(value);
                records.r192 = true;
            }
            "202" | "212" => {
                (t.tiebreaks, self.doc.tiebreak_positions) = tiebreak_list(line);
                records.r212 = code == "212";
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// TRF26 in-tournament records (240, 250, 260) and the JaVaFo `XX?` and
    /// bbpPairings `BB?` extensions (spec 05 §5, §6); false for other codes.
    fn extension(&mut self, code: &str, line: &Line) -> Result<bool, TrfError> {
        let n = line.number;
        let (t, doc) = (&mut self.t, &mut self.doc);
        match code {
            "XXR" => {
                t.total_rounds = Some(total_rounds(line)?);
                doc.records.xxr = true;
            }
            "XXC" => read_xxc(line, doc, t)?,
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                self.scoring.read_bb(line)?;
                doc.records.bb = true;
            }
            "XXS" => {
                self.scoring.read_xxs(line)?;
                doc.records.xxs = true;
            }
            "240" => doc.announced_byes.push(read_240(line)?),
            "XXZ" => {
                for (col, token) in line.tokens(4) {
                    doc.absent_next_round
                        .push(id(n, col, &token, "XXZ player")?);
                }
            }
            "250" => self.accelerated.extend(read_250(line, doc)?),
            "XXA" => {
                read_xxa(line, t)?;
                doc.records.xxa = true;
            }
            "260" => {
                t.forbidden.push(read_260(line)?);
                doc.records.r260 = true;
            }
            "XXP" => {
                let players = line
                    .tokens(4)
                    .iter()
                    .map(|(col, token)| id(n, *col, token, "XXP player"))
                    .collect::<Result<_, _>>()?;
                t.forbidden.push(ForbiddenGroup {
                    players,
                    rounds: None,
                });
                doc.records.xxp = true;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Team records of TRF26 are read into the model; any other record is
    /// kept verbatim, 013 and national-rating records also read.
    fn other(&mut self, code: &str, line: &Line) -> Result<(), TrfError> {
        if self.team.read(code, line)? {
            return Ok(());
        }
        if teams::is_federation_code(code) {
            self.national.extend(teams::national_rating(line));
        }
        self.doc.other_records.push(OtherRecord {
            text: line.text.to_string(),
            before_players: self.entrants.is_empty(),
        });
        Ok(())
    }

    /// The document, once every line is read.
    fn finish(self) -> Result<TrfDocument, TrfError> {
        let Reader {
            mut doc,
            mut t,
            scoring,
            mut entrants,
            system_092,
            team,
            national,
            accelerated,
            round_dates,
            last_line,
        } = self;
        if entrants.is_empty() {
            return Err(TrfError::general(
                last_line.max(1),
                1,
                "no player record (001) in the file",
            ));
        }
        if t.system.is_none() {
            t.system = system_092;
        }
        t.info.round_dates = round_dates
            .into_iter()
            .map(|d| {
                d.and_then(|written| round_date(written, t.info.start_date, &mut doc.warnings))
            })
            .collect();
        while t.info.round_dates.last() == Some(&None) {
            t.info.round_dates.pop();
        }
        let resolved = scoring.resolve()?;
        t.scoring = resolved.scoring;
        doc.unknown_result_points = resolved.unknown;
        // Entrants in TPN order (stable: duplicates stay for `validate`).
        entrants.sort_by_key(|(e, _)| e.player.tpn);
        for (tpn, rating) in national {
            if let Ok(i) = entrants.binary_search_by_key(&tpn, |(e, _)| e.player.tpn) {
                entrants[i].0.player.ratings.national = Some(rating);
            }
        }
        let mut tpns: Vec<Tpn> = entrants.iter().map(|(e, _)| e.player.tpn).collect();
        tpns.dedup();
        apply_250(&accelerated, &tpns, &mut t.acceleration);
        doc.records.r250 |= !accelerated.is_empty();
        if !doc.records.xxa {
            // Without XXA the virtual points are ranges of non-zero values:
            // rounds after a player's last non-zero value add nothing (and
            // are not written back).
            for values in t.acceleration.values_mut() {
                while values.last() == Some(&Points::ZERO) {
                    values.pop();
                }
            }
            t.acceleration.retain(|_, values| !values.is_empty());
        }
        doc.player_lines = entrants.iter().map(|&(_, n)| n).collect();
        t.entrants = entrants.into_iter().map(|(e, _)| e).collect();
        team.finish(&mut t, &mut doc);
        doc.tournament = t;
        Ok(doc)
    }
}

/// A starting rank given as a token (1-9999, [`MAX_TPN`]).
fn id(line: usize, col: usize, token: &str, field: &str) -> Result<Tpn, TrfError> {
    match bounded_number(token, u64::from(MAX_TPN)) {
        Ok(Some(v)) if v > 0 => Ok(v as Tpn),
        Err(()) => Err(TrfError::limit(
            line,
            col,
            field,
            format!("starting rank {token} is beyond the limit of a TRF ({MAX_TPN})"),
        )),
        _ => Err(TrfError::new(
            line,
            col,
            field,
            format!("'{token}' is not a starting rank"),
        )),
    }
}

/// A round number given as a token (1-99, [`MAX_ROUNDS`]).
fn round_number(line: usize, col: usize, token: &str, field: &str) -> Result<u32, TrfError> {
    match bounded_number(token, u64::from(MAX_ROUNDS)) {
        Ok(Some(v)) if v > 0 => Ok(v as u32),
        Err(()) => Err(TrfError::limit(
            line,
            col,
            field,
            format!("round {token} is beyond the limit of {MAX_ROUNDS} rounds"),
        )),
        _ => Err(TrfError::new(
            line,
            col,
            field,
            format!("'{token}' is not a round number"),
        )),
    }
}

/// `142 n` / `XXR n`: one positive number.
fn total_rounds(line: &Line) -> Result<u32, TrfError> {
    let tokens = line.tokens(4);
    match tokens.as_slice() {
        [(col, tok)] => round_number(line.number, *col, tok, "total rounds"),
        [] => Err(TrfError::new(
            line.number,
            5,
            "total rounds",
            "the number of rounds is missing",
        )),
        [_, (col, tok), ..] => Err(TrfError::new(
            line.number,
            *col,
            "total rounds",
            format!("unexpected '{tok}' after the number of rounds"),
        )),
    }
}

/// `042` / `052`: a date from column 5, `YYYY/MM/DD` or any form other
/// writers use ([`parse_written_date`], with a warning saying how it was
/// read); an unreadable date is a warning and no date, never a refusal.
fn date(line: &Line, field: &str, warnings: &mut Vec<TrfWarning>) -> Option<Date> {
    let text = line.rest(5);
    if text.is_empty() {
        return None;
    }
    if let Ok(date) = parse_date(text) {
        return Some(date);
    }
    let unread = format!("the {field} is left empty");
    other_writers_date(text, (line.number, 5, field), &unread, warnings)
}

/// A date the TRF form did not read, in another writer's form
/// ([`parse_written_date`]): the date with a warning saying how it was
/// read, or none with a warning naming the forms and `unread`.
fn other_writers_date(
    text: &str,
    (line, column, field): (usize, usize, &str),
    unread: &str,
    warnings: &mut Vec<TrfWarning>,
) -> Option<Date> {
    let (date, message) = match parse_written_date(text) {
        Ok(date) => (Some(date), format!("'{text}' read as {date}")),
        Err(e) => (None, format!("{e}; {unread}")),
    };
    warnings.push(TrfWarning::new(line, column, field, message));
    date
}

/// A `132` date: `YY/MM/DD` as TRF writes it, or any form other writers
/// use ([`parse_written_date`]); an unreadable one is a warning and no
/// date.
fn round_date(
    (line, col, text): WrittenDate,
    start: Option<Date>,
    warnings: &mut Vec<TrfWarning>,
) -> Option<Date> {
    if let Ok(date) = parse_round_date(&text, start) {
        return Some(date);
    }
    let at = (line, col, "round date");
    other_writers_date(&text, at, "the round has no date", warnings)
}

/// A date as written: line, column, text.
type WrittenDate = (usize, usize, String);

/// `132`: one date per round, aligned with the round blocks (round r's
/// date starts in its block, columns 90+10(r-1) ..= 99+10(r-1), usually at
/// 92+10(r-1)), at most [`MAX_ROUNDS`]; a blank block is a round without a
/// date. Each as (line, column, text), read by `finish`.
fn round_dates(line: &Line) -> Result<Vec<Option<WrittenDate>>, TrfError> {
    round_block::nothing_after_the_last_round(line, "round dates")?;
    let mut dates: Vec<Option<WrittenDate>> = Vec::new();
    for (col, token) in line.tokens(block_start(1)) {
        let round = (col - block_start(1)) / BLOCK_WIDTH + 1;
        if dates.len() >= round {
            return Err(TrfError::new(
                line.number,
                col,
                "round date",
                format!("'{token}' is a second date in the block of round {round}"),
            ));
        }
        dates.resize(round - 1, None);
        dates.push(Some((line.number, col, token)));
    }
    Ok(dates)
}

/// `202`/`212`: comma-separated tie-break codes from column 5, each with
/// its (line, column) for [`crate::validate`].
fn tiebreak_list(line: &Line) -> (Vec<String>, Vec<(usize, usize)>) {
    let mut codes = Vec::new();
    let mut positions = Vec::new();
    let mut col = 5;
    for part in line.rest_untrimmed(5).split(',') {
        let lead = part.chars().take_while(|c| c.is_whitespace()).count();
        let code = part.trim();
        if !code.is_empty() {
            codes.push(code.to_string());
            positions.push((line.number, col + lead));
        }
        col += part.chars().count() + 1;
    }
    (codes, positions)
}

/// `XXC [rank] [white1|black1]`.
fn read_xxc(line: &Line, doc: &mut TrfDocument, t: &mut Tournament) -> Result<(), TrfError> {
    for (col, token) in line.tokens(4) {
        match token.to_ascii_lowercase().as_str() {
            "rank" => doc.rank_by_file_order = true,
            "white1" => {
                t.initial_colour = Some(Colour::White);
                doc.records.xxc_colour = true;
            }
            "black1" => {
                t.initial_colour = Some(Colour::Black);
                doc.records.xxc_colour = true;
            }
            _ => {
                return Err(TrfError::new(
                    line.number,
                    col,
                    "XXC",
                    format!("unknown XXC option '{token}' (expected rank, white1 or black1)"),
                ));
            }
        }
    }
    Ok(())
}

/// `240 T RRR id id ...` (spec 05 §5).
fn read_240(line: &Line) -> Result<AnnouncedBye, TrfError> {
    let tokens = line.tokens(4);
    let n = line.number;
    let Some((kcol, kind)) = tokens.first() else {
        return Err(TrfError::new(
            n,
            5,
            "bye type",
            "the bye type is missing (F, H or Z)",
        ));
    };
    let kind = match kind.as_str() {
        "F" => ByeKind::Full,
        "H" => ByeKind::Half,
        "Z" => ByeKind::Zero,
        other => {
            return Err(TrfError::new(
                n,
                *kcol,
                "bye type",
                format!("unknown bye type '{other}' (expected F, H or Z)"),
            ));
        }
    };
    let Some((rcol, round)) = tokens.get(1) else {
        return Err(TrfError::new(n, 7, "round", "the round is missing"));
    };
    let round = round_number(n, *rcol, round, "round")?;
    let players = tokens[2..]
        .iter()
        .map(|(c, tok)| id(n, *c, tok, "player"))
        .collect::<Result<_, _>>()?;
    Ok(AnnouncedBye {
        kind,
        round,
        players,
    })
}

/// A `250` record: `value` virtual points in rounds `rounds` for the
/// players whose starting ranks are in `players` (both inclusive).
struct AcceleratedRange {
    value: Points,
    rounds: (u32, u32),
    players: (Tpn, Tpn),
}

/// `250 MMMM PPPP RRF RRL FFFF LLLL`: virtual points for a range of rounds
/// and a range of starting ranks. Team match points (columns 5-8) have no
/// place in the model, so such a line is kept verbatim instead (`None`).
fn read_250(line: &Line, doc: &mut TrfDocument) -> Result<Option<AcceleratedRange>, TrfError> {
    let n = line.number;
    let mp = line.field(5, 8);
    if !mp.is_empty() && mp.parse::<Points>() != Ok(Points::ZERO) {
        doc.other_records.push(OtherRecord {
            text: line.text.to_string(),
            before_players: false,
        });
        return Ok(None);
    }
    let tokens = line.tokens(9);
    let [(pcol, points), (c1, r1), (c2, r2), (c3, p1), (c4, p2)] = tokens.as_slice() else {
        return Err(TrfError::general(
            n,
            5,
            "a 250 record holds: points, first round, last round, first player, last player",
        ));
    };
    let value = points.parse::<Points>().map_err(|_| {
        TrfError::new(
            n,
            *pcol,
            "virtual points",
            format!("'{points}' is not a number of points"),
        )
    })?;
    if !fits_points_field(value) {
        return Err(TrfError::limit(
            n,
            *pcol,
            "virtual points",
            format!("{value} points do not fit the 4 columns of a TRF points field"),
        ));
    }
    let first_round = round_number(n, *c1, r1, "first round")?;
    let last_round = round_number(n, *c2, r2, "last round")?;
    let first = id(n, *c3, p1, "first player")?;
    let last = id(n, *c4, p2, "last player")?;
    if last_round < first_round {
        return Err(TrfError::new(
            n,
            *c2,
            "last round",
            "the last round comes before the first",
        ));
    }
    if last < first {
        return Err(TrfError::new(
            n,
            *c4,
            "last player",
            "the last player comes before the first",
        ));
    }
    Ok(Some(AcceleratedRange {
        value,
        rounds: (first_round, last_round),
        players: (first, last),
    }))
}

/// Applies the `250` records to the players of the file (`tpns`, sorted,
/// no repeats), a later record winning where ranges overlap; they come
/// after the `XXA` lines, whose values they override. Each (player, round)
/// is set once, by the last record that covers it: records are taken from
/// the last, and per round a "next player not yet set" forest skips the
/// players already set, so the work is bounded by records × rounds plus
/// players × rounds, whatever the ranges.
fn apply_250(
    ranges: &[AcceleratedRange],
    tpns: &[Tpn],
    acceleration: &mut std::collections::BTreeMap<Tpn, Vec<Points>>,
) {
    fn root(next: &mut [usize], mut i: usize) -> usize {
        while next[i] != i {
            next[i] = next[next[i]];
            i = next[i];
        }
        i
    }
    let mut unset: std::collections::HashMap<u32, Vec<usize>> = std::collections::HashMap::new();
    for range in ranges.iter().rev() {
        let lo = tpns.partition_point(|&t| t < range.players.0);
        let hi = tpns.partition_point(|&t| t <= range.players.1);
        if lo == hi {
            continue;
        }
        for round in range.rounds.0..=range.rounds.1 {
            let next = unset
                .entry(round)
                .or_insert_with(|| (0..=tpns.len()).collect());
            let mut i = root(next, lo);
            while i < hi {
                let values = acceleration.entry(tpns[i]).or_default();
                if values.len() < round as usize {
                    values.resize(round as usize, Points::ZERO);
                }
                values[round as usize - 1] = range.value;
                next[i] = i + 1;
                i = root(next, i + 1);
            }
        }
    }
}

/// `XXA NNNN pp.p pp.p ...`: id at 5-8, round r's virtual points at
/// 10+5(r-1) ..= 13+5(r-1); a blank value is 0; at most [`MAX_ROUNDS`].
fn read_xxa(line: &Line, t: &mut Tournament) -> Result<(), TrfError> {
    let n = line.number;
    let text = line.field(5, 8);
    let tpn = id(n, 5, text, "XXA player")?;
    let beyond = xxa_column(MAX_ROUNDS as usize + 1);
    if let Some(col) = line.first_non_blank(beyond) {
        return Err(TrfError::limit(
            n,
            col,
            "XXA",
            format!("a value after round {MAX_ROUNDS}: a TRF holds at most {MAX_ROUNDS} rounds"),
        ));
    }
    let mut values = Vec::new();
    let mut round = 1;
    while xxa_column(round) <= line.len() {
        let col = xxa_column(round);
        let text = line.field(col, col + 3);
        let v = if text.is_empty() {
            Points::ZERO
        } else {
            text.parse::<Points>().map_err(|_| {
                TrfError::new(
                    n,
                    col,
                    &format!("XXA round {round}"),
                    format!("'{text}' is not a number of points"),
                )
            })?
        };
        values.push(v);
        round += 1;
    }
    t.acceleration.insert(tpn, values);
    Ok(())
}

/// 1-based column of round `round`'s value in an `XXA` line.
fn xxa_column(round: usize) -> usize {
    10 + 5 * (round - 1)
}

/// `260 RRF RRL id id ...`.
fn read_260(line: &Line) -> Result<ForbiddenGroup, TrfError> {
    let n = line.number;
    let tokens = line.tokens(4);
    if tokens.len() < 2 {
        return Err(TrfError::general(
            n,
            5,
            "a 260 record holds: first round, last round, players",
        ));
    }
    let first = round_number(n, tokens[0].0, &tokens[0].1, "first round")?;
    let last = round_number(n, tokens[1].0, &tokens[1].1, "last round")?;
    let players = tokens[2..]
        .iter()
        .map(|(c, tok)| id(n, *c, tok, "player"))
        .collect::<Result<_, _>>()?;
    Ok(ForbiddenGroup {
        players,
        rounds: Some((first, last)),
    })
}
