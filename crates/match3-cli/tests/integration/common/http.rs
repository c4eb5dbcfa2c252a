//! A small HTTP/1.1 client for the tests' localhost servers (the playground and
//! chromedriver): plain `http://`, JSON bodies, one kept-alive connection per [`Client`].
//! Written here because a general client crate brings a TLS and URL stack that no test
//! needs and that took a sixth of the test build.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;

/// A response: its status code and body.
pub struct Response {
    pub status: u16,
    pub body: Vec<u8>,
}

impl Response {
    /// The body as text (lossy).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body parsed as JSON.
    pub fn json(&self) -> Result<Value, String> {
        serde_json::from_slice(&self.body)
            .map_err(|e| format!("the body is not JSON ({e}): {}", self.text()))
    }

    /// This response if its status is a success (2xx), else an error naming the status and
    /// the body.
    pub fn ok(self) -> Result<Response, String> {
        if (200..300).contains(&self.status) {
            Ok(self)
        } else {
            Err(format!("status {}: {}", self.status, self.text()))
        }
    }
}

/// A client that keeps its connection open between requests to the same host.
pub struct Client {
    conn: Option<(String, BufReader<TcpStream>)>,
    timeout: Duration,
}

impl Default for Client {
    fn default() -> Self {
        Client::new(Duration::from_secs(30))
    }
}

impl Client {
    /// A client whose reads and writes each give up after `timeout`.
    pub fn new(timeout: Duration) -> Client {
        Client {
            conn: None,
            timeout,
        }
    }

    /// `GET url`.
    pub fn get(&mut self, url: &str) -> Result<Response, String> {
        self.request("GET", url, None)
    }

    /// `POST url` with a JSON body.
    pub fn post(&mut self, url: &str, body: &Value) -> Result<Response, String> {
        self.request("POST", url, Some(body))
    }

    /// `DELETE url`.
    pub fn delete(&mut self, url: &str) -> Result<Response, String> {
        self.request("DELETE", url, None)
    }

    /// One request. A kept connection the server has closed meanwhile is replaced once.
    pub fn request(
        &mut self,
        method: &str,
        url: &str,
        body: Option<&Value>,
    ) -> Result<Response, String> {
        let rest = url
            .strip_prefix("http://")
            .ok_or_else(|| format!("{url}: only http:// URLs"))?;
        let (host, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\n");
        if method != "GET" && method != "DELETE" {
            request += &format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            );
        }
        request += "\r\n";
        request += &body;
        let reused = matches!(&self.conn, Some((h, _)) if h == host);
        match self.exchange(host, request.as_bytes()) {
            Err(_) if reused => {
                self.conn = None;
                self.exchange(host, request.as_bytes())
            }
            result => result,
        }
        .map_err(|e| format!("{method} {url}: {e}"))
    }

    /// Sends `request` on the kept connection to `host` (opened when missing) and reads
    /// the response.
    fn exchange(&mut self, host: &str, request: &[u8]) -> Result<Response, String> {
        if !matches!(&self.conn, Some((h, _)) if h == host) {
            let stream = TcpStream::connect(host).map_err(|e| e.to_string())?;
            stream
                .set_read_timeout(Some(self.timeout))
                .and_then(|()| stream.set_write_timeout(Some(self.timeout)))
                .map_err(|e| e.to_string())?;
            self.conn = Some((host.to_string(), BufReader::new(stream)));
        }
        let (_, reader) = self.conn.as_mut().expect("connected above");
        reader
            .get_mut()
            .write_all(request)
            .map_err(|e| e.to_string())?;
        let (response, keep) = read_response(reader).inspect_err(|_| self.conn = None)?;
        if !keep {
            self.conn = None;
        }
        Ok(response)
    }
}

/// One response from `reader`, and whether the connection may carry another request.
fn read_response(reader: &mut BufReader<TcpStream>) -> Result<(Response, bool), String> {
    let line = read_line(reader)?;
    if line.is_empty() {
        return Err("the server closed the connection".into());
    }
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("not an HTTP status line: {line:?}"))?;
    let (mut length, mut chunked, mut keep) = (None, false, true);
    loop {
        let header = read_line(reader)?;
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').unwrap_or((&header, ""));
        let value = value.trim();
        match name.to_ascii_lowercase().as_str() {
            "content-length" => {
                length = Some(value.parse().map_err(|_| format!("bad length {value:?}"))?)
            }
            "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
            "connection" => keep = !value.eq_ignore_ascii_case("close"),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let size = read_line(reader)?;
            let size = size.split(';').next().unwrap_or("").trim();
            let size =
                usize::from_str_radix(size, 16).map_err(|_| format!("bad chunk size {size:?}"))?;
            if size == 0 {
                // Trailers (none expected), then the blank line.
                while !read_line(reader)?.is_empty() {}
                break;
            }
            let start = body.len();
            body.resize(start + size, 0);
            reader
                .read_exact(&mut body[start..])
                .map_err(|e| e.to_string())?;
            read_line(reader)?;
        }
    } else if let Some(length) = length {
        body.resize(length, 0);
        reader.read_exact(&mut body).map_err(|e| e.to_string())?;
    } else {
        reader.read_to_end(&mut body).map_err(|e| e.to_string())?;
        keep = false;
    }
    Ok((Response { status, body }, keep))
}

/// One line without its line ending; empty at the end of the stream.
fn read_line(reader: &mut BufReader<TcpStream>) -> Result<String, String> {
    let mut line = String::new();
    reader.read_line(&mut line).map_err(|e| e.to_string())?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

/// `GET url` on a connection of its own.
pub fn get(url: &str) -> Result<Response, String> {
    Client::default().get(url)
}

/// `POST url` with a JSON body, on a connection of its own.
pub fn post(url: &str, body: &Value) -> Result<Response, String> {
    Client::default().post(url, body)
}

/// `DELETE url` on a connection of its own.
pub fn delete(url: &str) -> Result<Response, String> {
    Client::default().delete(url)
}
