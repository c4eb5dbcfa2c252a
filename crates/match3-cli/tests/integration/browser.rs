//! The playground page in a real headless Chromium, driven through WebDriver
//! (`chromedriver`, Debian packages `chromium` and `chromium-driver`) by the test hooks
//! the page keeps stable: cells with `data-row`/`data-col`/`aria-label`, `#score`,
//! `#moves`, `#status`, `#reset`, `#undo`, `#hint`, `select#variant`, `#board-input` and
//! `#load`.
//!
//! Without `chromedriver` on the PATH these tests say so and pass, unless
//! `MATCH3_BROWSER_TESTS=1` (set by `.ci/run`) demands them.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::http;
use crate::common::playground as server;

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
struct Browser {
    driver: Child,
    base: String,
}

const ENTER: &str = "\u{E007}";
const SPACE: &str = "\u{E00D}";
const RIGHT: &str = "\u{E014}";
const DOWN: &str = "\u{E015}";

impl Browser {
    /// `None` when chromedriver is missing and the tests are not demanded.
    fn start() -> Option<Browser> {
        Browser::start_with(&[])
    }

    /// [`Browser::start`] with more Chromium flags.
    fn start_with(flags: &[&str]) -> Option<Browser> {
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

    fn send(&self, method: &str, path: &str, body: Value) -> Value {
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

    fn open(&self, url: &str) {
        self.send("POST", "/url", json!({ "url": url }));
        self.wait_idle();
    }

    fn find(&self, css: &str) -> String {
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

    fn cell(&self, r: u8, c: u8) -> String {
        self.find(&format!(".cell[data-row=\"{r}\"][data-col=\"{c}\"]"))
    }

    fn click(&self, element: &str) {
        self.send("POST", &format!("/element/{element}/click"), json!({}));
    }

    fn keys(&self, element: &str, text: &str) {
        self.send(
            "POST",
            &format!("/element/{element}/value"),
            json!({ "text": text }),
        );
    }

    fn text(&self, css: &str) -> String {
        let el = self.find(css);
        self.send("GET", &format!("/element/{el}/text"), Value::Null)
            .as_str()
            .unwrap()
            .to_string()
    }

    fn label(&self, r: u8, c: u8) -> String {
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

    fn script(&self, js: &str) -> Value {
        self.send("POST", "/execute/sync", json!({ "script": js, "args": [] }))
    }

    /// Runs `js` as an async script: it calls `done(value)` (its last argument).
    fn script_async(&self, js: &str) -> Value {
        let body = format!("const done = arguments[arguments.length - 1]; {js}");
        self.send(
            "POST",
            "/execute/async",
            json!({ "script": body, "args": [] }),
        )
    }

    /// Waits until the page has a game and no request or animation is running.
    fn wait_idle(&self) {
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

    fn screenshot(&self, name: &str) -> std::path::PathBuf {
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

#[test]
fn the_teaching_example_by_mouse() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    assert_eq!(b.text("#status"), "playable");
    assert_eq!(b.label(0, 0), "row 1, column 1: colour A");
    b.click(&b.cell(0, 2));
    b.click(&b.cell(1, 2));
    b.wait_idle();
    assert_eq!(b.text("#score"), "3");
    assert_eq!(b.text("#moves"), "1");
    for c in 0..3 {
        assert_eq!(b.label(0, c), format!("row 1, column {}: empty", c + 1));
    }
    assert_eq!(b.label(0, 3), "row 1, column 4: colour C");
    assert_eq!(b.label(1, 2), "row 2, column 3: colour B");
    assert!(b.text("#record").contains("swap (0,2) (1,2)"));
    // Undo, then reset, by their buttons.
    b.click(&b.find("#undo"));
    b.wait_idle();
    assert_eq!(b.text("#moves"), "0");
    assert_eq!(b.label(0, 0), "row 1, column 1: colour A");
}

#[test]
fn the_teaching_example_by_keyboard_only() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    let first = b.cell(0, 0);
    // Focus moves with the arrows; Enter selects (0,2), Space swaps it with (1,2).
    b.keys(&first, &format!("{RIGHT}{RIGHT}{ENTER}{DOWN}{SPACE}"));
    b.wait_idle();
    assert_eq!(b.text("#score"), "3");
    assert_eq!(b.text("#moves"), "1");
    // The turn in words, coordinates from 1.
    let live = b.script("return document.getElementById('live').textContent");
    assert_eq!(
        live,
        "Swapped B at row 1 column 3 with A at row 2 column 3. Cleared 3. Score 3."
    );
}

#[test]
fn a_won_level_ends_in_a_dialog_with_its_stars() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    b.click(&b.find("select#level option[value=\"19-finite-locks\"]"));
    b.wait_idle();
    // The fewest-move win `solve --level` finds for this level.
    for [(r1, c1), (r2, c2)] in [[(0, 1), (0, 2)], [(1, 0), (1, 1)]] {
        b.click(&b.cell(r1, c1));
        b.click(&b.cell(r2, c2));
        b.wait_idle();
    }
    assert_eq!(b.text("#status"), "won");
    let shown = b.script("const d = document.getElementById('game-over'); return !d.hidden && d.getAttribute('role') === 'dialog'");
    assert_eq!(shown, Value::Bool(true));
    assert_eq!(b.text("#game-over-title"), "You won!");
    assert!(
        b.text("#game-over-text").contains("1 star"),
        "{}",
        b.text("#game-over-text")
    );
    let focused = b.script("return document.activeElement.id");
    assert_eq!(focused, "retry");
    // Retry starts the level again.
    b.click(&b.find("#retry"));
    b.wait_idle();
    assert_eq!(b.text("#moves"), "0");
    let hidden = b.script("return document.getElementById('game-over').hidden");
    assert_eq!(hidden, Value::Bool(true));
}

#[test]
fn an_illegal_move_says_why_and_changes_nothing() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    b.click(&b.cell(0, 0));
    b.click(&b.cell(1, 0));
    b.wait_idle();
    assert!(
        b.text("#message").contains("makes no match"),
        "{}",
        b.text("#message")
    );
    assert_eq!(b.text("#moves"), "0");
    assert_eq!(b.label(0, 0), "row 1, column 1: colour A");
}

#[test]
fn a_lines_move_animates_and_a_notation_board_loads() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    b.click(&b.find("select#variant option[value=\"lines\"]"));
    b.wait_idle();
    assert_eq!(b.script("return game.rules"), "lines");
    let mv = b.script("return game.legal[0].swap");
    let cell = |i: usize, j: usize| mv[i][j].as_u64().unwrap() as u8;
    b.click(&b.cell(cell(0, 0), cell(0, 1)));
    b.click(&b.cell(cell(1, 0), cell(1, 1)));
    // Busy while the trace plays, idle once the last piece has landed.
    b.wait_idle();
    assert_eq!(b.text("#moves"), "1");
    assert!(b.text("#score").parse::<u64>().unwrap() > 0);
    // Every piece on the page sits where the server's board says.
    let placed = b.script(
        "const s = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--cell'));\
         return game.cells.filter(c => c.kind === 'piece').every(c => {\
           const p = document.querySelector('.piece[data-id=\"' + c.id + '\"]');\
           return p && p.style.transform === `translate(${c.col * s}px, ${c.row * s}px)`; })",
    );
    assert_eq!(placed, Value::Bool(true));
    let shot = b.screenshot("lines.png");
    assert!(std::fs::metadata(&shot).unwrap().len() > 10_000, "{shot:?}");
    // Hint marks a legal move.
    b.click(&b.find("#hint"));
    std::thread::sleep(Duration::from_millis(300));
    let hinted = b.script("return document.querySelectorAll('.cell.hint').length");
    assert_eq!(hinted, 2);
    // A board typed in notation, obstacles included.
    let input = b.find("#board-input");
    b.keys(&input, "A@~AB%2/BCA~C/CBAB");
    b.click(&b.find("#load"));
    b.wait_idle();
    assert_eq!(b.script("return game.board"), "A@~AB%2/BCA~C/CBAB");
    assert_eq!(b.label(0, 0), "row 1, column 1: colour A, locked, jelly 1");
    assert_eq!(b.label(0, 3), "row 1, column 4: crate, health 2");
}

#[test]
fn a_level_with_obstacles_loads_from_the_chooser() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    b.click(&b.find("select#level option[value=\"14-locked-jelly\"]"));
    b.wait_idle();
    assert_eq!(b.script("return game.level"), "14-locked-jelly");
    assert!(
        b.text("#goals").contains("jelly: 0 / 6"),
        "{}",
        b.text("#goals")
    );
    assert_eq!(b.text("#moves-left"), "18");
    assert!(
        b.label(1, 0).ends_with("locked, jelly 1"),
        "{}",
        b.label(1, 0)
    );
    b.screenshot("level.png");
}

#[test]
fn a_registered_variant_is_offered_drawn_and_named() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    b.click(&b.find("select#variant option[value=\"stars\"]"));
    b.wait_idle();
    assert_eq!(b.script("return game.rules"), "stars");
    let input = b.find("#board-input");
    b.keys(&input, "AA^BA/CDAC/DCDB");
    b.click(&b.find("#load"));
    b.wait_idle();
    assert_eq!(
        b.label(0, 1),
        "row 1, column 2: colour A, star (clears its neighbours)"
    );
    let star = b.script(
        "const c = game.cells.find(c => c.row === 0 && c.col === 1);\
         return document.querySelector('.piece[data-id=\"' + c.id + '\"]').textContent",
    );
    assert_eq!(star, "A^");
    // The run A A^ A A fires the star, which clears (1,1) too: 5 cells.
    b.click(&b.cell(0, 2));
    b.click(&b.cell(1, 2));
    b.wait_idle();
    assert_eq!(b.text("#moves"), "1");
    assert_eq!(b.label(1, 1), "row 2, column 2: empty");
    assert_eq!(b.text("#score"), "5");
}

#[test]
fn a_game_the_server_no_longer_has_starts_afresh_with_a_notice() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    // As if the server had evicted this tab's game.
    b.script("game.id = 'g00000000000000000000000000000000'; return null");
    b.click(&b.cell(0, 2));
    b.click(&b.cell(1, 2));
    b.wait_idle();
    assert!(
        b.text("#message").contains("a new one has started"),
        "{}",
        b.text("#message")
    );
    let id = b.script("return game.id");
    assert_ne!(id, "g00000000000000000000000000000000");
    assert_eq!(b.text("#moves"), "0");
    // The fresh game plays.
    b.click(&b.cell(0, 2));
    b.click(&b.cell(1, 2));
    b.wait_idle();
    assert_eq!(b.text("#moves"), "1");
}

#[test]
fn focus_and_selection_leave_the_piece_visible() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    let first = b.cell(0, 0);
    b.keys(&first, ENTER);
    // The cell is selected and focused; its piece must stay painted above it.
    let above = b.script(
        "const cell = document.querySelector('.cell[data-row=\"0\"][data-col=\"0\"]');\
         const layer = document.querySelector('.pieces');\
         const z = (el) => getComputedStyle(el).zIndex;\
         return cell.classList.contains('selected') && document.activeElement === cell && \
                (z(cell) === 'auto' || z(cell) === '0')",
    );
    assert_eq!(
        above,
        Value::Bool(true),
        "a raised cell would hide its piece"
    );
}

#[test]
fn a_phone_sees_the_whole_board_and_the_status_without_scrolling_sideways() {
    let Some(b) = Browser::start() else { return };
    b.send("POST", "/window/rect", json!({"width": 390, "height": 844}));
    b.open(&server());
    b.click(&b.find("select#variant option[value=\"lines\"]"));
    b.wait_idle();
    let fits = b.script(
        "const d = document.documentElement;\
         const board = document.getElementById('board').getBoundingClientRect();\
         return [d.scrollWidth <= d.clientWidth, board.right <= d.clientWidth,\
                 document.getElementById('status').getBoundingClientRect().bottom <= innerHeight]",
    );
    assert_eq!(fits, json!([true, true, true]), "at 390x844");
}

/// axe-core's critical and serious violations on the page as it stands.
fn axe_violations(b: &Browser) -> Value {
    let axe = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/integration/axe/axe.min.js"
    );
    let source = std::fs::read_to_string(axe).expect("the vendored axe-core");
    if b.script("return typeof axe").as_str() != Some("object") {
        b.script(&format!("{source}; return null"));
    }
    b.script_async(
        "axe.run(document).then(r => done(r.violations\
           .filter(v => v.impact === 'critical' || v.impact === 'serious')\
           .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.map(n => n.target).join(' '))))",
    )
}

#[test]
fn no_critical_or_serious_accessibility_violation_on_any_variant_or_an_obstacle_level() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    let variants = b.script(
        "return Array.from(document.querySelectorAll('#variant option')).map(o => o.value)",
    );
    for variant in variants.as_array().unwrap() {
        let v = variant.as_str().unwrap();
        b.click(&b.find(&format!("select#variant option[value=\"{v}\"]")));
        b.wait_idle();
        assert_eq!(axe_violations(&b), json!([]), "{v}");
    }
    b.click(&b.find("select#level option[value=\"14-locked-jelly\"]"));
    b.wait_idle();
    assert_eq!(axe_violations(&b), json!([]), "14-locked-jelly");
}

#[test]
fn reduced_motion_plays_the_turn_without_animation() {
    let Some(b) = Browser::start_with(&["--force-prefers-reduced-motion"]) else {
        return;
    };
    b.open(&server());
    assert_eq!(b.script("return STEP"), json!(0));
    let transition =
        b.script("return getComputedStyle(document.querySelector('.piece')).transitionDuration");
    assert_eq!(transition, "0s");
    b.click(&b.cell(0, 2));
    b.click(&b.cell(1, 2));
    b.wait_idle();
    assert_eq!(b.text("#moves"), "1");
    // With motion, one turn animates for at least a step.
    let Some(moving) = Browser::start() else {
        return;
    };
    moving.open(&server());
    assert_eq!(moving.script("return STEP"), json!(140));
}

#[test]
fn arrow_keys_on_the_rules_list_do_not_start_a_game_per_key() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    let first = b.script("return game.id");
    let select = b.find("select#variant");
    b.keys(&select, "\u{E015}"); // arrow down: the list moves, the game stays
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(b.script("return game.id"), first);
    b.keys(&select, ENTER); // the choice is made: a new game
    b.wait_idle();
    assert_ne!(b.script("return game.id"), first);
}

#[test]
fn a_swipe_swaps_a_piece_with_its_neighbour() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    // Down from (0,2) by most of a cell: the teaching swap.
    b.script(
        "const cell = document.querySelector('.cell[data-row=\"0\"][data-col=\"2\"]');\
         const box = cell.getBoundingClientRect();\
         const x = box.left + box.width / 2, y = box.top + box.height / 2;\
         cell.dispatchEvent(new PointerEvent('pointerdown', {clientX: x, clientY: y, bubbles: true}));\
         document.dispatchEvent(new PointerEvent('pointerup', {clientX: x, clientY: y + box.height * 0.8, bubbles: true}));\
         return null",
    );
    b.wait_idle();
    assert_eq!(b.text("#moves"), "1");
    assert_eq!(b.text("#score"), "3");
}

#[test]
fn the_page_does_not_shift_when_the_first_board_arrives() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    // Every layout shift since the page started, as Chromium measured it.
    let shift = b.script_async(
        "let total = 0;\
         new PerformanceObserver((list) => {\
           for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;\
         }).observe({ type: 'layout-shift', buffered: true });\
         setTimeout(() => done(total), 300);",
    );
    let shift = shift.as_f64().unwrap();
    assert!(shift < 0.05, "cumulative layout shift {shift}");
}
