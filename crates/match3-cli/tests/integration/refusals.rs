//! One table of refused games (`tests/refusals.json`), each run through the command
//! line (`match3 new`) and the playground (`POST /api/games`): the same refusal, word for
//! word. Python's tests run the same table through `match3.Game`.

use axum::http::StatusCode;
use serde_json::Value;

use crate::common::match3;
use crate::serve::{call, store};

/// The table: what each front end is given, and the message all of them refuse it with.
fn cases() -> Vec<Value> {
    let text = include_str!("../refusals.json");
    serde_json::from_str::<Vec<Value>>(text).expect("a JSON array")
}

#[tokio::test]
async fn the_command_line_and_the_playground_refuse_alike() {
    let cases = cases();
    assert!(cases.len() >= 3);
    let sessions = store();
    for case in cases {
        let error = case["error"].as_str().unwrap();
        let args: Vec<&str> = (case["cli"].as_array().unwrap().iter())
            .map(|a| a.as_str().unwrap())
            .collect();
        let out = match3(&args);
        assert_eq!(out.status.code(), Some(2), "{case}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.trim_end(), format!("match3: {error}"), "{case}");
        let body = case["http"].to_string();
        let (status, answer) = call(&sessions, "POST", "/api/games", Some(&body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{case}");
        assert_eq!(answer["error"], error, "{case}");
    }
}
