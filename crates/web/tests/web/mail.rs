//! Registrants' mail (issue 15 part 1): the receipt of an entry in the
//! language of the form, with the standing, the fee and the absolute
//! status link; the move up from the waiting list; delivery by SMTP; a
//! mail that cannot be sent leaves the registration standing. The event
//! is seed 000's form (`registration_event`: 6 EUR, free for residents).

use std::net::TcpListener;

use arbiter_web::MailOptions;
use axum::http::{Method, StatusCode};

use crate::common::smtp::SmtpSink;
use crate::common::{Resp, TestServer};

/// The path of the status page a submission redirected to (without the
/// confirmation's `?new=1`).
fn status_path(done: &Resp) -> String {
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let to = done.header("location");
    to.strip_suffix("?new=1")
        .unwrap_or_else(|| panic!("the confirmation's flag: {to}"))
        .to_string()
}

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
    t.registration_event("open", None);

    let done = t
        .register(
            "open",
            &[
                ("name", "Rossi, Mario"),
                ("email", "mario.rossi@example.org"),
            ],
            "it-IT,it;q=0.9",
        )
        .await;
    let status = status_path(&done);
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
    status_path(&third);
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
    t.registration_event("open", None);
    t.registration_cap("open", 1);

    let first = t
        .register(
            "open",
            &[("name", "Rossi, Mario"), ("email", "mario@example.org")],
            "en",
        )
        .await;
    let first = status_path(&first);
    let second = t
        .register(
            "open",
            &[("name", "Nowak, Jan"), ("email", "jan@example.org")],
            "pl",
        )
        .await;
    status_path(&second);
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
    let t = TestServer::with_mail(&MailOptions {
        smtp: Some(sink.url.clone()),
        mail_from: Some("Rapid Open <open@chess.example.org>".into()),
        // ARBITER_SMTP_CREDENTIALS; the password may hold a colon.
        credentials: Some("anna:s3cret:x".into()),
        ..MailOptions::default()
    });
    t.registration_event("open", None);
    let done = t
        .register(
            "open",
            &[
                ("name", "Rossi, Mario"),
                ("email", "mario.rossi@example.org"),
            ],
            "en",
        )
        .await;
    let status = status_path(&done);
    let got = sink.next().await;
    assert_eq!(got.from, "open@chess.example.org");
    // RFC 4616: base64 of NUL "anna" NUL "s3cret:x", encoded by hand.
    assert_eq!(got.auth_plain.as_deref(), Some("AGFubmEAczNjcmV0Ong="));
    assert_eq!(got.to, ["mario.rossi@example.org"]);
    assert_eq!(
        header(&got.data, "Subject"),
        "Rapid Open: your registration"
    );
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
    t.registration_event("open", None);
    let done = t
        .register(
            "open",
            &[
                ("name", "Rossi, Mario"),
                ("email", "mario.rossi@example.org"),
            ],
            "en",
        )
        .await;
    let status = status_path(&done);
    let page = t.get(&format!("{status}?new=1")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("a place is held for you"));
    assert!(page.body.contains("Keep the address of this page"));
}
