//! `arbiter registration …`: the arbiter's face of online pre-registration
//! (issue 15 part 1). Seed 000 guarantees a place to "the first 50
//! pre-registered players"; here the cap is 2 so the queue is checked by
//! hand: entries 1 and 2 hold the places, 3 and 4 wait in the order they
//! came, and a freed place goes to the first waiting.

mod event_support;

use event_support::{ok, refused, scratch};

/// `(number, standing)` of `registration list --format tsv`.
fn standings(event: &str) -> Vec<(String, String)> {
    let tsv = ok(&["registration", "list", event, "--format", "tsv"]);
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (n, s) = (col("number"), col("standing"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[n].to_string(), f[s].to_string())
        })
        .collect()
}

fn expect(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn places_waiting_list_decisions_and_duplicates() {
    let dir = scratch("event-registration");
    let ev = dir.join("open.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Rapid Open", "--rounds", "7"]);
    let set = ok(&["registration", "set", e, "--cap", "2", "--tags", "resident"]);
    assert!(set.contains("main (2 places)"), "{set}");

    let add = |name: &str, extra: &[&str]| {
        let mut args = vec!["registration", "add", e, "--name", name];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let first = add(
        "Rossi, Mario",
        &[
            "--born",
            "1980-03-04",
            "--email",
            "mario@example.org",
            "--tag",
            "resident",
        ],
    );
    assert!(
        first.starts_with("registration 1: Rossi, Mario in section main: place"),
        "{first}"
    );
    add("Bianchi, Luca", &["--fide-id", "862100"]);
    let third = add("Verdi, Anna", &["--phone", "+39 347 1831559"]);
    assert!(third.contains(": waiting list 1;"), "{third}");
    let fourth = add("Rossi, Mario", &["--born", "1980-03-04"]);
    assert!(fourth.contains(": waiting list 2;"), "{fourth}");
    assert!(
        fourth.contains("note: same name and birth date as entry 1"),
        "{fourth}"
    );
    assert_eq!(
        standings(e),
        expect(&[
            ("1", "place"),
            ("2", "place"),
            ("3", "waiting list 1"),
            ("4", "waiting list 2")
        ])
    );

    // The list shows contact data to the arbiter; the log does not keep it.
    let list = ok(&["registration", "list", e]);
    assert!(
        list.contains("mario@example.org") && list.contains("claims resident"),
        "{list}"
    );
    let log = ok(&["log", e]);
    assert!(
        !log.contains("mario@example.org") && !log.contains("1831559"),
        "{log}"
    );

    // The seed's fees: 6 EUR, free for residents (examples/000-fees.toml).
    let fees = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/000-fees.toml");
    ok(&["fees", "set", e, fees]);
    let tsv = ok(&["registration", "list", e, "--format", "tsv"]);
    let fee_of: Vec<&str> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(15).unwrap())
        .collect();
    assert_eq!(
        fee_of,
        ["0.00 EUR", "6.00 EUR", "6.00 EUR", "6.00 EUR"],
        "{tsv}"
    );
    assert!(ok(&["registration", "list", e]).contains("fee 0.00 EUR (residents of Carmiano)"));

    // Accepting registers the player through the same entry as `player add`.
    let accepted = ok(&["registration", "accept", e, "1"]);
    assert!(accepted.contains("accepted (player 1)"), "{accepted}");
    let players = ok(&["player", "list", e]);
    assert!(players.contains("Rossi, Mario"), "{players}");
    // A wait-listed entry is not accepted; an unknown number is refused.
    let msg = refused(&ev, &["registration", "accept", e, "4"]);
    assert!(msg.contains("waiting list"), "{msg}");
    refused(&ev, &["registration", "accept", e, "9"]);

    // Withdrawing entry 2 frees its place: entry 3 moves up.
    let out = ok(&["registration", "withdraw", e, "2"]);
    assert!(
        out.contains("registration 3 (Verdi, Anna, section main) moves up"),
        "{out}"
    );
    assert_eq!(
        standings(e),
        expect(&[
            ("1", "accepted (player 1)"),
            ("2", "withdrawn"),
            ("3", "place"),
            ("4", "waiting list 1")
        ])
    );
    // The arbiter's withdrawal can be undone (the registrant's cannot).
    ok(&["undo", e]);
    assert_eq!(standings(e)[1], ("2".into(), "place".into()));

    // Rejecting gives the place away too, with a reason.
    let out = ok(&["registration", "reject", e, "2", "--reason", "not a member"]);
    assert!(
        out.contains("registration 3 (Verdi, Anna, section main) moves up"),
        "{out}"
    );
    assert!(ok(&["registration", "list", e]).contains("reason: not a member"));
    let msg = refused(&ev, &["registration", "reject", e, "2"]);
    assert!(msg.contains("no longer pending"), "{msg}");
}

#[test]
fn moves_between_sections_and_form_errors_name_the_field() {
    let dir = scratch("event-registration-move");
    let ev = dir.join("festival.arb");
    let e = ev.to_str().unwrap();
    ok(&[
        "new",
        e,
        "--name",
        "Festival",
        "--rounds",
        "9",
        "--section",
        "A",
    ]);
    ok(&["section", "add", e, "B", "--rounds", "9"]);
    ok(&["registration", "set", e, "--cap", "A=1,B=5"]);
    ok(&[
        "registration",
        "add",
        e,
        "--name",
        "Nowak, Jan",
        "--section",
        "A",
    ]);
    let second = ok(&[
        "registration",
        "add",
        e,
        "--name",
        "Kowalski, Piotr",
        "--section",
        "A",
    ]);
    assert!(second.contains("waiting list 1"), "{second}");
    let moved = ok(&["registration", "move", e, "2", "B"]);
    assert!(moved.contains("section B): place"), "{moved}");

    let msg = refused(
        &ev,
        &[
            "registration",
            "add",
            e,
            "--name",
            "X, Y",
            "--section",
            "B",
            "--email",
            "nobody",
        ],
    );
    assert!(msg.contains("--email"), "{msg}");
    let msg = refused(
        &ev,
        &["registration", "add", e, "--name", "X, Y", "--section", "C"],
    );
    assert!(
        msg.contains("--section: 'C' is not a section of the form"),
        "{msg}"
    );
    let msg = refused(&ev, &["registration", "move", e, "1", "Z"]);
    assert!(msg.contains("no section 'Z'"), "{msg}");
    let msg = refused(&ev, &["registration", "set", e, "--cap", "A=many"]);
    assert!(msg.contains("--cap"), "{msg}");
}

/// The `.eml` files of the outbox next to the event, oldest first: each
/// one's text with quoted-printable soft line breaks joined.
fn outbox(dir: &std::path::Path) -> Vec<String> {
    let Ok(files) = std::fs::read_dir(dir.join("outbox")) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = files.map(|f| f.unwrap().path()).collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap().replace("=\r\n", ""))
        .collect()
}

/// A registrant is told by mail as from the web form: the receipt of an
/// entry the arbiter takes (with the status link of `--public-url`), and
/// the move up when the arbiter's withdrawal frees a place. The mail goes
/// to the outbox `serve --data` uses for the event's folder.
#[test]
fn registration_commands_mail_the_registrants_they_concern() {
    let dir = scratch("event-registration-mail");
    let ev = dir.join("open.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Rapid Open", "--rounds", "7"]);
    ok(&["registration", "set", e, "--cap", "1"]);

    // A --public-url that is not an origin is refused before anything is
    // recorded.
    let msg = refused(
        &ev,
        &[
            "registration",
            "add",
            e,
            "--name",
            "Rossi, Mario",
            "--public-url",
            "chess.example.org/x",
        ],
    );
    assert!(msg.contains("--public-url 'chess.example.org/x'"), "{msg}");

    let first = ok(&[
        "registration",
        "add",
        e,
        "--name",
        "Rossi, Mario",
        "--email",
        "mario@example.org",
        "--public-url",
        "https://chess.example.org",
    ]);
    let token = first
        .lines()
        .next()
        .and_then(|l| l.rsplit_once("/register/status/"))
        .map(|(_, t)| t)
        .unwrap();
    assert!(
        first.contains("open: registration 1 (received): mail written to"),
        "{first}"
    );
    let mails = outbox(&dir);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("To: mario@example.org"), "{}", mails[0]);
    assert!(
        mails[0].contains(&format!(
            "https://chess.example.org/e/open/register/status/{token}"
        )),
        "{}",
        mails[0]
    );

    // Without --public-url a receipt cannot carry its link: not sent, said
    // on standard error; the entry stands (exit 0).
    let out = event_support::run(&[
        "registration",
        "add",
        e,
        "--name",
        "Verdi, Anna",
        "--email",
        "anna@example.org",
    ]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("open: registration 2 (received): mail not sent: no --public-url"),
        "{err}"
    );
    assert_eq!(outbox(&dir).len(), 1);

    // Withdrawing entry 1 gives entry 2 the place: she is told.
    let out = ok(&["registration", "withdraw", e, "1"]);
    assert!(
        out.contains("open: registration 2 (moved-up): mail written to"),
        "{out}"
    );
    let mails = outbox(&dir);
    assert_eq!(mails.len(), 2);
    assert!(mails[1].contains("To: anna@example.org"), "{}", mails[1]);
    assert!(
        mails[1].contains("moved up from the waiting list"),
        "{}",
        mails[1]
    );

    // --no-mail tells nobody.
    ok(&["undo", e]);
    let out = ok(&["registration", "withdraw", e, "1", "--no-mail"]);
    assert!(out.contains("registration 2 (Verdi, Anna, section main) moves up"));
    assert!(!out.contains("mail"), "{out}");
    assert_eq!(outbox(&dir).len(), 2);
}

/// The registration commands take `serve`'s SMTP options and check them
/// before anything is recorded (exit 3, the option named; 5 for a CA file
/// that cannot be read); a login that
/// would go unencrypted beyond this machine is warned of on standard
/// error. No entry here gives an e-mail address, so nothing is sent.
#[test]
fn registration_commands_check_the_smtp_options() {
    let dir = scratch("event-registration-smtp");
    let ev = dir.join("open.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Rapid Open", "--rounds", "7"]);
    ok(&["registration", "set", e, "--cap", "2"]);
    let add = |name: &'static str, smtp: &'static str| {
        [
            "registration",
            "add",
            e,
            "--name",
            name,
            "--smtp",
            smtp,
            "--mail-from",
            "open@chess.example.org",
        ]
    };
    let msg = refused(&ev, &add("Rossi, Mario", "smtps://mail.example.org:0"));
    assert!(
        msg.contains("--smtp 'smtps://mail.example.org:0': '0' is not a port"),
        "{msg}"
    );
    let msg = refused(&ev, &add("Rossi, Mario", "submission://mail.example.org"));
    assert!(
        msg.contains(
            "--smtp 'submission://mail.example.org': not smtp://HOST:PORT (plain), smtp+starttls://HOST[:587] or smtps://HOST[:465]"
        ),
        "{msg}"
    );
    let key_only = dir.join("key.pem");
    std::fs::write(
        &key_only,
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    )
    .unwrap();
    let mut with_ca = add("Rossi, Mario", "smtp+starttls://mail.example.org").to_vec();
    with_ca.extend(["--smtp-ca", key_only.to_str().unwrap()]);
    let msg = refused(&ev, &with_ca);
    assert!(
        msg.contains(&format!(
            "--smtp-ca '{}': no PEM certificate (BEGIN CERTIFICATE) in it",
            key_only.display()
        )),
        "{msg}"
    );
    // A CA file that cannot be read is file access: exit 5, nothing recorded.
    let before = ok(&["log", e]);
    let missing = dir.join("missing-ca.pem");
    let mut with_missing = add("Rossi, Mario", "smtp+starttls://mail.example.org").to_vec();
    with_missing.extend(["--smtp-ca", missing.to_str().unwrap()]);
    let out = event_support::run(&with_missing);
    assert_eq!(out.status.code(), Some(5), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&format!(
            "--smtp-ca '{}': cannot read it: ",
            missing.display()
        )),
        "{out:?}"
    );
    assert_eq!(ok(&["log", e]), before, "nothing recorded");

    // RFC 6761: `.invalid` names no host; no mail is sent anyway.
    let out = assert_cmd::Command::new(event_support::bin())
        .args(add("Rossi, Mario", "smtp://mail.invalid:25"))
        .env("ARBITER_SMTP_CREDENTIALS", "anna:secret")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "warning: --smtp 'smtp://mail.invalid:25': the login of ARBITER_SMTP_CREDENTIALS goes unencrypted to a host that is not this machine; use smtp+starttls:// or smtps://"
        ),
        "{err}"
    );
    assert!(!err.contains("secret"), "{err}");
    // To this machine's relay it is not.
    let out = assert_cmd::Command::new(event_support::bin())
        .args(add("Verdi, Anna", "smtp://127.0.0.1:25"))
        .env("ARBITER_SMTP_CREDENTIALS", "anna:secret")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("warning"),
        "{out:?}"
    );
    assert_eq!(standings(e).len(), 2, "both entries recorded");
}

/// Settings that used to pass silently are refused naming the option, and
/// the event is unchanged: an offset no place has, a time whose offset is
/// not the event's or is malformed, two caps for one section.
#[test]
fn impossible_settings_are_refused_naming_the_option() {
    let dir = scratch("event-registration-settings");
    let ev = dir.join("open.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Rapid Open", "--rounds", "7"]);
    let cases: [(&[&str], &str); 4] = [
        (
            &["--utc-offset", "+25:00"],
            "error: --utc-offset: '+25:00' is not an offset",
        ),
        (
            &[
                "--closes",
                "2026-03-14 12:00+02:00",
                "--utc-offset",
                "+01:00",
            ],
            "error: --closes: the time is given at +02:00, but the event's offset is +01:00",
        ),
        (
            &["--closes", "2026-03-14 12:00+2", "--utc-offset", "+01:00"],
            "error: --closes: '+2' is not an offset",
        ),
        (
            &["--cap", "main=5,main=7"],
            "error: --cap: section 'main' is given two caps",
        ),
    ];
    for (options, message) in cases {
        let mut args = vec!["registration", "set", e];
        args.extend_from_slice(options);
        let err = refused(&ev, &args);
        assert!(err.starts_with(message), "{options:?}: {err}");
    }
}
