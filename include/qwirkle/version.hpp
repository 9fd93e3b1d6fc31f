// SPDX-License-Identifier: MIT
/// @file
/// The library's version, as macros and as constants.
/// Maintained by hand; CMake checks at configure time that it matches project(VERSION) in CMakeLists.txt.
#pragma once

/// Major version: raised on incompatible API changes (from 1.0 on).
#define QWIRKLE_VERSION_MAJOR 0
/// Minor version: raised on new features (and, while major is 0, on API changes).
#define QWIRKLE_VERSION_MINOR 2
/// Patch version: raised on fixes only.
#define QWIRKLE_VERSION_PATCH 0
/// The version as text, `"major.minor.patch"`.
#define QWIRKLE_VERSION_STRING "0.2.0"
/// One number that grows with every release: major * 10000 + minor * 100 + patch.
#define QWIRKLE_VERSION (QWIRKLE_VERSION_MAJOR * 10000 + QWIRKLE_VERSION_MINOR * 100 + QWIRKLE_VERSION_PATCH)

namespace qwirkle {

/// A version number, `major.minor.patch` (semantic versioning: the API may change while major is 0).
struct version_info {
    int major;  ///< QWIRKLE_VERSION_MAJOR
    int minor;  ///< QWIRKLE_VERSION_MINOR
    int patch;  ///< QWIRKLE_VERSION_PATCH
};

/// The version of these headers.
inline constexpr version_info version{QWIRKLE_VERSION_MAJOR, QWIRKLE_VERSION_MINOR, QWIRKLE_VERSION_PATCH};
/// The version of these headers as text, e.g. "0.2.0" (QWIRKLE_VERSION_STRING).
inline constexpr const char* version_string = QWIRKLE_VERSION_STRING;

}  // namespace qwirkle
