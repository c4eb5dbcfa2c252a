//! `POST /api/restore` (a game carried over a server restart from the page's copy) and
//! the page's script modules, against the in-process router.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use match3_cli::serve::{Playground, assets::MODULES, router};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::serve::{call, new_game, store};

/// Plays the first legal move `n` times; the states after each (the last is the game's).
async fn play(s: &Arc<Playground>, game: &Value, n: usize) -> Vec<Value> {
    let mut states = vec![game.clone()];
    for _ in 0..n {
        let last = states.last().unwrap();
        let path = format!("/api/games/{}/moves", last["id"].as_str().unwrap());
        let mv = last["legal"][0].to_string();
        let (status, v) = call(s, "POST", &path, Some(&mv)).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        states.push(v["state"].clone());
    }
    states
}

async fn restore(s: &Arc<Playground>, body: &Value) -> (StatusCode, Value) {
    call(s, "POST", "/api/restore", Some(&body.to_string())).await
}

/// A state without what differs between servers: its id.
fn same_game(state: &Value) -> Value {
    let mut state = state.clone();
    state["id"] = Value::Null;
    state
}

#[tokio::test]
async fn a_game_continues_on_a_restarted_server_from_its_save_and_record() {
    let before = store();
    let game = new_game(&before, json!({"level": "13-jelly-ring", "seed": 5})).await;
    let states = play(&before, &game, 3).await;
    let last = &states[3];
    // Another server (as after a restart) has never heard of the game.
    let after = store();
    let id = last["id"].as_str().unwrap();
    let (status, _) = call(&after, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let body = json!({"save": last["save"], "level": last["level"], "record": last["record"]});
    let (status, restored) = restore(&after, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{restored}");
    assert_ne!(restored["id"], last["id"]);
    assert_eq!(same_game(&restored), same_game(last));
    assert_eq!(restored["can_undo"], true);
    // Both servers continue identically: the same move gives the same trace and state.
    let mv = last["legal"][0].to_string();
    let old = format!("/api/games/{id}/moves");
    let new = format!("/api/games/{}/moves", restored["id"].as_str().unwrap());
    let (_, a) = call(&before, "POST", &old, Some(&mv)).await;
    let (_, b) = call(&after, "POST", &new, Some(&mv)).await;
    assert_eq!(a["trace"], b["trace"]);
    assert_eq!(same_game(&a["state"]), same_game(&b["state"]));
    // Undo walks back through the replayed record to the start.
    let undo = format!("/api/games/{}/undo", restored["id"].as_str().unwrap());
    for k in (0..4).rev() {
        let (status, v) = call(&after, "POST", &undo, None).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(same_game(&v), same_game(&states[k]), "undo to move {k}");
    }
    let (status, _) = call(&after, "POST", &undo, None).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn the_save_may_be_the_json_text_or_the_object_and_a_partial_record_restores_without_undo() {
    let s = store();
    let game = new_game(&s, json!({"rules": "lines", "seed": 9})).await;
    let last = play(&s, &game, 2).await.pop().unwrap();
    let text = last["save"].as_str().expect("the save is JSON text");
    let object: Value = serde_json::from_str(text).unwrap();
    let body = json!({"save": object, "record": last["record"]});
    let (status, restored) = restore(&s, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{restored}");
    assert_eq!(same_game(&restored), same_game(&last));
    // Only the latest move of the record: the game and its record, without undo.
    let body = json!({"save": last["save"], "record": [last["record"][1]]});
    let (status, restored) = restore(&s, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{restored}");
    assert_eq!(restored["board"], last["board"]);
    assert_eq!(restored["can_undo"], false);
    assert_eq!(restored["record"], json!([last["record"][1]]));
}

#[tokio::test]
async fn a_copy_that_cannot_be_restored_is_400_saying_why() {
    let s = store();
    let game = new_game(&s, json!({"level": "13-jelly-ring", "seed": 5})).await;
    let states = play(&s, &game, 2).await;
    let last = &states[2];
    let save: Value = serde_json::from_str(last["save"].as_str().unwrap()).unwrap();
    let with = |field: &str, value: Value| {
        let mut save = save.clone();
        save[field] = value;
        save
    };
    let mut moved = save.clone();
    moved["state"]["moves"] = json!(99);
    // Another legal second move: the record replays, to another state.
    let text = |m: &Value| {
        let [a, b] = [&m["swap"][0], &m["swap"][1]];
        format!("swap ({},{}) ({},{})", a[0], a[1], b[0], b[1])
    };
    let other = (states[1]["legal"].as_array().unwrap().iter())
        .map(text)
        .find(|m| *m != last["record"][1])
        .unwrap();
    let cases = [
        (
            json!({"save": last["save"], "level": "14-locked-jelly"}),
            "not a game of the level",
        ),
        (
            json!({"save": last["save"], "level": "99-none"}),
            "unknown level",
        ),
        (
            json!({"save": with("rules", json!("chess"))}),
            "unknown rules",
        ),
        (json!({"save": moved}), "past the level's move limit"),
        (json!({"save": "{not json"}), "the save is not a saved game"),
        (
            json!({"save": last["save"], "record": [last["record"][0], "fly (0,0)"]}),
            "record move 2: \"fly (0,0)\" is not a move",
        ),
        (
            json!({"save": last["save"], "record": ["swap (0,0) (5,5)", last["record"][1]]}),
            "record move 1 (swap (0,0) (5,5)) cannot be replayed",
        ),
        (
            json!({"save": last["save"], "record": [last["record"][0], other]}),
            "the record does not lead to the saved state",
        ),
        (
            json!({"save": last["save"], "record": vec!["drop 0"; 1001]}),
            "longer than the 1000",
        ),
    ];
    for (body, want) in cases {
        let (status, v) = restore(&s, &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{want}: {v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.starts_with("cannot restore this game: "), "{error}");
        assert!(error.contains(want), "{want}: {error}");
    }
    let (status, v) = call(&s, "POST", "/api/restore", Some(r#"{"record": []}"#)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("missing field `save`"),
        "{v}"
    );
}

#[tokio::test]
async fn a_restored_board_is_no_larger_than_the_playground_takes() {
    use match3_core::{Game, GameConfig, Size};
    let variant = match3_cli::Registry::builtin()
        .get("lines")
        .unwrap()
        .clone();
    let config = GameConfig {
        size: Size::new(20, 20).unwrap(),
        colors: 5,
        seed: 1,
        blocker_percent: 0,
    };
    let game = Game::new(variant.rules(), config).unwrap();
    let save = serde_json::to_string(&game.save()).unwrap();
    let (status, v) = restore(&store(), &json!({ "save": save })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        v["error"].as_str().unwrap().contains("16x16 at most"),
        "{v}"
    );
}

#[test]
fn every_module_of_the_page_is_embedded_and_imports_only_served_modules() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/serve/assets/js");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".mjs") && !n.ends_with(".test.mjs") && n != "fixtures.mjs")
        .collect();
    files.sort();
    let embedded: Vec<&str> = MODULES.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        embedded, files,
        "update MODULES in crates/match3-cli/src/serve/assets.rs"
    );
    for (name, source) in MODULES {
        for import in source.split("from \"./").skip(1) {
            let target = import.split('"').next().unwrap();
            assert!(
                MODULES.iter().any(|(n, _)| *n == target),
                "{name} imports {target}, which is not served"
            );
        }
    }
}

#[tokio::test]
async fn modules_are_served_as_javascript_and_others_are_404_in_json() {
    let s = store();
    let get = |path: String| {
        let s = Arc::clone(&s);
        async move {
            router(s)
                .oneshot(Request::get(path).body(Body::empty()).unwrap())
                .await
                .unwrap()
        }
    };
    for (name, _) in MODULES {
        let res = get(format!("/js/{name}")).await;
        assert_eq!(res.status(), StatusCode::OK, "{name}");
        assert_eq!(
            res.headers()["content-type"],
            "text/javascript; charset=utf-8"
        );
    }
    for missing in ["/js/words.test.mjs", "/js/fixtures.mjs", "/js/nope.mjs"] {
        let (status, v) = call(&s, "GET", missing, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
        assert!(v["error"].as_str().unwrap().contains("no module"), "{v}");
    }
    let entry = get("/app.js".into()).await;
    let body = http_body_util::BodyExt::collect(entry.into_body())
        .await
        .unwrap()
        .to_bytes();
    assert!(String::from_utf8_lossy(&body).contains("import { main } from \"./js/main.mjs\""));
}
