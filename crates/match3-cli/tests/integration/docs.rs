//! The worked examples of `docs/cli.md` print what the page shows: every `text` block
//! that starts with `$ match3 …` is run and its output compared, and the leftover heat
//! map on the page is the one its command draws.

use crate::common::match3;

const PAGE: &str = include_str!("../../../../docs/cli.md");

fn run(args: &[&str]) -> Vec<u8> {
    let out = match3(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn the_examples_of_the_command_reference_print_what_it_shows() {
    let mut checked = 0;
    for block in PAGE.split("```text\n").skip(1) {
        let block = block.split("```").next().expect("a closed block");
        let Some(example) = block.strip_prefix("$ match3 ") else {
            continue;
        };
        let (command, shown) = example.split_once('\n').expect("output after the command");
        let args: Vec<&str> = command.split_whitespace().collect();
        let printed = String::from_utf8(run(&args)).unwrap();
        assert_eq!(printed.trim_end(), shown.trim_end(), "$ match3 {command}");
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} examples found");
}

#[test]
fn the_leftover_heat_map_on_the_page_is_the_one_its_command_draws() {
    let shown = "docs/leftover.svg";
    let line = (PAGE.lines())
        .find(|l| l.contains("--plot-leftover") && l.contains(shown))
        .expect("the example's command");
    let command = line
        .trim()
        .strip_prefix("match3 ")
        .expect("a match3 command");
    let path = std::env::temp_dir().join(format!("match3-docs-{}.svg", std::process::id()));
    let path_arg = path.to_str().unwrap();
    let args: Vec<&str> = (command.split_whitespace())
        .map(|a| if a == shown { path_arg } else { a })
        .collect();
    run(&args);
    let drawn = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let page = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/leftover.svg"
    ));
    assert!(
        page.unwrap() == drawn,
        "docs/leftover.svg is not what `{command}` draws: run it again"
    );
}
