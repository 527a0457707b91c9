//! The body timeout: a request body that has not ended by its deadline
//! fails, so the handler reading it answers and the connection closes
//! instead of waiting on a client that trickles bytes.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::HttpBody;
use axum::body::{Body, Bytes};
use hyper::body::{Frame, SizeHint};
use tokio::time::Sleep;

/// A request body with a deadline.
pub struct TimedBody {
    inner: Body,
    timeout: Duration,
    deadline: Pin<Box<Sleep>>,
}

/// The error of a body that came too slowly.
#[derive(Debug, thiserror::Error)]
#[error("the request body was not received within {0:?}")]
pub struct BodyTimeout(Duration);

impl TimedBody {
    /// `inner`, which must end within `timeout` from now.
    pub fn wrap(inner: Body, timeout: Duration) -> Body {
        Body::new(TimedBody {
            inner,
            timeout,
            deadline: Box::pin(tokio::time::sleep(timeout)),
        })
    }
}

impl HttpBody for TimedBody {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::BoxError>>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(frame) => Poll::Ready(frame.map(|f| f.map_err(Into::into))),
            Poll::Pending => match this.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTimeout(this.timeout))))),
                Poll::Pending => Poll::Pending,
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
