//! The server's own accept loop, bounded ([`Limits`]): each connection
//! takes a [`slots::Slot`] or is answered `503` at once and closed; a
//! connection is HTTP/1.1 with a header timeout (hyper's), an idle timeout
//! ([`idle`]) and a body timeout ([`body`]). On shutdown every connection
//! is asked to finish its request and close; those still open after
//! [`DRAIN`] are dropped, so the server stops in bounded time whatever
//! its clients do.

mod body;
mod idle;
pub mod limits;
mod slots;

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt as _;

pub use limits::Limits;
use slots::{Full, Slot, Slots};

/// How long a stopping server lets its connections finish.
pub const DRAIN: Duration = Duration::from_secs(3);

/// The whole answer to a connection beyond the caps.
fn refusal(full: Full) -> String {
    let body = match full {
        Full::Server => {
            "503 Service Unavailable: the server is at its connection limit; \
                         try again in a few seconds.\n"
        }
        Full::Address => {
            "503 Service Unavailable: too many connections from your address; \
                          close some and try again.\n"
        }
    };
    format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Retry-After: 5\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// Serves `router` on `listener` within `limits` until `stop` resolves,
/// then lets open connections finish for at most [`DRAIN`]. Connections
/// from `exempt` (trusted proxies) count in the total only.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    exempt: Vec<IpAddr>,
    stop: impl Future<Output = ()>,
) {
    let slots = Slots::new(limits, exempt);
    let (stopping, stopped) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of files or a connection reset before it was
                // accepted: the next accept may well succeed.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
        };
        match slots.take(peer.ip()) {
            Ok(slot) => {
                let connection = Connection {
                    router: router.clone(),
                    limits,
                    peer,
                    slot,
                };
                tokio::spawn(connection.run(stream, stopped.clone()));
            }
            // A fresh socket's send buffer is empty: the answer fits.
            Err(full) => drop(stream.try_write(refusal(full).as_bytes())),
        }
    }
    drop(listener);
    let _ = stopping.send(true);
    let _ = tokio::time::timeout(DRAIN, slots.closed()).await;
}

/// One accepted connection and what it needs.
struct Connection {
    router: Router,
    limits: Limits,
    peer: SocketAddr,
    slot: Slot,
}

impl Connection {
    async fn run(self, stream: TcpStream, mut stopped: watch::Receiver<bool>) {
        let Connection {
            router,
            limits,
            peer,
            slot,
        } = self;
        let io = TokioIo::new(idle::IdleStream::new(stream, limits.idle_timeout));
        let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let body = |b| body::TimedBody::wrap(axum::body::Body::new(b), limits.body_timeout);
            let mut request = request.map(body);
            request.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(request)
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(io, service);
        tokio::pin!(connection);
        let finished = tokio::select! {
            _ = connection.as_mut() => true,
            _ = stopped.wait_for(|s| *s) => false,
        };
        if !finished {
            connection.as_mut().graceful_shutdown();
            let _ = connection.as_mut().await;
        }
        // The place is free before the socket closes, so a client that
        // sees it closed may connect again at once.
        drop(slot);
    }
}
