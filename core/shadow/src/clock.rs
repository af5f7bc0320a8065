//! The shadow's clock: the frame rate every frame count in the arena and the
//! heuristics is measured in. It lives apart from both so that each can use it.

/// Frames per second (SPEC §1, §13).
pub const FPS: u32 = 60;
