//! [`StateSlot`]: a part's own state inside a game's snapshot, whatever its type. The
//! refill policy and the end-of-move effects keep theirs in one: undo, look-ahead, save
//! and load keep it with the rest of the game, so a stateful part stays deterministic.

use std::any::Any;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a part may keep as state: any serde value with a default (the state at the start
/// of a game), compared, hashed and cloned with the game's snapshot. Saved as the value's
/// JSON, it loads back exactly.
pub trait PartState:
    Any + Clone + Default + PartialEq + Hash + Debug + Send + Sync + Serialize + DeserializeOwned
{
}

impl<T> PartState for T where
    T: Any
        + Clone
        + Default
        + PartialEq
        + Hash
        + Debug
        + Send
        + Sync
        + Serialize
        + DeserializeOwned
{
}

/// A part's state inside a game's snapshot, whatever its type: nothing until the part
/// first keeps something (stateless parts never do), then the value. It saves as the
/// value's JSON (`null` for nothing, or for the default value).
#[derive(Default)]
pub struct StateSlot(Slot);

#[derive(Default)]
enum Slot {
    #[default]
    Empty,
    Live(Box<dyn ErasedState>),
    /// Read from a saved game, turned into the policy's type when the game is loaded.
    Saved(serde_json::Value),
}

impl StateSlot {
    /// Whether nothing is kept, or only the default (what saves leave out).
    pub fn is_empty(&self) -> bool {
        self.to_json().is_null()
    }

    /// The state, if it is a `T` (`None` when nothing was kept yet).
    pub fn get<T: PartState>(&self) -> Option<&T> {
        match &self.0 {
            Slot::Live(b) => b.as_any().downcast_ref(),
            _ => None,
        }
    }

    /// The state as a `T`, starting from `T::default()` when nothing (or another type) was
    /// kept. A stateless policy's `()` is never stored.
    #[inline]
    pub(crate) fn get_mut<T: PartState>(&mut self) -> &mut T {
        let fresh = match &self.0 {
            Slot::Live(b) => !b.as_any().is::<T>(),
            _ => true,
        };
        if fresh {
            self.0 = Slot::Live(Box::new(T::default()));
        }
        match &mut self.0 {
            Slot::Live(b) => b.as_any_mut().downcast_mut().expect("just checked"),
            _ => unreachable!("just stored"),
        }
    }

    /// Turns a saved state into a `T`, checking it: `null` is the default, any other
    /// value must be a `T`'s JSON and loads as exactly that `T`. One old format is read
    /// too, and only for stateless parts: saves written before states were typed hold
    /// an array of zero words where a part without state (`T` of size zero, `()`) now
    /// has `null`.
    pub(crate) fn resolve<T: PartState>(&mut self) -> Result<(), String> {
        let Slot::Saved(value) = &self.0 else {
            return Ok(());
        };
        let legacy_zeros = std::mem::size_of::<T>() == 0
            && value
                .as_array()
                .is_some_and(|words| words.iter().all(|w| w.as_u64() == Some(0)));
        self.0 = if value.is_null() || legacy_zeros {
            Slot::Empty
        } else {
            let state: T = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
            Slot::Live(Box::new(state))
        };
        Ok(())
    }

    /// The state as JSON, `null` for nothing kept or the default.
    fn to_json(&self) -> serde_json::Value {
        match &self.0 {
            Slot::Empty => serde_json::Value::Null,
            Slot::Live(b) if b.is_default() => serde_json::Value::Null,
            Slot::Live(b) => b.to_json(),
            Slot::Saved(v) => v.clone(),
        }
    }
}

impl Clone for StateSlot {
    fn clone(&self) -> Self {
        StateSlot(match &self.0 {
            Slot::Empty => Slot::Empty,
            Slot::Live(b) => Slot::Live(b.clone_box()),
            Slot::Saved(v) => Slot::Saved(v.clone()),
        })
    }

    /// Reuses the box when both hold a state of one type: look-ahead copies stay
    /// allocation-free once warm.
    #[inline(always)]
    fn clone_from(&mut self, source: &Self) {
        // Stateless parts (nearly all) never keep anything: one comparison.
        if !matches!((&self.0, &source.0), (Slot::Empty, Slot::Empty)) {
            self.copy_from(source);
        }
    }
}

impl StateSlot {
    /// [`Clone::clone_from`] when a state is kept.
    #[inline(never)]
    fn copy_from(&mut self, source: &Self) {
        let reused = match (&mut self.0, &source.0) {
            (Slot::Empty, Slot::Empty) => true,
            (Slot::Live(mine), Slot::Live(theirs)) => mine.assign(&**theirs),
            // Nothing kept is the default: the box stays for the next look-ahead.
            (Slot::Live(mine), Slot::Empty) => {
                mine.reset();
                true
            }
            _ => false,
        };
        if !reused {
            *self = source.clone();
        }
    }
}

impl PartialEq for StateSlot {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Slot::Empty, Slot::Empty) => true,
            (Slot::Live(a), Slot::Live(b)) => a.eq_dyn(&**b),
            (Slot::Live(a), Slot::Empty) | (Slot::Empty, Slot::Live(a)) => a.is_default(),
            _ => self.to_json() == other.to_json(),
        }
    }
}

impl Eq for StateSlot {}

impl Hash for StateSlot {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.to_json().to_string().hash(state);
    }
}

impl Debug for StateSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Slot::Empty => f.write_str("StateSlot(empty)"),
            Slot::Live(b) => write!(f, "StateSlot({b:?})"),
            Slot::Saved(v) => write!(f, "StateSlot(saved {v})"),
        }
    }
}

impl Serialize for StateSlot {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

impl<'de> Deserialize<'de> for StateSlot {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Ok(StateSlot(if value.is_null() {
            Slot::Empty
        } else {
            Slot::Saved(value)
        }))
    }
}

/// A [`PartState`] behind a pointer.
trait ErasedState: Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn clone_box(&self) -> Box<dyn ErasedState>;
    /// Copies `other` into `self` when both are of one type.
    fn assign(&mut self, other: &dyn ErasedState) -> bool;
    fn eq_dyn(&self, other: &dyn ErasedState) -> bool;
    fn is_default(&self) -> bool;
    fn reset(&mut self);
    fn to_json(&self) -> serde_json::Value;
}

impl<T: PartState> ErasedState for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn ErasedState> {
        Box::new(self.clone())
    }
    fn assign(&mut self, other: &dyn ErasedState) -> bool {
        match other.as_any().downcast_ref::<T>() {
            Some(other) => {
                self.clone_from(other);
                true
            }
            None => false,
        }
    }
    fn eq_dyn(&self, other: &dyn ErasedState) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn is_default(&self) -> bool {
        *self == T::default()
    }
    fn reset(&mut self) {
        *self = T::default();
    }
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}
