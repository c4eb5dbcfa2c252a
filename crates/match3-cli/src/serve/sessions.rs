//! The bounded session store: one game per browser tab, at most a cap of them, so memory
//! stays bounded however many tabs come and go. Beyond the cap the least recently used
//! game makes room, but only once it has gone unused for the active window: a game in
//! play is never thrown away, and while every game is in play a new one is refused
//! ([`Full`]) with the time until one may be.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use match3_core::{Game, Move, Snapshot};

use crate::variant::{SharedRules, Variant};

/// Undo steps kept per session.
pub const UNDO_DEPTH: usize = 200;

/// Moves kept in a session's record (the latest; the page shows the end of it).
pub const RECORD_LENGTH: usize = 1000;

/// The largest board side the playground takes (the page offers up to 12×12).
pub const MAX_SIDE: usize = 16;

/// The most memory one session holds, in bytes: a 16×16 game with [`UNDO_DEPTH`] undo
/// steps and a full record, as a test measures it (the bytes its allocations ask for:
/// about 830 KB for lines, each undo step a snapshot of about 4 KB; rounded up to 1 MiB
/// here). A full session on the page's usual 8×8 board holds about 415 KB: much of a
/// snapshot is per-colour bit planes whose size depends little on the board's.
pub const SESSION_BYTES: usize = 1 << 20;

/// The memory the default cap is sized for: all sessions together stay within it.
pub const GAMES_MEMORY: usize = 256 << 20;

/// Sessions kept when no cap is given: as many as fit in [`GAMES_MEMORY`] at
/// [`SESSION_BYTES`] each (256).
pub const DEFAULT_CAP: usize = GAMES_MEMORY / SESSION_BYTES;

/// How recently a game must have been used to be safe from eviction (five minutes).
pub const ACTIVE_WINDOW: Duration = Duration::from_secs(300);

/// One browser game.
pub struct Session {
    /// The game.
    pub game: Game<SharedRules>,
    /// The variant it plays.
    pub variant: Variant,
    /// The sample level it plays, if any.
    pub level: Option<String>,
    /// States before each move, for undo (at most [`UNDO_DEPTH`], oldest first).
    pub undo: VecDeque<Snapshot>,
    /// The moves played, in order (at most the last [`RECORD_LENGTH`]).
    pub record: VecDeque<Move>,
    /// Counts the changes to the game, so a hint knows the position it was for.
    version: u64,
    /// The last hint: the version it was for and the move.
    hint: Option<(u64, Option<Move>)>,
}

impl Session {
    /// A session for `game`.
    pub fn new(game: Game<SharedRules>, variant: Variant, level: Option<String>) -> Session {
        Session {
            game,
            variant,
            level,
            undo: VecDeque::new(),
            record: VecDeque::new(),
            version: 0,
            hint: None,
        }
    }

    /// Plays `mv`, keeping the state before it for undo and the move in the record.
    pub fn play(&mut self, mv: Move) -> Result<match3_core::Trace, match3_core::MoveError> {
        let before = self.game.snapshot();
        let trace = self.game.play(mv)?;
        if self.undo.len() == UNDO_DEPTH {
            self.undo.pop_front();
        }
        self.undo.push_back(before);
        if self.record.len() == RECORD_LENGTH {
            self.record.pop_front();
        }
        self.record.push_back(mv);
        self.version += 1;
        Ok(trace)
    }

    /// Takes back the last move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(snapshot) = self.undo.pop_back() else {
            return false;
        };
        self.game.restore(&snapshot);
        self.record.pop_back();
        self.version += 1;
        true
    }

    /// Back to the starting board, with no undo and an empty record.
    pub fn reset(&mut self) {
        self.game.reset();
        self.undo.clear();
        self.record.clear();
        self.version += 1;
    }

    /// The hint already found for the position now, if any (`Some(None)`: no move is
    /// legal).
    pub fn known_hint(&self) -> Option<Option<Move>> {
        self.hint
            .filter(|(version, _)| *version == self.version)
            .map(|(_, mv)| mv)
    }

    /// Keeps `mv` as the hint for the position now.
    pub fn keep_hint(&mut self, mv: Option<Move>) {
        self.hint = Some((self.version, mv));
    }
}

/// A game as the store hands it out: requests on it take turns. The lock is async, so a
/// request waiting for it holds no thread (and its wait can be bounded).
pub type GameLock = tokio::sync::Mutex<Session>;

/// The store is full of games in play: a new one may be kept after `retry_after`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full {
    /// How long until the least recently used game leaves the active window.
    pub retry_after: Duration,
}

/// The store: ids to sessions, and a use order for eviction.
pub struct Sessions {
    cap: usize,
    window: Duration,
    inner: Mutex<Inner>,
    ids: Ids,
}

/// A kept game: its last use (a tick of the use order, and when) and the game.
struct Entry {
    tick: u64,
    used: Instant,
    game: Arc<GameLock>,
}

#[derive(Default)]
struct Inner {
    /// Sessions by id.
    map: HashMap<String, Entry>,
    /// Ids by last use: the first is the least recently used.
    order: BTreeMap<u64, String>,
    tick: u64,
    minted: u64,
}

/// Game ids no one can guess: 128 bits of SipHash, under keys the process draws from the
/// operating system's randomness once, of a counter. Knowing some ids tells nothing
/// about others, so on a public bind no one can play or reset someone else's game.
struct Ids(std::collections::hash_map::RandomState);

impl Ids {
    fn mint(&self, n: u64) -> String {
        use std::hash::BuildHasher;
        let (a, b) = (self.0.hash_one((0u8, n)), self.0.hash_one((1u8, n)));
        format!("g{a:016x}{b:016x}")
    }
}

impl Sessions {
    /// A store keeping at most `cap` sessions (at least one), never evicting one used
    /// within `window`.
    pub fn new(cap: usize, window: Duration) -> Sessions {
        Sessions {
            cap: cap.max(1),
            window,
            inner: Mutex::new(Inner::default()),
            ids: Ids(std::collections::hash_map::RandomState::new()),
        }
    }

    /// The cap.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// The active window.
    pub fn window(&self) -> Duration {
        self.window
    }

    /// How many sessions are kept now.
    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    /// Whether no session is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a new session can be kept now (a full store with a game unused for the
    /// window can), or when one may be; [`insert`](Sessions::insert) decides.
    pub fn room(&self) -> Result<(), Full> {
        let inner = self.lock();
        if inner.map.len() < self.cap {
            return Ok(());
        }
        match self.wait_for_room(&inner, Instant::now()) {
            None => Ok(()),
            Some(retry_after) => Err(Full { retry_after }),
        }
    }

    /// How long until the least recently used session of a full store leaves the window;
    /// `None` when it already has.
    fn wait_for_room(&self, inner: &Inner, now: Instant) -> Option<Duration> {
        let (_, oldest) = inner.order.first_key_value()?;
        let idle = now.saturating_duration_since(inner.map[oldest].used);
        (idle < self.window).then(|| self.window - idle)
    }

    /// Stores `session` under a new, unguessable id, evicting the least recently used
    /// beyond the cap if it has been unused for the window; otherwise [`Full`]. The id
    /// and the stored session (which a later insert may evict from the store, but never
    /// from the caller).
    pub fn insert(&self, session: Session) -> Result<(String, Arc<GameLock>), Full> {
        self.insert_at(session, Instant::now())
    }

    /// [`insert`](Sessions::insert) at time `now`.
    pub fn insert_at(
        &self,
        session: Session,
        now: Instant,
    ) -> Result<(String, Arc<GameLock>), Full> {
        let mut inner = self.lock();
        while inner.map.len() >= self.cap {
            if let Some(retry_after) = self.wait_for_room(&inner, now) {
                return Err(Full { retry_after });
            }
            let (_, oldest) = inner.order.pop_first().expect("a full store has an order");
            inner.map.remove(&oldest);
        }
        inner.minted += 1;
        let id = self.ids.mint(inner.minted);
        inner.tick += 1;
        let tick = inner.tick;
        inner.order.insert(tick, id.clone());
        let game = Arc::new(tokio::sync::Mutex::new(session));
        let entry = Entry {
            tick,
            used: now,
            game: Arc::clone(&game),
        };
        inner.map.insert(id.clone(), entry);
        Ok((id, game))
    }

    /// The session `id`, marked as just used.
    pub fn get(&self, id: &str) -> Option<Arc<GameLock>> {
        self.get_at(id, Instant::now())
    }

    /// [`get`](Sessions::get) at time `now`.
    pub fn get_at(&self, id: &str, now: Instant) -> Option<Arc<GameLock>> {
        let mut inner = self.lock();
        inner.tick += 1;
        let tick = inner.tick;
        let entry = inner.map.get_mut(id)?;
        let old = std::mem::replace(&mut entry.tick, tick);
        entry.used = now;
        let game = Arc::clone(&entry.game);
        inner.order.remove(&old);
        inner.order.insert(tick, id.to_string());
        Some(game)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave the maps half-updated in a way
        // that matters here: keep serving.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        let registry = crate::Registry::builtin();
        let variant = registry.get("finite").unwrap().clone();
        let game =
            Game::from_board(variant.rules(), "AABC/BCAB/CBAC/ABCA".parse().unwrap(), 1).unwrap();
        Session::new(game, variant, None)
    }

    #[test]
    fn the_least_recently_used_idle_session_is_evicted_at_the_cap() {
        let store = Sessions::new(2, Duration::from_secs(60));
        let t0 = Instant::now();
        let later = |s: u64| t0 + Duration::from_secs(s);
        let (a, _) = store.insert_at(session(), t0).unwrap();
        let (b, _) = store.insert_at(session(), later(1)).unwrap();
        assert!(store.get_at(&a, later(2)).is_some()); // a is now more recent than b
        // Both were used within the window: no room.
        let full = store.insert_at(session(), later(30)).err().expect("full");
        assert_eq!(
            full.retry_after,
            Duration::from_secs(31),
            "b is idle from 1 s"
        );
        assert_eq!(store.len(), 2);
        // Once b has been idle for the window, it makes room.
        let (c, _) = store.insert_at(session(), later(61)).unwrap();
        assert_eq!(store.len(), 2);
        assert!(
            store.get_at(&b, later(61)).is_none(),
            "b was the least recently used"
        );
        assert!(store.get_at(&a, later(61)).is_some() && store.get_at(&c, later(61)).is_some());
        assert_ne!(a, c);
    }

    #[test]
    fn a_flood_of_creates_never_evicts_a_game_in_play() {
        let store = Sessions::new(100, ACTIVE_WINDOW);
        let t0 = Instant::now();
        let players: Vec<String> = (0..20)
            .map(|_| store.insert_at(session(), t0).unwrap().0)
            .collect();
        let mut refused = 0;
        for i in 0..1000 {
            let now = t0 + Duration::from_millis(i);
            refused += usize::from(store.insert_at(session(), now).is_err());
        }
        assert_eq!(refused, 1000 - 80);
        let later = t0 + Duration::from_secs(2);
        assert!(players.iter().all(|id| store.get_at(id, later).is_some()));
    }

    #[test]
    fn ids_are_long_distinct_and_not_a_sequence() {
        let store = Sessions::new(3, Duration::ZERO);
        let ids: Vec<String> = (0..3).map(|_| store.insert(session()).unwrap().0).collect();
        for id in &ids {
            assert_eq!(id.len(), 33, "{id}: 128 bits in hex after the g");
            assert!(id[1..].chars().all(|c| c.is_ascii_hexdigit()));
        }
        assert!(ids[0] != ids[1] && ids[1] != ids[2]);
        assert!(!ids.contains(&"g1".to_string()));
        // Another store (another server) mints other ids for the same counter.
        let other = Sessions::new(3, Duration::ZERO);
        assert_ne!(other.insert(session()).unwrap().0, ids[0]);
    }

    /// A 16×16 session with a full undo stack and record: what it holds stays within
    /// [`SESSION_BYTES`], and not far below it, so the figure the docs and the default
    /// cap rest on is true. The refilling variants are the heaviest (specials, refill
    /// state); a finite game ends long before its undo stack fills.
    #[test]
    fn a_full_session_holds_at_most_session_bytes() {
        use match3_core::{GameConfig, Size};
        let registry = crate::Registry::builtin();
        let mut heaviest = 0;
        for (name, side) in [("lines", 8), ("lines", MAX_SIDE), ("clusters", MAX_SIDE)] {
            let variant = registry.get(name).unwrap().clone();
            let config = GameConfig {
                size: Size::new(side, side).unwrap(),
                ..GameConfig::new(1)
            };
            let mut kept = None;
            let info = allocation_counter::measure(|| {
                let game = Game::new(variant.rules(), config).unwrap();
                let mut s = Session::new(game, variant.clone(), None);
                for _ in 0..RECORD_LENGTH {
                    let Some(&mv) = s.game.legal_moves().first() else {
                        break;
                    };
                    s.play(mv).unwrap();
                }
                assert_eq!(s.undo.len(), UNDO_DEPTH, "{name}: the game lasts");
                kept = Some(s);
            });
            let bytes = usize::try_from(info.bytes_current).unwrap();
            eprintln!("{name}: a full {side}x{side} session holds {bytes} bytes");
            heaviest = heaviest.max(bytes);
        }
        assert!(heaviest <= SESSION_BYTES, "{heaviest} bytes");
        assert!(
            heaviest >= SESSION_BYTES / 2,
            "{heaviest} bytes: lower SESSION_BYTES"
        );
    }

    #[test]
    fn a_hint_is_kept_for_its_position_only() {
        let mut s = session();
        let mv = Move::Swap(match3_core::Pos::new(0, 2), match3_core::Pos::new(1, 2));
        assert_eq!(s.known_hint(), None);
        s.keep_hint(Some(mv));
        assert_eq!(s.known_hint(), Some(Some(mv)));
        s.play(mv).unwrap();
        assert_eq!(s.known_hint(), None, "the position changed");
        s.keep_hint(None);
        assert_eq!(s.known_hint(), Some(None));
        assert!(s.undo() && !s.undo());
        assert_eq!(s.known_hint(), None);
        assert!(s.record.is_empty());
    }
}
