//! Level files: what they hold, and errors that name the file, line and field.

use match3_core::{Color, Goal, Move, Pos, Status};
use match3_levels::{LevelError, LevelFile};

const FULL: &str = r#"name = "Blue rush"
rules = "lines"
board = '''
_??????_
????????
??????A?
'''
moves = 20
colors = 5
spawn = { A = 2, C = 0 }
shuffle = false
stars = [300, 600, 900]
[[goals]]
kind = "score"
target = 500
[[goals]]
kind = "collect"
color = "A"
count = 30
"#;

fn invalid(text: &str) -> (usize, String, String) {
    match LevelFile::parse(text, "lv.toml").unwrap_err() {
        LevelError::Invalid {
            file,
            line,
            field,
            message,
        } => {
            assert_eq!(file, "lv.toml");
            (line, field, message)
        }
        other => panic!("{other}"),
    }
}

#[test]
fn every_field_is_read() {
    let file = LevelFile::parse(FULL, "levels/blue.toml").unwrap();
    assert_eq!(file.name, "Blue rush");
    assert_eq!(file.rules, "lines");
    assert_eq!(file.colors, Some(5));
    assert_eq!(file.level.moves, Some(20));
    assert_eq!(file.level.shuffle, Some(false));
    assert_eq!(file.level.stars, vec![300, 600, 900]);
    let a = Color::from_letter('A').unwrap();
    assert_eq!(
        file.level.goals,
        vec![
            Goal::Score { target: 500 },
            Goal::Collect {
                color: a,
                count: 30
            }
        ]
    );
    assert!(file.level.spawn.is_some());
    let game = file.start(match3_lines::Lines, 9).unwrap();
    assert_eq!(game.moves_left(), Some(20));
    let board = game.board();
    assert!(board.at(Pos::new(0, 0)).is_hole() && board.at(Pos::new(0, 7)).is_hole());
    assert_eq!(board.piece_count(), 22);
    assert_eq!(game.status(), Status::Playable);
}

#[test]
fn random_cells_are_drawn_per_seed_and_fixed_cells_stay() {
    let file = LevelFile::parse(FULL, "x.toml").unwrap();
    let one = file.start(match3_lines::Lines, 1).unwrap();
    let two = file.start(match3_lines::Lines, 2).unwrap();
    assert_ne!(one.board(), two.board());
    assert_eq!(
        one.board(),
        file.start(match3_lines::Lines, 1).unwrap().board()
    );
    for game in [one, two] {
        assert_eq!(
            game.board().at(Pos::new(2, 6)).color(),
            Color::from_letter('A')
        );
    }
}

#[test]
fn the_name_defaults_to_the_file_stem() {
    let text = "rules = \"finite\"\nboard = \"AB/BA\"\n";
    assert_eq!(
        LevelFile::parse(text, "levels/tiny.toml").unwrap().name,
        "tiny"
    );
}

#[test]
fn syntax_and_schema_errors_name_line_and_field() {
    let (line, field, _) = invalid("rules = \"lines\"\nboard = \"AB\"\ncolour = 4\n");
    assert_eq!((line, field.as_str()), (3, "colour"));
    let (line, field, message) = invalid("rules = \"lines\"\n");
    assert_eq!(field, "board", "{message}");
    assert_eq!(line, 1);
    // A value of the wrong type: the key written on its line.
    let (line, field, _) = invalid("rules = \"lines\"\nboard = \"AB\"\nmoves = \"ten\"\n");
    assert_eq!((line, field.as_str()), (3, "moves"));
    // A syntax error with no key: the file as TOML.
    let (line, field, _) = invalid("rules = \"lines\"\nboard = \"AB\"\n[[goals]\n");
    assert_eq!((line, field.as_str()), (3, "toml"));
    let (line, field, _) = invalid("rules = \"lines\"\nboard = \"AB\"\nmoves = 0\n");
    assert_eq!((line, field.as_str()), (3, "moves"));
    let (line, field, _) = invalid("rules = \"lines\"\nboard = \"AB\"\nstars = [3, 2]\n");
    assert_eq!((line, field.as_str()), (3, "stars"));
}

#[test]
fn goal_errors_name_the_goal() {
    let base = "rules = \"lines\"\nboard = \"AB\"\n[[goals]]\nkind = \"score\"\ntarget = 1\n";
    let (line, field, _) = invalid(&format!("{base}[[goals]]\nkind = \"gems\"\n"));
    assert_eq!((line, field.as_str()), (7, "goals[1].kind"));
    let (_, field, message) = invalid(&format!("{base}[[goals]]\nkind = \"collect\"\ncount = 3\n"));
    assert_eq!(field, "goals[1].color", "{message}");
    let (line, field, _) = invalid(&format!(
        "{base}[[goals]]\nkind = \"collect\"\ncolor = \"AB\"\ncount = 3\n"
    ));
    assert_eq!((line, field.as_str()), (8, "goals[1].color"));
}

#[test]
fn obstacle_goals_need_obstacles_on_the_board() {
    let text = "rules = \"lines\"\nboard = '''\n??%2?\n?~???\n'''\ncolors = 4\n\
                [[goals]]\nkind = \"jelly\"\n[[goals]]\nkind = \"crates\"\n";
    let file = LevelFile::parse(text, "o.toml").unwrap();
    assert_eq!(file.level.goals, [Goal::Jelly, Goal::Crates]);
    let game = file.start(match3_lines::Lines, 1).unwrap();
    assert_eq!(game.board().jelly_left(), 1);
    assert_eq!(game.board().crates_left(), 1);
    // Without a crate on the board, the crates goal is the error, at its line.
    let text = text.replace("%2", "?");
    let file = LevelFile::parse(&text, "o.toml").unwrap();
    let err = file.start(match3_lines::Lines, 1).unwrap_err().to_string();
    assert_eq!(
        err,
        "o.toml:9: goals[1]: the level has a crates goal but its board has no crates"
    );
}

#[test]
fn spawn_colours_must_be_in_the_palette() {
    let (line, field, message) =
        invalid("rules = \"lines\"\nboard = \"AB\"\ncolors = 3\nspawn = { E = 2 }\n");
    assert_eq!((line, field.as_str()), (4, "spawn.E"), "{message}");
}

#[test]
fn board_errors_point_at_the_row_line() {
    let text = "rules = \"lines\"\nboard = '''\nAB\nA!\n'''\n";
    let file = LevelFile::parse(text, "b.toml").unwrap();
    let err = file.layout(&match3_lines::Lines).unwrap_err();
    let LevelError::Invalid {
        line,
        field,
        message,
        ..
    } = err
    else {
        panic!()
    };
    assert_eq!((line, field.as_str()), (4, "board"), "{message}");
    assert!(message.contains("row 1, col 0"), "{message}");
    // On one line with '/', every row is on the `board =` line.
    let file = LevelFile::parse("rules = \"lines\"\nboard = \"AB/A!\"\n", "b.toml").unwrap();
    let err = file.layout(&match3_lines::Lines).unwrap_err().to_string();
    assert!(err.starts_with("b.toml:2: board: row 1, col 0"), "{err}");
}

#[test]
fn a_level_is_won_at_the_end_of_the_turn_that_meets_its_goals() {
    let text = "rules = \"finite\"\nboard = \"AABC/BCAB/CBAC/ABCA\"\nmoves = 2\n\
                stars = [1, 3, 9]\n[[goals]]\nkind = \"score\"\ntarget = 3\n";
    let file = LevelFile::parse(text, "t.toml").unwrap();
    let mut game = file.start(match3_finite::Finite, 0).unwrap();
    game.play(Move::Swap(Pos::new(0, 2), Pos::new(1, 2)))
        .unwrap();
    assert_eq!(game.status(), Status::Won);
    assert_eq!(game.stars(), 2);
    assert!(game.goals()[0].done);
    let err = game
        .play(Move::Swap(Pos::new(1, 0), Pos::new(1, 1)))
        .unwrap_err();
    assert!(err.to_string().contains("game is over"), "{err}");
}

#[test]
fn a_level_is_lost_at_the_move_limit_with_a_goal_unmet() {
    let text = "rules = \"finite\"\nboard = \"AABC/BCAB/CBAC/ABCA\"\nmoves = 1\n\
                [[goals]]\nkind = \"score\"\ntarget = 4\n";
    let file = LevelFile::parse(text, "t.toml").unwrap();
    let mut game = file.start(match3_finite::Finite, 0).unwrap();
    game.play(Move::Swap(Pos::new(0, 2), Pos::new(1, 2)))
        .unwrap();
    assert_eq!(game.status(), Status::Lost);
    assert_eq!(game.stars(), 0);
    assert_eq!(game.moves_left(), Some(0));
}

#[test]
fn move_limits_are_bounded() {
    let (line, field, message) = invalid("rules = \"lines\"\nboard = \"AB\"\nmoves = 4294967295\n");
    assert_eq!((line, field.as_str()), (3, "moves"), "{message}");
    assert!(message.contains("more than 10000"), "{message}");
    let (_, field, message) = invalid("rules = \"lines\"\nboard = \"AB\"\nmoves = 0\n");
    assert_eq!(field, "moves");
    assert!(message.contains("at least 1"), "{message}");
    let text = format!(
        "rules = \"lines\"\nboard = \"AB\"\nmoves = {}\n",
        match3_levels::MAX_MOVES
    );
    assert!(LevelFile::parse(&text, "m.toml").is_ok());
}

#[test]
fn spawn_errors_say_which_condition_failed() {
    let heavy = "rules = \"lines\"\nboard = \"AB\"\ncolors = 5\nspawn = { A = 4294967295, \
                 B = 4294967295, C = 4294967295, D = 4294967295, E = 4294967295 }\n";
    let (line, field, message) = invalid(heavy);
    assert_eq!((line, field.as_str()), (4, "spawn"), "{message}");
    assert!(
        message.contains("add up to 21474836475, more than 4294967295"),
        "{message}"
    );
    let zero = "rules = \"lines\"\nboard = \"AB\"\ncolors = 2\nspawn = { A = 0, B = 0 }\n";
    let (_, field, message) = invalid(zero);
    assert_eq!(field, "spawn");
    assert!(message.contains("every colour's weight is 0"), "{message}");
}

#[test]
fn names_with_bidirectional_overrides_are_refused() {
    let text = "name = \"evil\u{202e}txt.exe\"\nrules = \"lines\"\nboard = \"AB\"\n";
    let (line, field, message) = invalid(text);
    assert_eq!((line, field.as_str()), (1, "name"), "{message}");
    assert!(message.contains("\\u{202e}"), "{message}");
}

#[test]
fn a_board_with_nothing_to_play_is_refused() {
    for board in ["____/____", "%%%/%%%", "..../....", "##/##"] {
        let text = format!("rules = \"lines\"\nboard = \"{board}\"\nmoves = 5\n");
        let file = LevelFile::parse(&text, "e.toml").unwrap();
        let err = file.start(match3_lines::Lines, 0).unwrap_err().to_string();
        assert!(
            err.starts_with("e.toml:2: board: the board holds no piece and no `?` cell"),
            "{board}: {err}"
        );
        let layout = file.layout(&match3_lines::Lines).unwrap();
        assert!(file.check_pieces(match3_lines::Lines, &layout).is_err());
    }
    // A drop game's empty board is played by dropping pieces into it.
    let text = "rules = \"clusters-drop\"\nboard = \"..../....\"\nmoves = 5\n";
    let file = LevelFile::parse(text, "d.toml").unwrap();
    let game = file.start(match3_clusters::Clusters::drop(), 0).unwrap();
    assert_eq!(game.status(), Status::Playable);
    // A board of random cells only has pieces once drawn.
    let text = "rules = \"lines\"\nboard = \"????/????/????\"\nmoves = 5\n";
    let file = LevelFile::parse(text, "r.toml").unwrap();
    assert!(file.start(match3_lines::Lines, 0).is_ok());
}

#[test]
fn overrides_go_through_the_files_checks_and_name_no_line() {
    use match3_levels::Override;
    let file = LevelFile::parse(FULL, "blue.toml").unwrap();
    let over = |o| match file.with_override(o).unwrap_err() {
        LevelError::Override { field, message, .. } => (field, message),
        other => panic!("{o:?}: {other}"),
    };
    assert_eq!(
        over(Override::Moves(0)).1,
        "a move limit must be at least 1"
    );
    assert!(over(Override::Moves(1 << 40)).1.contains("more than 10000"));
    assert_eq!(
        over(Override::Colors(30)),
        ("colors".to_string(), "30 is not in 1..=26".to_string())
    );
    assert_eq!(over(Override::Colors(300)).1, "300 is not in 1..=26");
    assert!(
        over(Override::Goal { index: 5, value: 1 })
            .1
            .contains("has 2 goals")
    );
    assert!(
        over(Override::Goal {
            index: 1,
            value: 1 << 40
        })
        .1
        .contains("too large for a count")
    );
    // A palette the rules refuse is found when a game starts, about the override too.
    let plain = LevelFile::parse(
        "rules = \"lines\"\nboard = \"??/??\"\ncolors = 5\n",
        "p.toml",
    );
    let one = plain.unwrap().with_override(Override::Colors(1)).unwrap();
    let err = one.start(match3_lines::Lines, 0).unwrap_err();
    assert!(
        matches!(&err, LevelError::Override { field, .. } if field == "colors"),
        "{err}"
    );
    // What the override causes elsewhere names the line it is on.
    let text = "rules = \"lines\"\nboard = \"AB\"\ncolors = 5\nspawn = { E = 2 }\n";
    let file = LevelFile::parse(text, "s.toml").unwrap();
    let err = file
        .with_override(Override::Colors(4))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("s.toml:4: spawn.E: colour E is outside"),
        "{err}"
    );
    // A larger palette gives the new colours the default weight of 1.
    let six = file.with_override(Override::Colors(6)).unwrap();
    assert_eq!(six.level.spawn.unwrap().weights(), [1, 1, 1, 1, 2, 1]);
    let set = |o| file.with_override(o).unwrap();
    assert_eq!(set(Override::Moves(7)).level.moves, Some(7));
}

#[test]
fn gravity_and_leftover_are_read_and_checked() {
    use match3_core::Leftover;
    use match3_core::gravity::Bundled;
    let plain = LevelFile::parse(FULL, "lv.toml").unwrap();
    assert_eq!(plain.level.gravity, None);
    assert_eq!(plain.level.leftover, Leftover::End);
    let text = FULL.replace(
        "shuffle = false\n",
        "shuffle = false\ngravity = \"slide\"\nleftover = \"bonus\"\n",
    );
    let file = LevelFile::parse(&text, "lv.toml").unwrap();
    assert_eq!(file.level.gravity, Some(Bundled::Slide));
    assert_eq!(file.level.leftover, Leftover::Bonus);
    let (line, field, message) =
        invalid(&FULL.replace("moves = 20\n", "moves = 20\nleftover = \"party\"\n"));
    assert_eq!((line, field.as_str()), (9, "leftover"), "{message}");
    assert!(message.contains("\"bonus\""), "{message}");
}

#[test]
fn limits_say_which_bound_they_break() {
    use match3_levels::{LimitError, MAX_MOVES, check_colors, check_moves};
    assert_eq!(check_moves(0), Err(LimitError::NoMoves));
    let above = u64::from(MAX_MOVES) + 1;
    assert_eq!(check_moves(above), Err(LimitError::TooManyMoves(above)));
    assert_eq!(check_moves(u64::from(MAX_MOVES)), Ok(()));
    assert_eq!(check_colors(27), Err(LimitError::Colors(27)));
    assert_eq!(check_colors(26), Ok(()));
    assert_eq!(
        check_colors(0).unwrap_err().to_string(),
        "0 is not in 1..=26"
    );
}
