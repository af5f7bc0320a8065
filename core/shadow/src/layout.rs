//! How the shadow query's index groups its events (SPEC §13): events in blocks,
//! blocks in superblocks, superblocks in top groups, each group keeping the ranges a
//! query bounds scores with.

/// Events per block. Small enough that a block's ranges stay tight, large enough that
/// the per-block bound is cheap beside the exact scoring it saves.
pub const BLOCK: usize = 32;

/// Blocks per superblock: the bounds of the superblocks are computed first, and only
/// the blocks of superblocks that can hold a candidate get bounds of their own.
pub const SUPER: usize = 16;

/// Superblocks per top group: above a few hundred thousand events even the superblocks
/// are too many to bound one by one, so the top groups are bounded first.
pub const TOP: usize = 16;
