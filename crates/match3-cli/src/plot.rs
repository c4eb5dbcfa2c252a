//! `--plot FILE.svg`: score histograms per variant and bot, pass rates per level;
//! `--plot-leftover FILE.svg`: where a level's lost games left their unmet goals.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

/// Bars per histogram.
const BINS: u64 = 20;
/// One colour per bot, in ladder order (a colour-blind-safe palette).
const COLOURS: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
];

/// One histogram's data: which panel it belongs to (a variant or a level), its legend
/// label (a bot, or won and lost), and the scores.
pub struct Series<'a> {
    /// The panel's title.
    pub panel: String,
    /// The legend entry.
    pub label: String,
    /// How many games ended with each final score.
    pub scores: &'a BTreeMap<u64, u64>,
}

impl Series<'_> {
    fn mean(&self) -> f64 {
        let (sum, n) = (self.scores.iter()).fold((0f64, 0u64), |(s, n), (&score, &k)| {
            (s + score as f64 * k as f64, n + k)
        });
        if n == 0 { 0.0 } else { sum / n as f64 }
    }
}

/// A vertical line across every panel at a score, with its label (a star threshold).
pub struct Mark {
    /// Where.
    pub score: u64,
    /// What it marks.
    pub label: String,
}

/// A width that fits `title` at 20 px (about 11 px a character) beside `least`.
fn fit(title: &str, least: u32) -> u32 {
    least.max(title.chars().count() as u32 * 11 + 40)
}

fn failed(path: &Path) -> impl Fn(String) -> String + '_ {
    failed_for("--plot", path)
}

/// An error drawing `path`, given with `option`.
fn failed_for<'a>(option: &'a str, path: &'a Path) -> impl Fn(String) -> String + 'a {
    move |e| format!("{option} {}: {e}", path.display())
}

/// Score histograms: one panel per distinct `panel`, the series of a panel overlaid in
/// one colour per label, each over the same bins of the panel's score range, with a
/// vertical line at each series' mean.
pub fn histograms(
    path: &Path,
    title: &str,
    series: &[Series<'_>],
    marks: &[Mark],
) -> Result<(), String> {
    let err = failed(path);
    let panels = distinct(series.iter().map(|s| s.panel.as_str()));
    let labels = distinct(series.iter().map(|s| s.label.as_str()));
    let cols = panels.len().clamp(1, 2);
    let rows = panels.len().div_ceil(cols).max(1);
    let size = (fit(title, 560 * cols as u32), 70 + 320 * rows as u32);
    let root = SVGBackend::new(path, size).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
    let root = root
        .titled(title, ("sans-serif", 20))
        .map_err(|e| err(e.to_string()))?;
    for (area, panel) in root.split_evenly((rows, cols)).iter().zip(&panels) {
        let members: Vec<&Series> = series.iter().filter(|s| s.panel == *panel).collect();
        histogram_panel(area, panel, &members, &labels, marks).map_err(&err)?;
    }
    root.present().map_err(|e| err(e.to_string()))
}

/// Each name once, in the order they first come.
fn distinct<'a>(names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for name in names {
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// A chart with numbers on both axes.
type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// One panel: the members' histograms over the same bins, each in its label's colour
/// with its mean as a thick line, and the marks.
fn histogram_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    panel: &str,
    members: &[&Series<'_>],
    labels: &[&str],
    marks: &[Mark],
) -> Result<(), String> {
    let marked = marks.iter().map(|m| m.score);
    let (low, high) = score_range(members.iter().map(|s| s.scores), marked);
    let width = (high - low).div_ceil(BINS).max(1);
    let colour_of = |s: &Series| labels.iter().position(|l| *l == s.label).unwrap_or(0);
    let counts: Vec<(usize, Vec<u64>)> = (members.iter())
        .map(|s| (colour_of(s), bins(s.scores, low, width)))
        .collect();
    let top = (counts.iter().flat_map(|(_, c)| c.iter().copied()))
        .max()
        .unwrap_or(1)
        .max(1) as f64
        * 1.1;
    let x_end = low + width * BINS;
    let mut chart = ChartBuilder::on(area)
        .caption(panel, ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(34)
        .y_label_area_size(46)
        .build_cartesian_2d(low as f64..x_end as f64, 0f64..top)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("final score")
        .y_desc("games")
        .x_labels(6)
        .y_labels(5)
        .y_label_formatter(&|y| format!("{y:.0}"))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .draw()
        .map_err(|e| e.to_string())?;
    for (colour, bars) in &counts {
        draw_bars(&mut chart, *colour, labels[*colour], bars, (low, width))?;
    }
    // Each series' mean as a vertical line in its colour: the ladder at a glance.
    for s in members {
        let c = COLOURS[colour_of(s) % COLOURS.len()];
        let mean = s.mean();
        let line = PathElement::new(vec![(mean, 0.0), (mean, top)], c.stroke_width(3));
        chart.draw_series([line]).map_err(|e| e.to_string())?;
    }
    draw_marks(&mut chart, marks, top)?;
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}

/// One series' bars (filled, then outlined on top so overlapping bots stay readable),
/// bin `i` starting at `low + width * i`.
fn draw_bars<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    colour: usize,
    label: &str,
    bars: &[u64],
    (low, width): (u64, u64),
) -> Result<(), String> {
    let c = COLOURS[colour % COLOURS.len()];
    let boxes = || {
        (bars.iter().enumerate())
            .filter(|(_, n)| **n > 0)
            .map(move |(i, &n)| {
                let x0 = (low + width * i as u64) as f64;
                [(x0, 0.0), (x0 + width as f64, n as f64)]
            })
    };
    chart
        .draw_series(boxes().map(|b| Rectangle::new(b, c.mix(0.35).filled())))
        .map_err(|e| e.to_string())?
        .label(label)
        .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
    chart
        .draw_series(boxes().map(|b| Rectangle::new(b, c.stroke_width(1))))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The marks as thin black lines, labelled at the top.
fn draw_marks<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    marks: &[Mark],
    top: f64,
) -> Result<(), String> {
    for (i, m) in marks.iter().enumerate() {
        let x = m.score as f64;
        let line = PathElement::new(vec![(x, 0.0), (x, top)], BLACK.stroke_width(1));
        // Staggered, so close thresholds keep readable labels.
        let y = top * (0.97 - 0.07 * i as f64);
        let text = Text::new(format!(" {}", m.label), (x, y), ("sans-serif", 13));
        chart.draw_series([line]).map_err(|e| e.to_string())?;
        chart.draw_series([text]).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Draws the legend of `chart`'s labelled series at `position`, in the one style every
/// plot uses.
fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| e.to_string())
}

/// The lowest and highest final score over the histograms and the marks.
fn score_range<'a>(
    histograms: impl Iterator<Item = &'a BTreeMap<u64, u64>>,
    marks: impl Iterator<Item = u64>,
) -> (u64, u64) {
    let (mut low, mut high) = (u64::MAX, 0);
    for scores in histograms {
        if let (Some((&first, _)), Some((&last, _))) =
            (scores.first_key_value(), scores.last_key_value())
        {
            low = low.min(first);
            high = high.max(last);
        }
    }
    for mark in marks {
        (low, high) = (low.min(mark), high.max(mark));
    }
    if low > high {
        (0, 1)
    } else {
        (low, high.max(low + 1))
    }
}

/// Games per bin of `width` from `low`.
fn bins(scores: &BTreeMap<u64, u64>, low: u64, width: u64) -> Vec<u64> {
    let mut out = vec![0; BINS as usize];
    for (&score, &n) in scores {
        let i = ((score - low.min(score)) / width).min(BINS - 1);
        out[i as usize] += n;
    }
    out
}

/// One level's pass rate under one bot.
pub struct PassRate {
    /// The level's name.
    pub level: String,
    /// The bot.
    pub bot: String,
    /// Share of games won, and its Wilson 95% interval.
    pub rate: f64,
    /// Interval low end.
    pub low: f64,
    /// Interval high end.
    pub high: f64,
}

/// The difficulty curve: pass rate (y) against the levels in the order they first
/// appear in `rows` (x), a line per bot of `bots` (in their colours, as in
/// [`histograms`]) with each level's 95% interval, the `target` band shaded and, when
/// given, the `template`'s pass rate per level as a wide grey line. The y axis runs past 100% so the
/// legend sits above the data, never over it.
pub fn pass_rates(
    path: &Path,
    title: &str,
    bots: &[&str],
    rows: &[PassRate],
    target: Option<(f64, f64)>,
    template: Option<&[f64]>,
) -> Result<(), String> {
    let err = failed(path);
    let levels = distinct(rows.iter().map(|r| r.level.as_str()));
    let n = levels.len().max(1);
    // Room for each level's name under its point.
    let width = fit(title, 900).max(120 + 110 * n as u32);
    let root = SVGBackend::new(path, (width, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(-0.5f64..n as f64 - 0.5, 0f64..125f64)
        .map_err(|e| err(e.to_string()))?;
    chart
        .configure_mesh()
        .x_desc("levels in order")
        .y_desc("pass rate (%), with 95% interval")
        .x_labels(n)
        .x_label_formatter(&|x| {
            levels
                .get(x.round() as usize)
                .map_or(String::new(), |l| l.to_string())
        })
        .y_label_formatter(&|y| {
            if *y <= 100.0 {
                format!("{y:.0}")
            } else {
                String::new()
            }
        })
        .disable_x_mesh()
        .draw()
        .map_err(|e| err(e.to_string()))?;
    if let Some(target) = target {
        draw_target(&mut chart, target, n as f64).map_err(&err)?;
    }
    if let Some(template) = template {
        let points: Vec<(f64, f64)> = (template.iter().enumerate())
            .map(|(i, &t)| (i as f64, 100.0 * t))
            .collect();
        let grey = BLACK.mix(0.35).stroke_width(3);
        chart
            .draw_series(std::iter::once(PathElement::new(points, grey)))
            .map_err(|e| err(e.to_string()))?
            .label("template")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 12, y)], BLACK.mix(0.5)));
    }
    for (b, bot) in bots.iter().enumerate() {
        let mine: Vec<(usize, &PassRate)> = (rows.iter())
            .filter(|r| r.bot == *bot)
            .filter_map(|r| levels.iter().position(|l| *l == r.level).map(|i| (i, r)))
            .collect();
        draw_rates(&mut chart, (b, bot), &mine).map_err(&err)?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight).map_err(&err)?;
    root.present().map_err(|e| err(e.to_string()))
}

/// The target band of pass rates, shaded across every level.
fn draw_target<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    (lo, hi): (f64, f64),
    n: f64,
) -> Result<(), String> {
    let band = Rectangle::new(
        [(-0.5, 100.0 * lo), (n - 0.5, 100.0 * hi)],
        GREEN.mix(0.12).filled(),
    );
    chart
        .draw_series(std::iter::once(band))
        .map_err(|e| e.to_string())?
        .label(format!("target {:.0}–{:.0}%", 100.0 * lo, 100.0 * hi))
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], GREEN.mix(0.3).filled()));
    Ok(())
}

/// Bot number `b`'s curve through its rows (at their level's position), a point per
/// level and its interval, nudged sideways a little per bot so intervals do not hide
/// each other.
fn draw_rates<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    (b, bot): (usize, &str),
    mine: &[(usize, &PassRate)],
) -> Result<(), String> {
    let c = COLOURS[b % COLOURS.len()];
    let x = |level: usize| level as f64 + 0.08 * b as f64 - 0.1;
    chart
        .draw_series(std::iter::once(PathElement::new(
            mine.iter()
                .map(|&(i, r)| (x(i), 100.0 * r.rate))
                .collect::<Vec<_>>(),
            c.stroke_width(2),
        )))
        .map_err(|e| e.to_string())?
        .label(bot)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 12, y)], c.stroke_width(2)));
    chart
        .draw_series(
            mine.iter()
                .map(|&(i, r)| Circle::new((x(i), 100.0 * r.rate), 3, c.filled())),
        )
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(mine.iter().map(|&(i, r)| {
            PathElement::new(
                vec![(x(i), 100.0 * r.low), (x(i), 100.0 * r.high)],
                c.stroke_width(1),
            )
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Pixels a side of a heat map's cell.
const CELL: u32 = 48;
/// The colour of a share of 1 on the heat map (0 is white): the palette's vermilion.
pub const HOT: RGBColor = COLOURS[5];
/// A cell that holds no goal's piece: light grey.
pub const PLAIN: RGBColor = RGBColor(240, 240, 240);

/// One board cell of the leftover heat map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HeatCell {
    /// Not part of the board: dark grey.
    Hole,
    /// A cell no goal's piece started on or was left on: [`PLAIN`].
    Plain,
    /// A cell of a goal's pieces, with the share of lost games that left one on it: white
    /// (none) to [`HOT`] (every one).
    Goal(f64),
}

/// The leftover heat map: a square per board cell (`cells` row-major, `cols` a row),
/// a goal's cell shaded from white to [`HOT`] by the share of lost games that ended with
/// an unmet goal's piece on it and labelled with that share when above 0. Row 0 is at the
/// top, as boards print. The squares are the only rectangles after the background and
/// the plotting area's grey, in row-major order.
pub fn leftover(path: &Path, title: &str, cols: usize, cells: &[HeatCell]) -> Result<(), String> {
    let err = failed_for("--plot-leftover", path);
    let rows = cells.len().div_ceil(cols.max(1));
    // Square cells: the chart is as big as its cells and labels, centred under the title.
    let (label_x, label_y, margin) = (40, 50, 14);
    let grid = (
        label_y + CELL * cols as u32 + 2 * margin,
        label_x + CELL * rows as u32 + 2 * margin,
    );
    let width = fit(title, grid.0);
    let root = SVGBackend::new(path, (width, grid.1 + 40)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
    let root = (root.titled(title, ("sans-serif", 20))).map_err(|e| err(e.to_string()))?;
    let area = root.clone().shrink(((width - grid.0) / 2, 0), grid);
    let top = rows as f64 - 0.5;
    let mut chart = ChartBuilder::on(&area)
        .margin(margin)
        .x_label_area_size(label_x)
        .y_label_area_size(label_y)
        .build_cartesian_2d(-0.5f64..cols as f64 - 0.5, -0.5f64..top)
        .map_err(|e| err(e.to_string()))?;
    // Labels at the cells' centres (whole numbers); rows count down from the top.
    let whole = |v: f64, n: usize| {
        let i = v.round();
        ((v - i).abs() < 0.01 && i >= 0.0 && (i as usize) < n).then_some(i as usize)
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("column")
        .y_desc("row")
        .x_labels(cols)
        .y_labels(rows)
        .x_label_formatter(&|x| whole(*x, cols).map_or(String::new(), |c| c.to_string()))
        .y_label_formatter(&|y| {
            whole(*y, rows).map_or(String::new(), |r| (rows - 1 - r).to_string())
        })
        .draw()
        .map_err(|e| err(e.to_string()))?;
    // Grey between the squares, so that each square shows.
    (chart.plotting_area().fill(&BLACK.mix(0.15))).map_err(|e| err(e.to_string()))?;
    let at = |i: usize| ((i % cols) as f64, (rows - 1 - i / cols) as f64);
    chart
        .draw_series(cells.iter().enumerate().map(|(i, cell)| {
            let (x, y) = at(i);
            let fill = match *cell {
                HeatCell::Hole => BLACK.mix(0.5).to_rgba(),
                HeatCell::Plain => PLAIN.to_rgba(),
                HeatCell::Goal(share) => heat(share).to_rgba(),
            };
            let inset = 0.46;
            Rectangle::new(
                [(x - inset, y - inset), (x + inset, y + inset)],
                fill.filled(),
            )
        }))
        .map_err(|e| err(e.to_string()))?;
    let labels = (cells.iter().enumerate()).filter_map(|(i, cell)| {
        let HeatCell::Goal(s) = *cell else {
            return None;
        };
        Some(share_label(s, at(i))).filter(|_| s > 0.0)
    });
    chart.draw_series(labels).map_err(|e| err(e.to_string()))?;
    root.present().map_err(|e| err(e.to_string()))
}

/// A share as a percentage centred at `at`, white on the darker squares.
fn share_label(share: f64, at: (f64, f64)) -> Text<'static, (f64, f64), String> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let ink = if share > 0.6 { WHITE } else { BLACK };
    let style = ("sans-serif", 13)
        .into_font()
        .color(&ink)
        .pos(Pos::new(HPos::Center, VPos::Center));
    Text::new(format!("{:.0}%", 100.0 * share), at, style)
}

/// A share from 0 to 1 as a colour from white to [`HOT`].
fn heat(share: f64) -> RGBColor {
    let mix = |hot: u8| (255.0 - (255.0 - f64::from(hot)) * share.clamp(0.0, 1.0)).round() as u8;
    RGBColor(mix(HOT.0), mix(HOT.1), mix(HOT.2))
}
