//! Registrants' mail (issue 15 part 1): the receipt of an entry in the
//! language of the form, with the standing, the fee and the absolute
//! status link; the move up from the waiting list; delivery by SMTP,
//! plain, over STARTTLS or implicit TLS with the server's certificate
//! verified; a mail that cannot be sent leaves the registration standing.
//! The event is seed 000's form (`registration_event`: 6 EUR, free for
//! residents).

use std::net::TcpListener;
use std::sync::Arc;

use arbiter_desk::{Notice, NoticeKind};
use arbiter_model::journal::Standing;
use arbiter_web::{EventName, Mail, MailOptions, Outgoing};
use axum::http::{Method, StatusCode};
use rustls::ServerConfig;

use crate::common::TestServer;
use crate::common::smtp::{Offer, Received, SmtpSink};
use crate::common::tls::TestCa;

/// The header `name` of a mail (`Subject: …`).
fn header<'a>(mail: &'a str, name: &str) -> &'a str {
    let (head, _) = mail.split_once("\r\n\r\n").expect("headers, then a body");
    head.split("\r\n")
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no {name} in {head}"))
}

/// The body of a mail (quoted-printable UTF-8), its lines.
fn body(mail: &str) -> Vec<String> {
    assert_eq!(
        header(mail, "Content-Transfer-Encoding"),
        "quoted-printable"
    );
    let (_, body) = mail.split_once("\r\n\r\n").expect("headers, then a body");
    let bytes = quoted_printable::decode(body, quoted_printable::ParseMode::Strict)
        .expect("quoted-printable");
    String::from_utf8(bytes)
        .expect("UTF-8")
        .split("\r\n")
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn a_registrant_is_mailed_his_status_link_in_the_language_of_the_form() {
    let t = TestServer::with_mail(&MailOptions {
        public_url: Some("https://chess.example.org/".into()),
        ..MailOptions::default()
    });
    let status = t.register_mail_entrant("it-IT,it;q=0.9").await;
    let mail = t.outbox(1).await.remove(0);
    assert_eq!(header(&mail, "To"), "mario.rossi@example.org");
    assert_eq!(header(&mail, "From"), "Arbiter <arbiter@localhost>");
    assert_eq!(header(&mail, "Subject"), "Rapid Open: la tua iscrizione");
    assert_eq!(header(&mail, "Content-Type"), "text/plain; charset=utf-8");
    let link = format!("https://chess.example.org{status}");
    assert_eq!(
        body(&mail),
        [
            "Gentile Rossi, Mario,",
            "",
            "la tua iscrizione a Rapid Open (torneo main) è registrata.",
            "",
            "Stato: hai un posto riservato",
            "Quota d'iscrizione: 6,00 EUR",
            "",
            "La tua pagina privata, per seguire o ritirare l'iscrizione (chiunque abbia questo link può farlo):",
            &link,
            "",
            "-- ",
            "Inviato dalle iscrizioni di Rapid Open, perché questo indirizzo è stato indicato nel modulo.",
            "",
        ]
    );
    // The link of the mail is the registrant's status page.
    let page = t
        .get(link.strip_prefix("https://chess.example.org").unwrap())
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Rossi, Mario"));
    assert!(
        page.body.contains("a place is held for you"),
        "{}",
        page.body
    );

    // The third entry of two places waits; a resident owes nothing.
    t.register(
        "open",
        &[("name", "Bianchi, Luca"), ("email", "luca@example.org")],
        "en",
    )
    .await;
    let third = t
        .register(
            "open",
            &[
                ("name", "Verdi, Anna"),
                ("email", "anna@example.org"),
                ("tag", "resident"),
            ],
            "en",
        )
        .await;
    third.status_path();
    let mails = t.outbox(3).await;
    let anna = mails
        .iter()
        .find(|m| header(m, "To") == "anna@example.org")
        .expect("Anna's receipt");
    assert_eq!(header(anna, "Subject"), "Rapid Open: your registration");
    let lines = body(anna);
    assert_eq!(lines[0], "Dear Verdi, Anna,");
    assert_eq!(lines[4], "Status: on the waiting list, number 1");
    assert_eq!(lines[5], "Entry fee: free (residents of Carmiano)");
}

#[tokio::test]
async fn a_waiting_list_entrant_is_mailed_when_a_withdrawal_frees_his_place() {
    let t = TestServer::new();
    let first = t.register_mail_entrant("en").await;
    t.registration_cap("open", 1);
    let second = t
        .register(
            "open",
            &[("name", "Nowak, Jan"), ("email", "jan@example.org")],
            "pl",
        )
        .await;
    second.status_path();
    let receipts = t.outbox(2).await;
    let jan = receipts
        .iter()
        .find(|m| header(m, "To") == "jan@example.org")
        .expect("Jan's receipt");
    assert_eq!(body(jan)[4], "Status: lista rezerwowa, numer 1");
    // Links point to the address the server listens on by default.
    assert!(
        body(jan)[8].starts_with("http://127.0.0.1:8080/e/open/register/status/"),
        "{jan}"
    );

    // The first withdraws on his status page: the second moves up.
    let page = t.get(&first).await;
    let cookie = page.cookies().join("; ");
    let withdrawn = t
        .send(
            Method::POST,
            &format!("{first}/withdraw"),
            &[("cookie", &cookie)],
            Some(&format!("csrf={}", page.csrf_field())),
        )
        .await;
    assert_eq!(
        withdrawn.status,
        StatusCode::SEE_OTHER,
        "{}",
        withdrawn.body
    );
    let mails = t.outbox(3).await;
    assert_eq!(mails.len(), 3, "one mail more: the move up");
    let moved = mails
        .iter()
        .filter(|m| header(m, "To") == "jan@example.org")
        .find(|m| header(m, "Subject") == "Rapid Open: miejsce dla Ciebie")
        .expect("Jan's move-up mail, in Polish");
    assert_eq!(
        body(moved)[..9],
        [
            "Witaj, Nowak, Jan,",
            "",
            "w Rapid Open (grupa main) zwolniło się miejsce: Twoje zgłoszenie przeszło z listy rezerwowej.",
            "",
            "Status: miejsce jest zarezerwowane",
            "Wpisowe: 6,00 EUR",
            "",
            "Twoja prywatna strona to link z potwierdzenia otrzymanego przy zgłoszeniu.",
            "",
        ]
    );
}

#[tokio::test]
async fn with_smtp_the_receipt_is_delivered_to_the_smtp_server() {
    let sink = SmtpSink::start();
    // ARBITER_SMTP_CREDENTIALS; the password may hold a colon.
    let t = TestServer::with_mail(&smtp_options(&sink.url, None));
    let status = t.register_mail_entrant("en").await;
    let got = sink.next().await;
    assert!(!got.tls, "smtp:// is plain");
    assert_receipt(&got);
    assert_eq!(
        header(&got.data, "From"),
        "\"Rapid Open\" <open@chess.example.org>"
    );
    assert!(
        body(&got.data).contains(&format!("http://127.0.0.1:8080{status}")),
        "{}",
        got.data
    );
    assert!(
        !t.dir.path().join("outbox").exists(),
        "nothing in the outbox with --smtp"
    );
}

#[tokio::test]
async fn a_mail_that_cannot_be_sent_leaves_the_registration_standing() {
    // A port nobody listens on.
    let closed = TcpListener::bind("127.0.0.1:0").expect("loopback port");
    let url = format!("smtp://{}", closed.local_addr().expect("address"));
    drop(closed);
    let t = TestServer::with_mail(&MailOptions {
        smtp: Some(url),
        mail_from: Some("open@chess.example.org".into()),
        ..MailOptions::default()
    });
    let status = t.register_mail_entrant("en").await;
    let page = t.get(&format!("{status}?new=1")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("a place is held for you"));
    assert!(page.body.contains("Keep the address of this page"));
}

/// The options of a server sending through `url` as `Rapid Open`,
/// trusting the CA of `ca_file`, logged in as `anna` (password
/// `s3cret:x`).
fn smtp_options(url: &str, ca_file: Option<&std::path::Path>) -> MailOptions {
    MailOptions {
        smtp: Some(url.to_string()),
        smtp_ca: ca_file.map(std::path::Path::to_path_buf),
        mail_from: Some("Rapid Open <open@chess.example.org>".into()),
        credentials: Some("anna:s3cret:x".into()),
        ..MailOptions::default()
    }
}

/// Mario's receipt sent through a sink making `offer` of the certificate
/// of a CA that `--smtp-ca` names: what the sink received, and its log.
async fn receipt_over_tls(offer: fn(Arc<ServerConfig>) -> Offer) -> (Received, Vec<String>) {
    let ca = TestCa::new("Arbiter test CA");
    let sink = SmtpSink::offering(offer(ca.server_config()));
    let certs = tempfile::tempdir().expect("scratch folder");
    let ca_file = ca.write(certs.path(), "ca");
    let t = TestServer::with_mail(&smtp_options(&sink.url, Some(&ca_file)));
    t.register_mail_entrant("en").await;
    let got = sink.next().await;
    (got, sink.log())
}

/// The receipt as the plain sink's test checks it, and the login.
fn assert_receipt(got: &Received) {
    assert_eq!(got.from, "open@chess.example.org");
    assert_eq!(got.to, ["mario.rossi@example.org"]);
    // RFC 4616: base64 of NUL "anna" NUL "s3cret:x", encoded by hand.
    assert_eq!(got.auth_plain.as_deref(), Some("AGFubmEAczNjcmV0Ong="));
    assert_eq!(
        header(&got.data, "Subject"),
        "Rapid Open: your registration"
    );
}

/// Where the first line starting with `prefix` is in `log`.
fn position(log: &[String], prefix: &str) -> usize {
    log.iter()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} in {log:?}"))
}

#[tokio::test]
async fn over_starttls_the_login_and_the_receipt_travel_encrypted() {
    let (got, log) = receipt_over_tls(Offer::StartTls).await;
    assert!(got.tls, "the message came over TLS");
    assert_receipt(&got);
    // RFC 3207: EHLO, STARTTLS, the handshake, EHLO again, then the login.
    let secured = position(&log, "TLS established");
    assert_eq!(position(&log, "EHLO"), 0, "{log:?}");
    assert_eq!(position(&log, "STARTTLS"), 1, "{log:?}");
    assert_eq!(secured, 2, "{log:?}");
    assert!(log[secured + 1].starts_with("EHLO"), "{log:?}");
    assert!(position(&log, "AUTH PLAIN") > secured, "{log:?}");
}

#[tokio::test]
async fn over_implicit_tls_the_login_and_the_receipt_travel_encrypted() {
    let (got, log) = receipt_over_tls(Offer::ImplicitTls).await;
    assert!(got.tls, "the message came over TLS");
    assert_receipt(&got);
    // RFC 8314: TLS from the first byte, no STARTTLS.
    assert_eq!(log[0], "TLS established", "{log:?}");
    assert!(log[1].starts_with("EHLO"), "{log:?}");
    assert!(!log.iter().any(|l| l == "STARTTLS"), "{log:?}");
}

/// A move-up notice for Mario of event `open` (no status link needed).
fn moved_up_notice() -> Vec<Outgoing> {
    vec![Outgoing {
        notice: Notice {
            kind: NoticeKind::MovedUp,
            number: 1,
            to: "mario.rossi@example.org".into(),
            language: None,
            event: "Rapid Open".into(),
            name: "Rossi, Mario".into(),
            section: "main".into(),
            standing: Standing::Place,
            fee: None,
        },
        token: None,
    }]
}

/// What `options` make of the move-up notice, as a server or a command
/// reports it (blocking: SMTP).
async fn report(options: MailOptions) -> String {
    tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().expect("scratch folder");
        let mail =
            Mail::configure(&options, dir.path(), arbiter_web::DEFAULT_ADDR).expect("mail options");
        let event = EventName::parse("open").expect("an event name");
        let delivered = mail.deliver_all(&event, moved_up_notice());
        assert_eq!(delivered.len(), 1);
        delivered[0].to_string()
    })
    .await
    .expect("the delivery task")
}

/// Nothing of the login or the message reached the sink.
fn assert_nothing_sent(sink: &SmtpSink) {
    let log = sink.log();
    for command in ["AUTH", "MAIL", "RCPT", "DATA"] {
        assert!(
            !log.iter()
                .any(|l| l.to_ascii_uppercase().starts_with(command)),
            "{command} in {log:?}"
        );
    }
    assert!(sink.try_next().is_none(), "a message was received");
}

#[tokio::test]
async fn a_server_certificate_not_signed_by_the_given_ca_is_refused() {
    let server_ca = TestCa::new("The server's CA");
    let other_ca = TestCa::new("Another CA");
    let sink = SmtpSink::offering(Offer::ImplicitTls(server_ca.server_config()));
    let certs = tempfile::tempdir().expect("scratch folder");
    let options = smtp_options(&sink.url, Some(&other_ca.write(certs.path(), "other")));

    // The registration stands; the receipt is not sent.
    let t = TestServer::with_mail(&options);
    let status = t.register_mail_entrant("en").await;
    let page = t.get(&format!("{status}?new=1")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("a place is held for you"));
    sink.log_once("TLS refused").await;
    assert_nothing_sent(&sink);

    // How it is reported (the server logs this line).
    let reported = report(options).await;
    assert!(
        reported.starts_with("open: registration 1 (moved-up): mail not sent: SMTP: "),
        "{reported}"
    );
    assert!(reported.contains("certificate"), "{reported}");
    // Without --smtp-ca only the public roots are trusted: refused too.
    let reported = report(smtp_options(&sink.url, None)).await;
    assert!(reported.contains("mail not sent: SMTP: "), "{reported}");
    assert!(reported.contains("certificate"), "{reported}");
    assert_nothing_sent(&sink);
}

#[tokio::test]
async fn starttls_required_sends_nothing_in_plain_to_a_server_without_it() {
    // A plain sink: its EHLO answer offers no STARTTLS.
    let sink = SmtpSink::start();
    let url = sink.url.replace("smtp://", "smtp+starttls://");
    let ca = TestCa::new("Arbiter test CA");
    let certs = tempfile::tempdir().expect("scratch folder");
    let reported = report(smtp_options(&url, Some(&ca.write(certs.path(), "ca")))).await;
    assert!(
        reported.starts_with("open: registration 1 (moved-up): mail not sent: SMTP: "),
        "{reported}"
    );
    assert!(reported.contains("STARTTLS"), "{reported}");
    let log = sink.log();
    assert!(log[0].starts_with("EHLO"), "{log:?}");
    assert_nothing_sent(&sink);
}
