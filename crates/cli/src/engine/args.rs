//! The engine command line of bbpPairings v6 (spec 05 §7.2):
//!
//! ```text
//! arbiter -r
//! arbiter [-r] SYSTEM input -c [-l [checklist]]
//! arbiter [-r] SYSTEM input -p [output] [-l [checklist]]
//! arbiter [-r] SYSTEM (model.trf -g | -g [config]) -o out.trf [-s seed] [-l [checklist]]
//! ```
//! SYSTEM is `--dutch`, `--italo-swiss`, `--round-robin`,
//! `--double-round-robin` or `--team-swiss` (a TRF-2026 team file: `-p` and
//! `-c` only); it must come first (after `-r`).

use std::ffi::OsString;
use std::path::PathBuf;

use arbiter_model::System;

/// The usage text printed on a malformed command line.
pub const USAGE: &str = "\
Usage:
  arbiter -r
  arbiter [-r] SYSTEM input-file -c [-l [check-list-file]]
  arbiter [-r] SYSTEM input-file -p [output-file] [-l [check-list-file]]
  arbiter [-r] SYSTEM (model-file -g | -g [config-file]) -o output-file [-s random-seed] [-l [check-list-file]]
SYSTEM is one of --dutch, --italo-swiss, --round-robin, --double-round-robin,
--team-swiss (FIDE Swiss Team Pairing System on a TRF-2026 team file; -p and -c).
  -r  print the version first
  -c  check the pairings of every round of a finished tournament
  -p  pair the next round (without an output file, the pairing goes to standard output)
  -g  generate a random tournament (from a model file, or a configuration file of Key=Value lines)
  -l  also write a checklist (not supported by this version)
";

/// The system a flag (`--dutch`) names, when `arg` is one.
pub fn system_flag(arg: &str) -> Option<System> {
    System::from_engine_flag(arg.strip_prefix("--")?)
}

/// What the engine is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `-p`: pair the next round of `input`.
    Pair {
        input: PathBuf,
        output: Option<PathBuf>,
    },
    /// `-c`: check every round of `input`.
    Check { input: PathBuf },
    /// `-g`: generate a tournament.
    Generate {
        source: GeneratorSource,
        output: PathBuf,
        seed: Option<String>,
    },
}

/// Where the generator's parameters come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GeneratorSource {
    /// Random defaults.
    Defaults,
    /// A `Key=Value` configuration file.
    Config(PathBuf),
    /// A model tournament file.
    Model(PathBuf),
}

/// A parsed engine command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineArgs {
    /// `-r`: print the build line first.
    pub version: bool,
    /// The system of the flag; `None` for a bare `arbiter -r`.
    pub system: Option<System>,
    pub request: Option<Request>,
    /// `-l [file]` was given.
    pub checklist: bool,
}

/// Why a command line is not an engine request (usage error, exit 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

/// Parses the arguments after the program name.
pub fn parse(args: &[OsString]) -> Result<EngineArgs, UsageError> {
    let err = |m: &str| UsageError(m.to_string());
    let mut words: Vec<&str> = Vec::with_capacity(args.len());
    for a in args {
        words.push(
            a.to_str()
                .ok_or_else(|| err("arguments must be valid UTF-8"))?,
        );
    }
    let mut rest = words.as_slice();
    let version = rest.first() == Some(&"-r");
    if version {
        rest = &rest[1..];
    }
    let Some((&first, mut rest)) = rest.split_first() else {
        return Ok(EngineArgs {
            version: true,
            system: None,
            request: None,
            checklist: false,
        });
    };
    let system = system_flag(first).ok_or_else(|| {
        UsageError(format!(
            "the pairing system flag must come first, not '{first}'"
        ))
    })?;
    let is_option = |w: &str| w.starts_with('-') && w.len() > 1;
    let mut operand = None;
    if let Some((&w, tail)) = rest.split_first()
        && !is_option(w)
    {
        operand = Some(PathBuf::from(w));
        rest = tail;
    }
    let Some((&mode, mut rest)) = rest.split_first() else {
        return Err(err("one of -c, -p or -g is required"));
    };
    let take_value = |rest: &mut &[&str]| -> Option<PathBuf> {
        match rest.split_first() {
            Some((&w, tail)) if !is_option(w) => {
                *rest = tail;
                Some(PathBuf::from(w))
            }
            _ => None,
        }
    };
    let request = match mode {
        "-c" => Request::Check {
            input: operand.ok_or_else(|| err("-c needs an input file before it"))?,
        },
        "-p" => Request::Pair {
            input: operand.ok_or_else(|| err("-p needs an input file before it"))?,
            output: take_value(&mut rest),
        },
        "-g" => {
            let source = match (operand, take_value(&mut rest)) {
                (Some(_), Some(_)) => {
                    return Err(err(
                        "-g takes either a model file before it or a configuration file after it",
                    ));
                }
                (Some(model), None) => GeneratorSource::Model(model),
                (None, Some(config)) => GeneratorSource::Config(config),
                (None, None) => GeneratorSource::Defaults,
            };
            let mut output = None;
            let mut seed = None;
            while let Some((&w, tail)) = rest.split_first() {
                match w {
                    "-o" if output.is_none() => {
                        rest = tail;
                        output =
                            Some(take_value(&mut rest).ok_or_else(|| err("-o needs a file name"))?);
                    }
                    "-s" if seed.is_none() => {
                        let (&value, tail) =
                            tail.split_first().ok_or_else(|| err("-s needs a seed"))?;
                        seed = Some(value.to_string());
                        rest = tail;
                    }
                    _ => break,
                }
            }
            Request::Generate {
                source,
                output: output.ok_or_else(|| err("-g needs -o output-file"))?,
                seed,
            }
        }
        other => return Err(UsageError(format!("unexpected argument '{other}'"))),
    };
    let mut checklist = false;
    if let Some((&"-l", tail)) = rest.split_first() {
        checklist = true;
        rest = tail;
        take_value(&mut rest);
    }
    if let Some(extra) = rest.first() {
        return Err(UsageError(format!("unexpected argument '{extra}'")));
    }
    Ok(EngineArgs {
        version,
        system: Some(system),
        request: Some(request),
        checklist,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(words: &[&str]) -> Result<EngineArgs, UsageError> {
        let args: Vec<OsString> = words.iter().map(OsString::from).collect();
        parse(&args)
    }

    #[test]
    fn pair_with_and_without_output() {
        let a = p(&["--dutch", "in.trf", "-p", "out.txt"]).unwrap();
        assert_eq!(
            a.request,
            Some(Request::Pair {
                input: "in.trf".into(),
                output: Some("out.txt".into())
            })
        );
        let a = p(&["-r", "--dutch", "in.trf", "-p"]).unwrap();
        assert!(a.version);
        assert_eq!(
            a.request,
            Some(Request::Pair {
                input: "in.trf".into(),
                output: None
            })
        );
    }

    #[test]
    fn check_and_checklist() {
        let a = p(&["--dutch", "t.trf", "-c", "-l"]).unwrap();
        assert_eq!(
            a.request,
            Some(Request::Check {
                input: "t.trf".into()
            })
        );
        assert!(a.checklist);
    }

    #[test]
    fn generator_forms() {
        let a = p(&["--dutch", "-g", "cfg.txt", "-o", "out.trf", "-s", "42"]).unwrap();
        assert_eq!(
            a.request,
            Some(Request::Generate {
                source: GeneratorSource::Config("cfg.txt".into()),
                output: "out.trf".into(),
                seed: Some("42".into())
            })
        );
        let a = p(&["--dutch", "model.trf", "-g", "-o", "out.trf"]).unwrap();
        assert!(matches!(
            a.request,
            Some(Request::Generate {
                source: GeneratorSource::Model(_),
                ..
            })
        ));
        let a = p(&["--dutch", "-g", "-o", "out.trf"]).unwrap();
        assert!(matches!(
            a.request,
            Some(Request::Generate {
                source: GeneratorSource::Defaults,
                ..
            })
        ));
    }

    #[test]
    fn version_only() {
        let a = p(&[]).unwrap();
        assert!(a.version && a.request.is_none());
        let a = p(&["-r"]).unwrap();
        assert!(a.version && a.request.is_none());
    }

    #[test]
    fn malformed_lines_are_usage_errors() {
        assert!(p(&["in.trf", "--dutch", "-p"]).is_err());
        assert!(p(&["--burstein", "in.trf", "-p"]).is_err());
        assert!(p(&["--dutch", "in.trf"]).is_err());
        assert!(p(&["--dutch", "-p", "in.trf"]).is_err());
        assert!(p(&["--dutch", "in.trf", "-p", "a", "b"]).is_err());
        assert!(p(&["--dutch", "-g", "-s", "1"]).is_err());
        assert!(p(&["--dutch", "m.trf", "-g", "c.txt", "-o", "x"]).is_err());
        assert!(p(&["--dutch", "in.trf", "-x"]).is_err());
    }
}
