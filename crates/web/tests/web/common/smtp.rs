//! A small SMTP sink on a loopback port: it speaks the minimal dialogue of
//! RFC 5321 (greeting, EHLO, MAIL, RCPT, DATA, QUIT), offers AUTH PLAIN
//! (RFC 4954, accepting any login), and records each message it is given
//! and every line of the dialogue. Its TLS modes ([`Offer`]) offer
//! STARTTLS (RFC 3207) or speak TLS from the first byte (RFC 8314), with a
//! certificate of [`super::tls::TestCa`].

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rustls::{ServerConfig, ServerConnection, StreamOwned};

/// One message as the sink received it.
#[derive(Debug, Default)]
pub struct Received {
    /// The address of `MAIL FROM:<…>`.
    pub from: String,
    /// The addresses of `RCPT TO:<…>`.
    pub to: Vec<String>,
    /// The text after `DATA`, up to the final `.` line (CRLF kept).
    pub data: String,
    /// The base64 argument of `AUTH PLAIN` on the connection, if the
    /// client logged in.
    pub auth_plain: Option<String>,
    /// Whether the login and the message came over TLS.
    pub tls: bool,
}

/// How the sink secures its connections.
pub enum Offer {
    /// Plain SMTP; no STARTTLS in its EHLO answer.
    Plain,
    /// STARTTLS offered; after it the dialogue goes on over TLS.
    StartTls(Arc<ServerConfig>),
    /// TLS from the first byte, then the dialogue.
    ImplicitTls(Arc<ServerConfig>),
}

/// The lines of every dialogue, the client's commands as sent and the
/// sink's notes (`TLS established`, `TLS refused: …`).
type Log = Arc<Mutex<Vec<String>>>;

/// The sink: a listening thread and what it records.
pub struct SmtpSink {
    /// `smtp://127.0.0.1:PORT`, `smtp+starttls://…` or `smtps://…` as the
    /// offer goes.
    pub url: String,
    received: mpsc::Receiver<Received>,
    log: Log,
}

impl SmtpSink {
    /// A plain sink.
    pub fn start() -> SmtpSink {
        SmtpSink::offering(Offer::Plain)
    }

    pub fn offering(offer: Offer) -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").expect("loopback port");
        let scheme = match offer {
            Offer::Plain => "smtp",
            Offer::StartTls(_) => "smtp+starttls",
            Offer::ImplicitTls(_) => "smtps",
        };
        let url = format!("{scheme}://{}", listener.local_addr().expect("address"));
        let (tx, received) = mpsc::channel();
        let log = Log::default();
        let sink_log = log.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
                let d = Dialogue {
                    log: &sink_log,
                    tx: &tx,
                };
                match &offer {
                    Offer::Plain => {
                        d.run(stream, Stage::Plain { starttls: false });
                    }
                    Offer::StartTls(config) => {
                        if let Some(End::StartTls(stream)) =
                            d.run(stream, Stage::Plain { starttls: true })
                            && let Some(tls) = d.accept_tls(config, stream)
                        {
                            d.run(tls, Stage::AfterStartTls);
                        }
                    }
                    Offer::ImplicitTls(config) => {
                        if let Some(tls) = d.accept_tls(config, stream) {
                            d.run(tls, Stage::ImplicitTls);
                        }
                    }
                }
            }
        });
        SmtpSink { url, received, log }
    }

    /// The next message; panics after 10 s.
    pub async fn next(&self) -> Received {
        for _ in 0..500 {
            if let Ok(m) = self.received.try_recv() {
                return m;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the SMTP sink received nothing within 10 s");
    }

    /// A message received so far, if any (no waiting).
    pub fn try_next(&self) -> Option<Received> {
        self.received.try_recv().ok()
    }

    /// Every line of the dialogues so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().expect("the sink's log").clone()
    }

    /// The log, once a line of it starts with `prefix`; panics after 10 s.
    pub async fn log_once(&self, prefix: &str) -> Vec<String> {
        let start = Instant::now();
        loop {
            let log = self.log();
            if log.iter().any(|l| l.starts_with(prefix)) {
                return log;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "no '{prefix}' in the sink's log within 10 s: {log:?}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// How a dialogue ended.
enum End<S> {
    Closed,
    /// The client asked for STARTTLS and was told to go ahead: the
    /// connection, to be secured.
    StartTls(S),
}

/// Where a dialogue stands.
#[derive(Clone, Copy)]
enum Stage {
    /// A plain connection (`starttls`: it may be secured).
    Plain { starttls: bool },
    /// Secured by STARTTLS: no new greeting (RFC 3207 §4.2).
    AfterStartTls,
    /// Secured from the first byte.
    ImplicitTls,
}

/// What every dialogue of the sink writes to.
struct Dialogue<'a> {
    log: &'a Log,
    tx: &'a mpsc::Sender<Received>,
}

impl Dialogue<'_> {
    fn note(&self, line: impl Into<String>) {
        self.log.lock().expect("the sink's log").push(line.into());
    }

    /// The TLS handshake of the server side over `tcp`, noted.
    fn accept_tls(
        &self,
        config: &Arc<ServerConfig>,
        mut tcp: TcpStream,
    ) -> Option<StreamOwned<ServerConnection, TcpStream>> {
        let mut conn = ServerConnection::new(config.clone()).ok()?;
        while conn.is_handshaking() {
            if let Err(e) = conn.complete_io(&mut tcp) {
                self.note(format!("TLS refused: {e}"));
                return None;
            }
        }
        self.note("TLS established");
        Some(StreamOwned::new(conn, tcp))
    }

    /// The dialogue over `stream` at `stage`. The messages go to the
    /// sink as they are received; `None`: the connection failed.
    fn run<S: Read + Write>(&self, stream: S, stage: Stage) -> Option<End<S>> {
        let tls = !matches!(stage, Stage::Plain { .. });
        let offer_starttls = matches!(stage, Stage::Plain { starttls: true });
        let mut lines = BufReader::new(stream);
        if !matches!(stage, Stage::AfterStartTls) {
            say(&mut lines, "220 sink.test ESMTP")?;
        }
        let mut current = Received {
            tls,
            ..Received::default()
        };
        let mut line = String::new();
        loop {
            line.clear();
            if lines.read_line(&mut line).ok()? == 0 {
                return Some(End::Closed);
            }
            let command = line.trim_end().to_string();
            self.note(command.clone());
            let upper = command.to_ascii_uppercase();
            if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                say(&mut lines, "250-sink.test")?;
                if offer_starttls {
                    say(&mut lines, "250-STARTTLS")?;
                }
                say(&mut lines, "250-AUTH PLAIN")?;
                say(&mut lines, "250 8BITMIME")?;
            } else if upper == "STARTTLS" && offer_starttls {
                say(&mut lines, "220 2.0.0 ready to start TLS")?;
                return Some(End::StartTls(lines.into_inner()));
            } else if let Some(login) = upper
                .strip_prefix("AUTH PLAIN ")
                .map(|_| command["AUTH PLAIN ".len()..].to_string())
            {
                current.auth_plain = Some(login);
                say(&mut lines, "235 2.7.0 authentication succeeded")?;
            } else if upper.starts_with("MAIL FROM:") {
                current.from = address(&command);
                say(&mut lines, "250 OK")?;
            } else if upper.starts_with("RCPT TO:") {
                current.to.push(address(&command));
                say(&mut lines, "250 OK")?;
            } else if upper == "DATA" {
                say(&mut lines, "354 end with a line holding a dot")?;
                loop {
                    line.clear();
                    if lines.read_line(&mut line).ok()? == 0 {
                        return Some(End::Closed);
                    }
                    if line == ".\r\n" {
                        break;
                    }
                    current.data.push_str(&line);
                }
                let next = Received {
                    auth_plain: current.auth_plain.clone(),
                    tls,
                    ..Received::default()
                };
                let _ = self.tx.send(std::mem::replace(&mut current, next));
                say(&mut lines, "250 OK queued")?;
            } else if upper == "QUIT" {
                say(&mut lines, "221 bye")?;
                return Some(End::Closed);
            } else if upper == "RSET" || upper == "NOOP" {
                say(&mut lines, "250 OK")?;
            } else {
                say(&mut lines, "502 not implemented")?;
            }
        }
    }
}

/// One reply line.
fn say<S: Read + Write>(lines: &mut BufReader<S>, text: &str) -> Option<()> {
    lines
        .get_mut()
        .write_all(format!("{text}\r\n").as_bytes())
        .ok()
}

/// `alice@x.org` of `MAIL FROM:<alice@x.org> BODY=8BITMIME`.
fn address(command: &str) -> String {
    command
        .split_once('<')
        .and_then(|(_, rest)| rest.split_once('>'))
        .map(|(a, _)| a.to_string())
        .unwrap_or_default()
}
