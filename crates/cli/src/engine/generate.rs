//! `arbiter SYSTEM (model.trf -g | -g [config]) -o OUT [-s SEED]`: the
//! random tournament generator (spec 05 §6.4, §7.7).

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use arbiter_pairing::generator::{self, ConfigError, ConfigSpec, Generated, Rng};
use arbiter_pairing::{registry, round_input};
use arbiter_trf::generated::{SizeError, player_lines, write_generated};

use super::args::GeneratorSource;
use super::failure::Failure;
use super::input;
use super::progress::RoundProgress;

pub fn run(
    system_flag: &str,
    source: &GeneratorSource,
    output: &Path,
    seed: Option<&str>,
) -> Result<(), Failure> {
    let system = input::system(system_flag)?;
    let engine = registry::engine(system);
    let (seed_text, seed) = match seed {
        Some(text) => (text.to_string(), parse_seed(text)?),
        None => {
            let seed = clock_seed();
            (seed.to_string(), seed)
        }
    };
    let mut rng = Rng::new(seed);
    let mut progress = RoundProgress::new("generating");
    let mut show = |r, n| progress.round(r, n);
    let (generated, text, directory_of) = match source {
        GeneratorSource::Defaults | GeneratorSource::Config(_) => {
            let spec = match source {
                GeneratorSource::Config(path) => {
                    let text = arbiter_desk::read_text(path)?;
                    generator::parse_config(&text).map_err(|e| config_failure(path, e))?
                }
                _ => ConfigSpec::default(),
            };
            let config = spec
                .resolve(&mut rng)
                .map_err(|e| config_failure(output, e))?;
            let generated = generator::generate(engine.as_ref(), &config, &mut rng, &mut show);
            let text = write_generated(
                &seed_text,
                &generated.tournament,
                generated.failure.as_ref().map(|_| generated.planned_rounds),
                system.trf_code(),
            )
            .map_err(write_failure)?;
            let directory_of = match source {
                GeneratorSource::Config(path) => Some(path.as_path()),
                _ => None,
            };
            (generated, text, directory_of)
        }
        GeneratorSource::Model(path) => {
            let doc = input::load(path)?;
            let model = &doc.tournament;
            let rounds = model
                .total_rounds
                .unwrap_or_else(|| round_input::rounds_in_file(model));
            let config =
                generator::config_like(model, rounds).map_err(|e| config_failure(path, e))?;
            let generated =
                generator::generate_like(engine.as_ref(), &config, model, &mut rng, &mut show);
            let model_text = model_text(path)?;
            let text = model_layout(&seed_text, &model_text, &generated).map_err(write_failure)?;
            (generated, text, Some(path.as_path()))
        }
    };
    drop(progress);
    input::write_output(&input::output_path(output, directory_of), &text)?;
    match generated.failure {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

/// The model's text again, for its layout: it was just read and validated
/// by the TRF reader, so it is within the reader's limits unless it changed
/// since; the reader's own limit bounds that case.
fn model_text(path: &Path) -> Result<String, Failure> {
    let bytes = arbiter_desk::read_bytes(path, arbiter_trf::limits::MAX_FILE_BYTES)?;
    String::from_utf8(bytes)
        .map_err(|_| Failure::invalid(format!("{}: not UTF-8 text", path.display())))
}

/// The seed of `-s`: an unsigned 64-bit integer; too large → exit 4, not a
/// number → exit 2 (spec 05 §7.2, §7.6).
fn parse_seed(text: &str) -> Result<u64, Failure> {
    text.parse::<u64>().map_err(|_| {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            Failure::size(format!("the seed {text} is larger than {}", u64::MAX))
        } else {
            Failure::internal(format!("the seed '{text}' is not an unsigned integer"))
        }
    })
}

/// A seed from the clock, when `-s` is not given.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn config_failure(path: &Path, e: ConfigError) -> Failure {
    let message = format!("{}: {e}", path.display());
    match e {
        ConfigError::TooLarge(_) => Failure::size(message),
        ConfigError::Line { .. } | ConfigError::Inconsistent(_) => Failure::invalid(message),
    }
}

fn write_failure(e: SizeError) -> Failure {
    Failure::size(e.0)
}

/// The output of model mode (spec 05 §6.4): `012 AutoTest Tournament
/// <seed>`, then the model's lines with `012`, `240` and `152` commented out
/// and each `001` line replaced from column 81 on (points, rank, rounds),
/// and `142 R` when the model had neither `142` nor `XXR`; CR line ends.
fn model_layout(seed: &str, model: &str, generated: &Generated) -> Result<String, SizeError> {
    let lines = player_lines(&generated.tournament)?;
    let mut out = format!("012 AutoTest Tournament {seed}\r");
    let mut has_rounds = false;
    for line in model.split(['\r', '\n']).filter(|l| !l.is_empty()) {
        let code: String = line.chars().take(3).collect();
        match code.as_str() {
            "012" | "240" | "152" => out.push_str(&format!("### {line}")),
            "001" => {
                let tpn: Option<u32> = line
                    .chars()
                    .skip(4)
                    .take(4)
                    .collect::<String>()
                    .trim()
                    .parse()
                    .ok();
                let generated_line = lines.iter().find(|(t, _)| Some(*t) == tpn);
                match generated_line {
                    Some((_, new)) => {
                        let head: String = line.chars().take(80).collect();
                        out.push_str(&format!("{head:<80}"));
                        out.extend(new.chars().skip(80));
                    }
                    None => out.push_str(line),
                }
            }
            _ => {
                has_rounds |= code == "142" || code == "XXR";
                out.push_str(line);
            }
        }
        out.push('\r');
    }
    if !has_rounds {
        out.push_str(&format!("142 {}\r", generated.planned_rounds));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds() {
        assert_eq!(parse_seed("42").unwrap(), 42);
        assert_eq!(parse_seed("18446744073709551615").unwrap(), u64::MAX);
        assert_eq!(parse_seed("18446744073709551616").unwrap_err().code, 4);
        assert_eq!(parse_seed("abc").unwrap_err().code, 2);
        assert_eq!(parse_seed("-1").unwrap_err().code, 2);
    }
}
