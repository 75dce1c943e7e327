#ifndef PHOTORAMA_CSPAWN_H
#define PHOTORAMA_CSPAWN_H
#include <spawn.h>

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34+): the child closes every descriptor from `from`
/// on. Swift's Glibc module does not export it (it needs _GNU_SOURCE), hence this one-line wrapper.
int photorama_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

/// POSIX_SPAWN_SETSID (glibc 2.26+): the child starts a session and process group of its own. Declared only
/// under _GNU_SOURCE too.
int photorama_spawn_setsid_flag(void);

#endif
