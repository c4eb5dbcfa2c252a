//! A WebDriver session on a headless Chromium (`chromedriver`, Debian packages
//! `chromium` and `chromium-driver`), for the browser tests of the playground.
//!
//! Without `chromedriver` on the PATH the browser tests say so and pass, unless
//! `MATCH3_BROWSER_TESTS=1` (set by `.ci/run`) demands them.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::http;

/// Says, once and past the test harness's capture (which hides what passing tests print),
/// that the browser tests are skipped and why.
fn skipped(e: &std::io::Error) {
    use std::io::Write;
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = writeln!(
            std::io::stderr(),
            "\nSKIPPED: the browser tests (chromedriver not found: {e}); \
             apt-get install chromium chromium-driver, or set MATCH3_BROWSER_TESTS=1 to demand them\n"
        );
    });
}

/// A WebDriver session on a chromedriver of our own; both end on drop.
pub struct Browser {
    driver: Child,
    base: String,
}

pub const ENTER: &str = "\u{E007}";
pub const SPACE: &str = "\u{E00D}";
pub const RIGHT: &str = "\u{E014}";
pub const DOWN: &str = "\u{E015}";
pub const PAGE_UP: &str = "\u{E00E}";

impl Browser {
    /// `None` when chromedriver is missing and the tests are not demanded.
    pub fn start() -> Option<Browser> {
        Browser::start_with(&[])
    }

    /// [`Browser::start`] with more Chromium flags.
    pub fn start_with(flags: &[&str]) -> Option<Browser> {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = match Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
        {
            Ok(child) => child,
            Err(e) => {
                assert!(
                    std::env::var("MATCH3_BROWSER_TESTS").is_err(),
                    "MATCH3_BROWSER_TESTS is set but chromedriver cannot start: {e}"
                );
                skipped(&e);
                return None;
            }
        };
        let root = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while http::get(&format!("{root}/status")).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut args = vec![
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--window-size=1100,760",
        ];
        args.extend_from_slice(flags);
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"args": args}
        }}});
        let v = http::post(&format!("{root}/session"), &caps)
            .and_then(|r| r.ok()?.json())
            .expect("a WebDriver session");
        let id = v["value"]["sessionId"].as_str().unwrap().to_string();
        Some(Browser {
            driver,
            base: format!("{root}/session/{id}"),
        })
    }

    pub fn send(&self, method: &str, path: &str, body: Value) -> Value {
        let url = format!("{}{path}", self.base);
        let res = match method {
            "GET" => http::get(&url),
            _ => http::post(&url, &body),
        };
        match res.and_then(|r| r.ok()?.json()) {
            Ok(mut v) => v["value"].take(),
            Err(e) => panic!("WebDriver {method} {path}: {e}"),
        }
    }

    pub fn open(&self, url: &str) {
        self.send("POST", "/url", json!({ "url": url }));
        self.wait_idle();
    }

    pub fn find(&self, css: &str) -> String {
        let v = self.send(
            "POST",
            "/element",
            json!({"using": "css selector", "value": css}),
        );
        v.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}"))
            .to_string()
    }

    pub fn cell(&self, r: u8, c: u8) -> String {
        self.find(&format!(".cell[data-row=\"{r}\"][data-col=\"{c}\"]"))
    }

    pub fn click(&self, element: &str) {
        self.send("POST", &format!("/element/{element}/click"), json!({}));
    }

    pub fn keys(&self, element: &str, text: &str) {
        self.send(
            "POST",
            &format!("/element/{element}/value"),
            json!({ "text": text }),
        );
    }

    pub fn text(&self, css: &str) -> String {
        let el = self.find(css);
        self.send("GET", &format!("/element/{el}/text"), Value::Null)
            .as_str()
            .unwrap()
            .to_string()
    }

    pub fn label(&self, r: u8, c: u8) -> String {
        let el = self.cell(r, c);
        self.send(
            "GET",
            &format!("/element/{el}/attribute/aria-label"),
            Value::Null,
        )
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    pub fn script(&self, js: &str) -> Value {
        self.send("POST", "/execute/sync", json!({ "script": js, "args": [] }))
    }

    /// Runs `js` as an async script: it calls `done(value)` (its last argument).
    pub fn script_async(&self, js: &str) -> Value {
        let body = format!("const done = arguments[arguments.length - 1]; {js}");
        self.send(
            "POST",
            "/execute/async",
            json!({ "script": body, "args": [] }),
        )
    }

    /// Waits until the page has a game and no request or animation is running.
    pub fn wait_idle(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let idle = self.script(
                "return document.body.dataset.busy === 'false' && \
                 document.querySelector('.cell') !== null && \
                 typeof game !== 'undefined' && game !== null",
            );
            if idle == Value::Bool(true) {
                return;
            }
            assert!(Instant::now() < deadline, "the page stayed busy");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Resizes the window to `width`×`height` px (the page gets a little less height:
    /// the window's own frame).
    pub fn window(&self, width: u32, height: u32) {
        self.send(
            "POST",
            "/window/rect",
            json!({"width": width, "height": height}),
        );
    }

    /// Reloads the page and waits for it to be idle.
    pub fn refresh(&self) {
        self.send("POST", "/refresh", json!({}));
        self.wait_idle();
    }

    /// Waits until the expression `js` is true (10 s at most), saying `what` if never.
    pub fn wait_for(&self, js: &str, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.script(&format!("return !!({js})")) != Value::Bool(true) {
            assert!(Instant::now() < deadline, "waited in vain for {what}");
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// The centre of the cell (r, c) in viewport pixels, scrolled into view.
    pub fn centre(&self, r: u8, c: u8) -> (i64, i64) {
        let v = self.script(&format!(
            "const cell = document.querySelector('.cell[data-row=\"{r}\"][data-col=\"{c}\"]');\
             cell.scrollIntoView({{block: 'nearest'}}); const b = cell.getBoundingClientRect(); return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)]"
        ));
        (v[0].as_i64().unwrap(), v[1].as_i64().unwrap())
    }

    /// A finger on the screen: down at `from`, through `path`, up (W3C touch actions).
    pub fn touch(&self, from: (i64, i64), path: &[(i64, i64)]) {
        let mut steps = vec![
            json!({"type": "pointerMove", "duration": 0, "x": from.0, "y": from.1}),
            json!({"type": "pointerDown", "button": 0}),
        ];
        for &(x, y) in path {
            steps.push(json!({"type": "pointerMove", "duration": 60, "x": x, "y": y}));
        }
        steps.push(json!({"type": "pointerUp", "button": 0}));
        let actions = json!({"actions": [{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": steps
        }]});
        self.send("POST", "/actions", actions);
        let _ = crate::common::http::delete(&format!("{}/actions", self.base));
    }

    /// axe-core's critical and serious violations on the page as it stands.
    pub fn axe(&self) -> Value {
        let axe = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/integration/axe/axe.min.js"
        );
        let source = std::fs::read_to_string(axe).expect("the vendored axe-core");
        if self.script("return typeof axe").as_str() != Some("object") {
            self.script(&format!("{source}; return null"));
        }
        self.script_async(
            "axe.run(document).then(r => done(r.violations\
               .filter(v => v.impact === 'critical' || v.impact === 'serious')\
               .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.map(n => n.target).join(' '))))",
        )
    }

    pub fn screenshot(&self, name: &str) -> std::path::PathBuf {
        use std::io::Write;
        let data = self.send("GET", "/screenshot", Value::Null);
        let png = base64_decode(data.as_str().unwrap());
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::File::create(&path)
            .unwrap()
            .write_all(&png)
            .unwrap();
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http::delete(&self.base);
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Standard base64 (WebDriver screenshots), without a dependency for it.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = text.bytes().filter(|&b| b != b'=' && b != b'\n').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(value(b)) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}
