//! The playground's JSON API, in process (no socket): every route, every error path.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use match3_cli::Registry;
use match3_cli::serve::{DEFAULT_CAP, Limits, Playground, levels::LEVELS, router};
use serde_json::{Value, json};
use tower::ServiceExt;

/// Sends one request to a router over `sessions`; the status and the JSON body.
pub(crate) async fn call(
    sessions: &Arc<Playground>,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (StatusCode, Value) {
    let (status, _, value) = call_with_headers(sessions, method, path, body).await;
    (status, value)
}

/// [`call`], with the answer's headers.
async fn call_with_headers(
    sessions: &Arc<Playground>,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let mut req = Request::builder().method(method).uri(path);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let res = router(Arc::clone(sessions)).oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, headers, value)
}

/// A playground keeping `cap` games, evicting the least recently used at once.
fn evicting(cap: usize) -> Arc<Playground> {
    let limits = Limits {
        max_games: cap,
        active_window: std::time::Duration::ZERO,
        ..Limits::default()
    };
    Arc::new(Playground::with_limits(Registry::builtin(), limits))
}

pub(crate) fn store() -> Arc<Playground> {
    Arc::new(Playground::new(Registry::builtin(), DEFAULT_CAP))
}

pub(crate) async fn new_game(sessions: &Arc<Playground>, body: Value) -> Value {
    let (status, state) = call(sessions, "POST", "/api/games", Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state
}

#[tokio::test]
async fn the_teaching_worked_example_scores_three_in_one_move() {
    let s = store();
    let game = new_game(&s, json!({"rules": "finite"})).await;
    assert_eq!(game["board"], "AABC/BCAB/CBAC/ABCA");
    assert_eq!(game["status"], "playable");
    assert_eq!(game["cells"][0]["label"], "row 1, column 1: colour A");
    let id = game["id"].as_str().unwrap();
    let path = format!("/api/games/{id}/moves");
    let (status, v) = call(&s, "POST", &path, Some(r#"{"swap": [[0, 2], [1, 2]]}"#)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["legal"], true);
    assert_eq!(v["state"]["score"], 3);
    assert_eq!(v["state"]["moves"], 1);
    assert_eq!(v["state"]["board"], "...C/BCBB/CBAC/ABCA");
    assert_eq!(v["trace"]["opening"]["ids"], json!([2, 6]));
    assert_eq!(
        v["trace"]["phases"][0]["cleared"],
        json!([[0, 0], [0, 1], [0, 2]])
    );
    assert_eq!(v["state"]["record"], json!(["swap (0,2) (1,2)"]));
    assert_eq!(v["state"]["cells"][0]["label"], "row 1, column 1: empty");
    // The same game, fetched again.
    let (status, again) = call(&s, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again, v["state"]);
}

#[tokio::test]
async fn each_variant_says_which_swaps_it_allows_and_a_corner_swap_plays() {
    let mut variants = Registry::builtin();
    variants.add(crate::common::corners::variant()).unwrap();
    let s = Arc::new(Playground::new(variants, DEFAULT_CAP));
    let (_, v) = call(&s, "GET", "/api/variants", None).await;
    let swaps: Vec<(&str, &Value)> = (v["variants"].as_array().unwrap().iter())
        .map(|x| (x["name"].as_str().unwrap(), &x["swaps"]))
        .collect();
    let (sides, corners, none) = (
        json!([[0, 1], [1, 0]]),
        json!([[0, 1], [1, 0], [1, 1], [1, -1]]),
        json!([]),
    );
    assert_eq!(
        swaps,
        [
            ("lines", &sides),
            ("clusters", &sides),
            ("clusters-drop", &none),
            ("clusters-tap", &none),
            ("finite", &sides),
            ("corners", &corners),
        ]
    );
    // The A at (1,1) moves up-right, corner to corner, and completes the top row.
    let game = new_game(&s, json!({"rules": "corners", "board": "AAB/CAD/DCE"})).await;
    assert!(
        (game["legal"].as_array().unwrap()).contains(&json!({"swap": [[0, 2], [1, 1]]})),
        "{}",
        game["legal"]
    );
    let id = game["id"].as_str().unwrap();
    let corner = r#"{"swap": [[1, 1], [0, 2]]}"#;
    let (status, v) = call(&s, "POST", &format!("/api/games/{id}/moves"), Some(corner)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["score"], 3);
    assert_eq!(v["trace"]["opening"]["swap"], json!([[1, 1], [0, 2]]));
    assert_eq!(v["state"]["record"], json!(["swap (1,1) (0,2)"]));
    // Side by side only, the same swap is refused and changes nothing.
    let game = new_game(&s, json!({"rules": "lines", "board": "AAB/CAD/DCE"})).await;
    let id = game["id"].as_str().unwrap();
    let (status, v) = call(&s, "POST", &format!("/api/games/{id}/moves"), Some(corner)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("side by side"), "{v}");
    assert_eq!(v["state"]["board"], "AAB/CAD/DCE");
}

#[tokio::test]
async fn an_illegal_move_says_why_and_changes_nothing() {
    let s = store();
    let game = new_game(&s, json!({"rules": "finite", "board": "cross"})).await;
    let id = game["id"].as_str().unwrap();
    let path = format!("/api/games/{id}/moves");
    let (status, v) = call(&s, "POST", &path, Some(r#"{"swap": [[0, 0], [3, 3]]}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["legal"], false);
    assert!(
        v["error"].as_str().unwrap().contains("not side by side"),
        "{v}"
    );
    assert_eq!(v["state"], game);
    let (status, v) = call(&s, "POST", &path, Some(r#"{"swap": [[0, 0], [9, 0]]}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("off the"), "{v}");
    assert_eq!(v["state"], game);
    let (status, v) = call(&s, "POST", &path, Some(r#"{"drop": 1}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("drop"), "{v}");
    assert_eq!(v["state"], game);
}

#[tokio::test]
async fn malformed_requests_are_4xx_with_a_message() {
    let s = store();
    let game = new_game(&s, json!({"rules": "finite"})).await;
    let path = format!("/api/games/{}/moves", game["id"].as_str().unwrap());
    let cases: [(&str, Option<&str>, &str); 6] = [
        ("POST", Some("{\"swap\": "), "malformed request"),
        ("POST", Some("[1, 2]"), "malformed request"),
        (
            "POST",
            Some(r#"{"swap": [[0, 2], [1, 2]], "tap": [0, 0]}"#),
            "exactly one",
        ),
        ("POST", Some(r#"{"jump": 3}"#), "unknown field"),
        (
            "POST",
            Some(r#"{"swap": [[0, -1], [1, 2]]}"#),
            "malformed request",
        ),
        ("POST", None, "malformed request"),
    ];
    for (method, body, want) in cases {
        let (status, v) = call(&s, method, &path, body).await;
        assert!(status.is_client_error(), "{body:?}: {status}");
        let error = v["error"].as_str().unwrap_or_default();
        assert!(error.contains(want), "{body:?}: {v}");
    }
    let (status, v) = call(&s, "POST", "/api/games", Some(r#"{"rules": "chess"}"#)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("unknown rules \"chess\"")
    );
    let (status, v) = call(
        &s,
        "POST",
        "/api/games",
        Some(r#"{"rules": "finite", "board": "AB/A"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("row 1"), "{v}");
    let (status, v) = call(&s, "POST", "/api/games", Some(r#"{"level": "99-nowhere"}"#)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, v) = call(&s, "POST", "/api/games", Some(r#"{"seed": 1}"#)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    // The game is as it was.
    let (_, now) = call(
        &s,
        "GET",
        &format!("/api/games/{}", game["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(now, game);
}

#[tokio::test]
async fn unknown_games_and_routes_are_404_with_a_message() {
    let s = store();
    for path in ["/api/games/g999", "/api/games/g999/hint", "/nowhere"] {
        let (status, v) = call(&s, "GET", path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(v["error"].is_string(), "{path}: {v}");
    }
    let (status, _) = call(&s, "POST", "/api/games/g999/moves", Some(r#"{"drop": 0}"#)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn undo_reset_and_hint() {
    let s = store();
    let game = new_game(&s, json!({"rules": "finite"})).await;
    let id = game["id"].as_str().unwrap().to_string();
    let (status, v) = call(&s, "POST", &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{v}");
    let (_, hint) = call(&s, "GET", &format!("/api/games/{id}/hint"), None).await;
    let mv = hint["move"].to_string();
    let (status, played) = call(&s, "POST", &format!("/api/games/{id}/moves"), Some(&mv)).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["state"]["can_undo"], true);
    let (_, undone) = call(&s, "POST", &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(undone, game, "undo returns to the state before the move");
    call(&s, "POST", &format!("/api/games/{id}/moves"), Some(&mv)).await;
    let (_, reset) = call(&s, "POST", &format!("/api/games/{id}/reset"), None).await;
    assert_eq!(reset, game);
}

#[tokio::test]
async fn the_store_is_bounded_and_evicts_the_least_recently_used() {
    let s = evicting(3);
    let mut ids = Vec::new();
    for seed in 0..5 {
        let g = new_game(&s, json!({"rules": "lines", "seed": seed})).await;
        ids.push(g["id"].as_str().unwrap().to_string());
    }
    assert_eq!(s.sessions.len(), 3);
    let (status, _) = call(&s, "GET", &format!("/api/games/{}", ids[0]), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&s, "GET", &format!("/api/games/{}", ids[4]), None).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn every_variant_and_sample_level_starts() {
    let s = store();
    let (_, v) = call(&s, "GET", "/api/variants", None).await;
    let names: Vec<&str> = (v["variants"].as_array().unwrap().iter())
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "lines",
            "clusters",
            "clusters-drop",
            "clusters-tap",
            "finite"
        ]
    );
    for name in names {
        let g = new_game(&s, json!({"rules": name, "seed": 3})).await;
        assert_eq!(g["rules"], name);
    }
    for level in v["levels"].as_array().unwrap() {
        let name = level["name"].as_str().unwrap();
        let g = new_game(&s, json!({"level": name, "seed": 2})).await;
        assert_eq!(g["level"], name);
        assert_eq!(g["rules"], level["rules"]);
    }
    // Obstacles reach the page: the jelly ring level has jelly, labelled.
    let g = new_game(&s, json!({"level": "13-jelly-ring"})).await;
    assert_eq!(g["cells"][0]["jelly"], 2);
    assert!(
        g["cells"][0]["label"]
            .as_str()
            .unwrap()
            .ends_with("jelly 2")
    );
}

#[test]
fn every_sample_level_is_embedded() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let embedded: Vec<&str> = LEVELS.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        embedded, files,
        "update crates/match3-cli/src/serve/levels.rs"
    );
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_with_the_test_hooks() {
    let s = store();
    let res = router(Arc::clone(&s))
        .oneshot(Request::get("/").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let page = res.into_body().collect().await.unwrap().to_bytes();
    let page = String::from_utf8_lossy(&page);
    for hook in [
        "id=\"score\"",
        "id=\"moves\"",
        "id=\"status\"",
        "id=\"reset\"",
        "id=\"undo\"",
        "id=\"hint\"",
        "select id=\"variant\"",
        "id=\"board-input\"",
        "id=\"load\"",
        "aria-live",
    ] {
        assert!(page.contains(hook), "{hook}");
    }
    // The variant choices come from the registry through /api/variants, not the page.
    assert!(!page.contains("<option value=\"lines\">"));
    let (_, listed) = call(&s, "GET", "/api/variants", None).await;
    let names: Vec<&str> = (listed["variants"].as_array().unwrap().iter())
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "lines",
            "clusters",
            "clusters-drop",
            "clusters-tap",
            "finite"
        ]
    );
    for path in ["/app.js", "/style.css"] {
        let res = router(Arc::clone(&s))
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
    }
}

#[test]
fn serve_prints_its_address_and_stops_cleanly_on_ctrl_c() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_match3"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    assert!(
        url.starts_with("http://127.0.0.1:"),
        "localhost by default: {url}"
    );
    let v = crate::common::http::get(&format!("{url}api/variants"))
        .and_then(|r| r.ok()?.json())
        .unwrap();
    assert_eq!(v["variants"][0]["name"], "lines");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert!(exit.success(), "Ctrl-C is a clean stop: {exit}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_creates_never_panic_even_with_room_for_one_game() {
    let s = evicting(1);
    let mut tasks = Vec::new();
    for _ in 0..16 {
        let s = Arc::clone(&s);
        tasks.push(tokio::spawn(async move {
            for _ in 0..30 {
                let body = r#"{"rules": "finite"}"#;
                let (status, state) = call(&s, "POST", "/api/games", Some(body)).await;
                assert_eq!(status, StatusCode::CREATED, "{state}");
                assert_eq!(state["board"], "AABC/BCAB/CBAC/ABCA");
            }
        }));
    }
    for t in tasks {
        t.await.expect("no create panicked");
    }
    assert_eq!(s.sessions.len(), 1);
}

#[tokio::test]
async fn malformed_bodies_are_400_and_boards_are_bounded() {
    let s = store();
    for body in [
        r#"{"rules": 5}"#,
        r#"{"rules": "lines", "seed": "x"}"#,
        "{",
        r#"{"colour": 3}"#,
    ] {
        let (status, v) = call(&s, "POST", "/api/games", Some(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .starts_with("malformed request"),
            "{v}"
        );
    }
    let (status, v) = call(
        &s,
        "POST",
        "/api/games",
        Some(r#"{"rules": "lines", "size": "32x32"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"].as_str().unwrap().contains("16x16 at most"),
        "{v}"
    );
    let (status, _) = call(
        &s,
        "POST",
        "/api/games",
        Some(r#"{"rules": "lines", "size": "16x16"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn assets_are_cached_and_compressed_the_api_is_never_cached() {
    let s = store();
    let get = |path: &'static str, gzip: bool| {
        let s = Arc::clone(&s);
        async move {
            let mut req = Request::get(path);
            if gzip {
                req = req.header("accept-encoding", "gzip");
            }
            router(s)
                .oneshot(req.body(Body::empty()).unwrap())
                .await
                .unwrap()
        }
    };
    let script = get("/app.js", true).await;
    assert_eq!(script.headers()["content-encoding"], "gzip");
    assert_eq!(script.headers()["cache-control"], "public, max-age=300");
    let api = get("/api/variants", false).await;
    assert_eq!(api.headers()["cache-control"], "no-store");
    for icon in ["/favicon.ico", "/favicon.svg"] {
        let res = get(icon, false).await;
        assert_eq!(res.status(), StatusCode::OK, "{icon}");
        assert_eq!(res.headers()["content-type"], "image/svg+xml");
    }
}

#[tokio::test]
async fn a_store_full_of_games_in_play_refuses_creates_with_retry_after() {
    let s = Arc::new(Playground::new(Registry::builtin(), 3));
    let mut ids = Vec::new();
    for seed in 0..3 {
        let g = new_game(&s, json!({"rules": "lines", "seed": seed})).await;
        ids.push(g["id"].as_str().unwrap().to_string());
    }
    let body = json!({"rules": "lines"}).to_string();
    let (status, headers, v) = call_with_headers(&s, "POST", "/api/games", Some(&body)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("full of games in play"),
        "{v}"
    );
    let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(
        (290..=300).contains(&retry),
        "{retry} s: the five-minute window"
    );
    for id in &ids {
        let (status, _) = call(&s, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "no game in play was evicted");
    }
}

#[tokio::test]
async fn a_busy_game_answers_503_after_the_bounded_wait() {
    let limits = Limits {
        game_wait: std::time::Duration::from_millis(200),
        ..Limits::default()
    };
    let s = Arc::new(Playground::with_limits(Registry::builtin(), limits));
    let game = new_game(&s, json!({"rules": "finite"})).await;
    let id = game["id"].as_str().unwrap();
    // Another request holds the game.
    let held = s.sessions.get(id).unwrap();
    let guard = held.lock().await;
    let start = std::time::Instant::now();
    let path = format!("/api/games/{id}");
    let (status, headers, v) = call_with_headers(&s, "GET", &path, None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(v["error"].as_str().unwrap().contains("busy"), "{v}");
    assert_eq!(headers["retry-after"], "1");
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    drop(guard);
    let (status, _) = call(&s, "GET", &path, None).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn oversized_work_is_refused_before_it_starts() {
    let s = store();
    let refused = [
        (
            json!({"rules": "lines", "size": "32x32", "colors": 2}),
            "16x16 at most",
        ),
        (json!({"rules": "lines", "size": "16x99999"}), "size"),
        (
            json!({"rules": "lines", "size": "8x8", "colors": 30}),
            "not in 1..=26",
        ),
        (
            json!({"rules": "lines", "board": "AB/".repeat(3000)}),
            "\"board\" is 9000 bytes",
        ),
        (
            json!({"rules": "lines", "board": vec!["AB"; 20].join("/")}),
            "20x2 board is larger",
        ),
        (
            json!({"level": "x".repeat(1000)}),
            "\"level\" is 1000 bytes",
        ),
    ];
    for (body, want) in refused {
        let start = std::time::Instant::now();
        let (status, v) = call(&s, "POST", "/api/games", Some(&body.to_string())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.contains(want), "{want:?} not in {error}");
        assert!(error.len() < 300, "{error}");
        assert!(
            start.elapsed().as_millis() < 50,
            "{want}: {:?}",
            start.elapsed()
        );
    }
}

#[tokio::test]
async fn every_error_answer_is_json_quoting_only_a_short_excerpt() {
    let s = store();
    let long_id = "g".repeat(2_000);
    let long_field = format!(r#"{{"{}": 1}}"#, "colour".repeat(10_000));
    let big_body = format!(
        r#"{{"rules": "lines", "board": "{}"}}"#,
        "A".repeat(100_000)
    );
    let cases: [(&str, String, Option<&str>, StatusCode); 7] = [
        (
            "GET",
            format!("/api/games/{long_id}"),
            None,
            StatusCode::NOT_FOUND,
        ),
        (
            "GET",
            format!("/api/games/{}", "g".repeat(60_000)),
            None,
            StatusCode::URI_TOO_LONG,
        ),
        ("GET", "/nowhere".to_string(), None, StatusCode::NOT_FOUND),
        (
            "DELETE",
            "/api/games".to_string(),
            None,
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            "POST",
            "/api/variants".to_string(),
            None,
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            "POST",
            "/api/games".to_string(),
            Some(&long_field),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games".to_string(),
            Some(&big_body),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
    ];
    for (method, path, body, want) in cases {
        let (status, headers, v) = call_with_headers(&s, method, &path, body).await;
        assert_eq!(
            status,
            want,
            "{method} {}: {v}",
            &path[..path.len().min(40)]
        );
        assert_eq!(headers["content-type"], "application/json");
        let error = v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{method}: {v}"));
        assert!(
            error.len() < 400,
            "{method}: {} bytes of error",
            error.len()
        );
    }
}

#[tokio::test]
async fn odd_targets_and_methods_get_json_errors() {
    let s = store();
    let (status, v) = call(&s, "POST", "/", None).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{v}");
    let (status, v) = call(&s, "GET", "/api/games/%FF%FE", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"].as_str().unwrap().starts_with("bad game id"),
        "{v}"
    );
    // A request target longer than any route needs.
    let (status, v) = call(
        &s,
        "GET",
        &format!("/api/variants?{}", "q".repeat(5000)),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    assert!(v["error"].as_str().unwrap().contains("5014 bytes"), "{v}");
}
