//! The playground page in a real headless Chromium, driven through WebDriver
//! (`chromedriver`, Debian packages `chromium` and `chromium-driver`) by the test hooks
//! the page keeps stable: cells with `data-row`/`data-col`/`aria-label`, `#score`,
//! `#moves`, `#status`, `#reset`, `#undo`, `#hint`, `select#variant`, `#board-input` and
//! `#load`.
//!
//! Without `chromedriver` on the PATH these tests say so and pass, unless
//! `MATCH3_BROWSER_TESTS=1` (set by `.ci/run`) demands them (see `common/webdriver.rs`).

use std::time::Duration;

use serde_json::{Value, json};

use crate::common::playground as server;
use crate::common::webdriver::{Browser, DOWN, ENTER, PAGE_UP, RIGHT, SPACE};

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
    // The record counts rows and columns from 1, as everything the player sees does.
    assert!(
        b.text("#record").contains("swap r1 c3 \u{2194} r2 c3"),
        "{}",
        b.text("#record")
    );
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
    // The turn in words, colours named, coordinates from 1.
    let live = b.script("return document.getElementById('live').textContent");
    assert_eq!(
        live,
        "Swapped blue B at row 1 column 3 with red A at row 2 column 3. Cleared 3 red. Score 3."
    );
}

#[test]
fn a_won_level_ends_in_a_dialog_with_its_stars() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    b.click(&b.find("select#level option[value=\"19-finite-locks\"]"));
    b.wait_idle();
    // The level is announced with its goals and limit.
    let live = b.script("return document.getElementById('live').textContent");
    assert_eq!(
        live,
        "Level 19 of 19, Locked corner. Goals: clear all 2 jelly. 4 moves. Stars at 6, 9, 12 points."
    );
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
    // The score against each threshold, and the dialog's words for screen readers.
    assert_eq!(
        b.text("#game-over-thresholds"),
        "\u{2713} 1 star at 6 points: reached\n\u{2717} 2 stars at 9 points: 2 more needed\n\u{2717} 3 stars at 12 points: 5 more needed"
    );
    let described = b.script(
        "return document.getElementById('game-over').getAttribute('aria-describedby').split(' ')\
           .map(id => document.getElementById(id).textContent).join(' ')",
    );
    assert_eq!(
        described,
        "Score 7 in 2 moves: 1 star of 3. Every goal is met."
    );
    let live = b.script("return document.getElementById('live').textContent");
    assert!(
        live.as_str()
            .unwrap()
            .ends_with("You won! Score 7 in 2 moves: 1 star of 3."),
        "{live}"
    );
    let focused = b.script("return document.activeElement.id");
    assert_eq!(focused, "retry");
    assert_eq!(b.axe(), json!([]), "the end screen");
    // Tab stays inside the dialog: Retry, Close (no Next level after the last level).
    let retry = b.find("#retry");
    b.keys(&retry, "\u{E004}");
    assert_eq!(
        b.script("return document.activeElement.id"),
        "game-over-close"
    );
    let close = b.find("#game-over-close");
    b.keys(&close, "\u{E004}");
    assert_eq!(b.script("return document.activeElement.id"), "retry");
    // Escape closes it and gives the focus back to the board.
    b.keys(&retry, "\u{E00C}");
    let after = b.script(
        "return [document.getElementById('game-over').hidden, document.activeElement.classList.contains('cell')]",
    );
    assert_eq!(after, json!([true, true]));
    // Clicking the finished board shows it again; Retry starts the level again.
    b.click(&b.cell(3, 3));
    b.click(&b.find("#retry"));
    b.wait_idle();
    assert_eq!(b.text("#moves"), "0");
    let hidden = b.script("return [document.getElementById('game-over').hidden, document.activeElement.classList.contains('cell')]");
    assert_eq!(hidden, json!([true, true]));
    // The level list shows the win, kept in this browser.
    let option = b.script(
        "return document.querySelector('#level option[value=\"19-finite-locks\"]').textContent",
    );
    assert_eq!(
        option,
        "Locked corner (finite) \u{2014} won, \u{2605}\u{2606}\u{2606}"
    );
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
    assert_eq!(b.text("#moves-left"), "35");
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
    // Its icon, never the raw marker; its name in the legend.
    assert_eq!(star, "A\u{2605}");
    assert!(
        b.text("#legend").contains("star (clears its neighbours)"),
        "{}",
        b.text("#legend")
    );
    // The run A A^ A A fires the star, which clears (1,1) too: 5 cells.
    b.click(&b.cell(0, 2));
    b.click(&b.cell(1, 2));
    b.wait_idle();
    assert_eq!(b.text("#moves"), "1");
    assert_eq!(b.label(1, 1), "row 2, column 2: empty");
    assert_eq!(b.text("#score"), "5");
}

#[test]
fn a_game_the_server_no_longer_has_is_restored_and_the_move_played() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    // No idle hint: on a slow machine it could find the game gone first and restore it,
    // and the move below would then clear its notice.
    b.script("document.body.dataset.idleHintMs = '3600000'; return null");
    b.click(&b.cell(0, 2));
    b.click(&b.cell(1, 2));
    b.wait_idle();
    // As if the server had evicted this tab's game (or restarted).
    b.script("game.id = 'g00000000000000000000000000000000'; return null");
    let mv = b.script("return game.legal[0].swap");
    let cell = |i: usize, j: usize| mv[i][j].as_u64().unwrap() as u8;
    b.click(&b.cell(cell(0, 0), cell(0, 1)));
    b.click(&b.cell(cell(1, 0), cell(1, 1)));
    // The page is idle for a moment between the restore and the move it plays again.
    b.wait_for(
        "document.getElementById('moves').textContent === '2' && document.body.dataset.busy === 'false'",
        "the move played on the restored game",
    );
    assert!(
        b.text("#message")
            .contains("restored from this page's copy"),
        "{}",
        b.text("#message")
    );
    let id = b.script("return game.id");
    assert_ne!(id, "g00000000000000000000000000000000");
    // The game went on where it was: the first move kept, the second played, undo intact.
    assert_eq!(b.text("#moves"), "2");
    b.click(&b.find("#undo"));
    b.wait_idle();
    b.click(&b.find("#undo"));
    b.wait_idle();
    assert_eq!(b.text("#moves"), "0");
    assert_eq!(b.script("return game.board"), "AABC/BCAB/CBAC/ABCA");
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
        assert_eq!(b.axe(), json!([]), "{v}");
    }
    b.click(&b.find("select#level option[value=\"14-locked-jelly\"]"));
    b.wait_idle();
    assert_eq!(b.axe(), json!([]), "14-locked-jelly");
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
fn corner_swaps_by_mouse_keyboard_and_swipe_on_a_variant_that_allows_them() {
    let Some(b) = Browser::start() else { return };
    b.open(&server());
    b.click(&b.find("select#variant option[value=\"corners\"]"));
    b.wait_idle();
    let input = b.find("#board-input");
    // The A at (1,1) moves up-right, corner to corner, and completes the top row.
    b.keys(&input, "AAB/CAD/DCE");
    b.click(&b.find("#load"));
    b.wait_idle();
    assert!(
        b.text("#howto").contains("corner to corner"),
        "{}",
        b.text("#howto")
    );
    let played = |how: &str| {
        b.wait_idle();
        assert_eq!(b.text("#moves"), "1", "{how}");
        assert_eq!(b.text("#score"), "3", "{how}");
        b.click(&b.find("#undo"));
        b.wait_idle();
        assert_eq!(b.text("#moves"), "0", "{how}");
    };
    // From (0,0) the focus moves to (1,1), Enter selects it, Page Up moves the focus
    // up-right, Space swaps.
    b.keys(
        &b.cell(0, 0),
        &format!("{DOWN}{RIGHT}{ENTER}{PAGE_UP}{SPACE}"),
    );
    played("keyboard");
    b.click(&b.cell(1, 1));
    b.click(&b.cell(0, 2));
    played("mouse");
    // A swipe from (1,1) up and right at 40 degrees: corner to corner.
    b.script(
        "const cell = document.querySelector('.cell[data-row=\"1\"][data-col=\"1\"]');\
         const box = cell.getBoundingClientRect();\
         const x = box.left + box.width / 2, y = box.top + box.height / 2;\
         cell.dispatchEvent(new PointerEvent('pointerdown', {clientX: x, clientY: y, bubbles: true}));\
         document.dispatchEvent(new PointerEvent('pointerup', {clientX: x + box.width * 0.6, clientY: y - box.height * 0.5, bubbles: true}));\
         return null",
    );
    played("swipe");
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
