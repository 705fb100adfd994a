// SPDX-License-Identifier: MIT
// Where the app finds a bundled folder (examples, documentation): the environment variable when set, else the
// installed one next to the executable (share/... under its prefix), else the source tree's (development builds).
#pragma once

#include <QString>

QString installedDirectory(const char* environmentVariable, const QString& underPrefix, const QString& sourceTree);
