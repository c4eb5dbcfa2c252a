//! Accepting connections and speaking HTTP/1.1 on them, within the [`Limits`]: at most
//! `max_connections` at once (more wait, unaccepted, in the system's queue), a request
//! head within the header timeout of the connection opening or of its last answer (so an
//! idle connection closes then), an answer the client reads within the write timeout.
//! On stop, each connection finishes the request it is answering and closes.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};

use super::limits::Limits;

/// The most a request head may hold (its line and headers): 96 KiB, room for a target of
/// 64 KiB, the most a URI may hold (a longer one is answered 414, a head past this 431;
/// the API itself takes targets of [`MAX_URI`](super::MAX_URI) bytes).
const MAX_HEAD: usize = 96 << 10;

/// Serves `app` on `listener` within `limits` until `stop` completes, then lets each
/// connection finish the request it is answering. The caller bounds that wait.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    stop: impl Future<Output = ()>,
) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let (closing, _) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = accept(&listener, &slots) => accepted,
        };
        let (stream, slot) = accepted;
        let connection = connection(stream, app.clone(), limits, closing.subscribe());
        tokio::spawn(async move {
            connection.await;
            drop(slot);
        });
    }
    let _ = closing.send(true);
    // Every slot back: every connection closed.
    let all = u32::try_from(limits.max_connections.max(1)).unwrap_or(u32::MAX);
    let _ = slots.acquire_many(all).await;
    Ok(())
}

/// The next connection, once a slot is free. A failed accept (the process out of file
/// descriptors, a connection reset before it was taken) waits a moment and tries again.
async fn accept(
    listener: &TcpListener,
    slots: &Arc<Semaphore>,
) -> (TcpStream, tokio::sync::OwnedSemaphorePermit) {
    let slot = Arc::clone(slots)
        .acquire_owned()
        .await
        .expect("the semaphore is never closed");
    loop {
        match listener.accept().await {
            Ok((stream, _)) => return (stream, slot),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// One connection, served until it closes (or, once `closing` says so, until its request
/// in flight is answered).
fn connection(
    stream: TcpStream,
    app: Router,
    limits: &Limits,
    mut closing: watch::Receiver<bool>,
) -> impl Future<Output = ()> + use<> {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Guarded::new(stream, limits.write_timeout));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD);
    let served = http.serve_connection(io, TowerToHyperService::new(app));
    async move {
        tokio::pin!(served);
        tokio::select! {
            _ = served.as_mut() => {}
            () = async { let _ = closing.wait_for(|&c| c).await; } => {
                served.as_mut().graceful_shutdown();
                let _ = served.await;
            }
        }
    }
}

/// A client's socket with two guards: a write the client does not take for the write
/// timeout fails (the connection closes), and the bare answers HTTP parsing gives a
/// request it cannot read (400, 414, 431, with no body) get a JSON `error` body like
/// every other answer.
struct Guarded {
    stream: TcpStream,
    write_timeout: Duration,
    /// Running while a write waits on the client.
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
    /// A rewritten answer being written: its bytes, how many are out, and how many of
    /// the original the caller is told were written.
    rewrite: Option<(Vec<u8>, usize, usize)>,
}

impl Guarded {
    fn new(stream: TcpStream, write_timeout: Duration) -> Guarded {
        Guarded {
            stream,
            write_timeout,
            stalled: None,
            rewrite: None,
        }
    }

    /// `poll` on the socket, failing once it has waited for the write timeout.
    fn deadline<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match poll(Pin::new(&mut self.stream), cx) {
            Poll::Pending => {
                let timeout = self.write_timeout;
                let stalled =
                    (self.stalled).get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
                match stalled.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the client took no answer for the write timeout",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
            ready => {
                self.stalled = None;
                ready
            }
        }
    }
}

impl AsyncRead for Guarded {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.rewrite.is_none()
            && let Some(answer) = json_answer(buf)
        {
            this.rewrite = Some((answer, 0, buf.len()));
        }
        let Some((answer, mut out, claimed)) = this.rewrite.take() else {
            return this.deadline(cx, |s, cx| s.poll_write(cx, buf));
        };
        while out < answer.len() {
            match this.deadline(cx, |s, cx| s.poll_write(cx, &answer[out..])) {
                Poll::Ready(Ok(n)) => out += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => {
                    this.rewrite = Some((answer, out, claimed));
                    return Poll::Pending;
                }
            }
        }
        Poll::Ready(Ok(claimed))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().deadline(cx, |s, cx| s.poll_flush(cx))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// If `buf` is one of the bodiless answers HTTP parsing writes for a request it cannot
/// read (`400`, `414`, `431` with `content-length: 0`; the API's own errors always have
/// a body), the same answer with a JSON body saying what was wrong.
fn json_answer(buf: &[u8]) -> Option<Vec<u8>> {
    let end = buf.windows(4).position(|w| w == b"\r\n\r\n")?;
    if end + 4 != buf.len() {
        return None;
    }
    let head = std::str::from_utf8(&buf[..end]).ok()?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.strip_prefix("HTTP/1.1 ")?;
    let bodiless = lines.any(|l| l.eq_ignore_ascii_case("content-length: 0"));
    let message = match status.split(' ').next()? {
        "400" => "the request is not HTTP/1.1 the server can read",
        "414" => "the request target is too long",
        "431" => "the request's head (its line and headers) is too large",
        _ => return None,
    };
    let body = super::errors::body(message);
    bodiless.then(|| {
        format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodiless_parse_errors_get_a_json_body_and_nothing_else_changes() {
        let bare = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let answer = String::from_utf8(json_answer(bare).unwrap()).unwrap();
        assert!(
            answer.starts_with("HTTP/1.1 414 URI Too Long\r\n"),
            "{answer}"
        );
        let (_, body) = answer.split_once("\r\n\r\n").unwrap();
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(v["error"].as_str().unwrap().contains("too long"));
        assert!(answer.contains(&format!("content-length: {}\r\n", body.len())));
        for other in [
            &b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n{}",
            b"HTTP/1.1 400 Bad Req",
        ] {
            assert_eq!(
                json_answer(other),
                None,
                "{}",
                String::from_utf8_lossy(other)
            );
        }
    }
}
