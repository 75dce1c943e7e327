#define _GNU_SOURCE
#include <spawn.h>
#include "CSpawn.h"

int photorama_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int photorama_spawn_setsid_flag(void) {
    return POSIX_SPAWN_SETSID;
}
