//! A small SMTP sink on a loopback port: it speaks the minimal dialogue of
//! RFC 5321 (greeting, EHLO, MAIL, RCPT, DATA, QUIT), offers AUTH PLAIN
//! (RFC 4954, accepting any login), and records each message it is given.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::mpsc;
use std::time::Duration;

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
}

/// The sink: a listening thread and what it records.
pub struct SmtpSink {
    pub url: String,
    received: mpsc::Receiver<Received>,
}

impl SmtpSink {
    pub fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").expect("loopback port");
        let url = format!("smtp://{}", listener.local_addr().expect("address"));
        let (tx, received) = mpsc::channel();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                if let Some(messages) = session(stream) {
                    for m in messages {
                        if tx.send(m).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        SmtpSink { url, received }
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
}

/// One connection: the messages it delivered.
fn session(stream: TcpStream) -> Option<Vec<Received>> {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    let mut out = stream.try_clone().ok()?;
    let mut lines = BufReader::new(stream);
    let mut say = |text: &str| out.write_all(format!("{text}\r\n").as_bytes()).ok();
    say("220 sink.test ESMTP")?;
    let mut messages = Vec::new();
    let mut current = Received::default();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).ok()? == 0 {
            return Some(messages);
        }
        let command = line.trim_end().to_string();
        let upper = command.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            say("250-sink.test")?;
            say("250-AUTH PLAIN")?;
            say("250 8BITMIME")?;
        } else if let Some(login) = upper
            .strip_prefix("AUTH PLAIN ")
            .map(|_| command["AUTH PLAIN ".len()..].to_string())
        {
            current.auth_plain = Some(login);
            say("235 2.7.0 authentication succeeded")?;
        } else if upper.starts_with("MAIL FROM:") {
            current.from = address(&command);
            say("250 OK")?;
        } else if upper.starts_with("RCPT TO:") {
            current.to.push(address(&command));
            say("250 OK")?;
        } else if upper == "DATA" {
            say("354 end with a line holding a dot")?;
            loop {
                line.clear();
                if lines.read_line(&mut line).ok()? == 0 {
                    return Some(messages);
                }
                if line == ".\r\n" {
                    break;
                }
                current.data.push_str(&line);
            }
            let auth_plain = current.auth_plain.clone();
            messages.push(std::mem::take(&mut current));
            current.auth_plain = auth_plain;
            say("250 OK queued")?;
        } else if upper == "QUIT" {
            say("221 bye")?;
            return Some(messages);
        } else if upper == "RSET" || upper == "NOOP" {
            say("250 OK")?;
        } else {
            say("502 not implemented")?;
        }
    }
}

/// `alice@x.org` of `MAIL FROM:<alice@x.org> BODY=8BITMIME`.
fn address(command: &str) -> String {
    command
        .split_once('<')
        .and_then(|(_, rest)| rest.split_once('>'))
        .map(|(a, _)| a.to_string())
        .unwrap_or_default()
}
