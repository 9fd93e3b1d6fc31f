# Driver of the consumer tests: each route by which a project can take qwirkle, configured, built and
# run from scratch in its own scratch directory.
#   cmake -DROUTE=<route> -DSOURCE_DIR=<qwirkle tree> -DWORK_DIR=<scratch> -DSTAGE_DIR=<install prefix>
#         -DCXX=<C++ compiler> -DGENERATOR=<generator> [-DMAKE_PROGRAM=<path>] [-DCONAN_SRC=<path>]
#         -P run_consumer.cmake
# Routes:
#   install          configure the library alone and `cmake --install` it into STAGE_DIR; check the layout
#   find_package     (a) find_package(qwirkle CONFIG) against a copy of STAGE_DIR moved elsewhere
#   add_subdirectory (b) the source tree as a subproject
#   fetchcontent     (c) FetchContent from a source archive of the tree (URL + SHA256)
#   pkgconfig        (d) plain compiler call with `pkg-config --cflags qwirkle` on a moved copy of STAGE_DIR
#   vcpkg            (e) ports/qwirkle/portfile.cmake run through plain CMake into a staging prefix + (a)
#   conan            (f) `conan create . -nr` on a copy of the recipe; prints "skipped: ..." without Conan
cmake_minimum_required(VERSION 3.21)
foreach(var ROUTE SOURCE_DIR WORK_DIR CXX GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer.cmake: pass -D${var}=...")
  endif()
endforeach()
set(here "${CMAKE_CURRENT_LIST_DIR}")
file(READ "${SOURCE_DIR}/CMakeLists.txt" top)
if(NOT top MATCHES "project\\(qwirkle VERSION ([0-9]+\\.[0-9]+\\.[0-9]+)")
  message(FATAL_ERROR "no project(qwirkle VERSION x.y.z) in ${SOURCE_DIR}/CMakeLists.txt")
endif()
set(version "${CMAKE_MATCH_1}")

# run(<command...>): echo it, run it, show its output, stop on failure; its output lands in `output`.
function(run)
  execute_process(COMMAND ${ARGN} COMMAND_ECHO STDOUT RESULT_VARIABLE rv OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(NOT rv EQUAL 0)
    message(FATAL_ERROR "FAILED (${rv}): ${ARGN}")
  endif()
  set(output "${out}" PARENT_SCOPE)
endfunction()

set(generator_args -G "${GENERATOR}")
if(MAKE_PROGRAM)
  list(APPEND generator_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()

# consumer(<project dir> <build dir> <cmake args...>): configure, build and run the game program.
function(consumer project_dir build_dir)
  run(${CMAKE_COMMAND} -S "${project_dir}" -B "${build_dir}" ${generator_args}
      "-DCMAKE_CXX_COMPILER=${CXX}" -DCMAKE_BUILD_TYPE=Release ${ARGN})
  run(${CMAKE_COMMAND} --build "${build_dir}" -j 2)
  run("${build_dir}/consumer")
  if(NOT output MATCHES "qwirkle ${version}: seed 42, [0-9]+ turns, scores [0-9]+ : [0-9]+, [12] winner")
    message(FATAL_ERROR "unexpected output of the consumer program")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

if(ROUTE STREQUAL "install")
  if(NOT STAGE_DIR)
    message(FATAL_ERROR "route install: pass -DSTAGE_DIR=<prefix>")
  endif()
  file(REMOVE_RECURSE "${STAGE_DIR}")
  # Configured for one prefix, installed into another: the package must not depend on the first.
  run(${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${WORK_DIR}/build" ${generator_args} "-DCMAKE_CXX_COMPILER=${CXX}"
      -DCMAKE_INSTALL_PREFIX=/nonexistent/qwirkle-prefix
      -DQWIRKLE_BUILD_TESTS=OFF -DQWIRKLE_BUILD_BENCHMARKS=OFF -DQWIRKLE_BUILD_EXAMPLES=OFF -DQWIRKLE_CHECK_HEADERS=OFF)
  run(${CMAKE_COMMAND} --build "${WORK_DIR}/build")
  run(${CMAKE_COMMAND} --install "${WORK_DIR}/build" --prefix "${STAGE_DIR}")
  # Layout: every file under include/ of the tree, the package config under share/cmake/qwirkle,
  # the pkg-config file under share/pkgconfig, the licence under share/doc/qwirkle, and nothing else
  # (nothing architecture-dependent).
  file(GLOB_RECURSE source_headers RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/include/*")
  file(GLOB_RECURSE installed RELATIVE "${STAGE_DIR}" "${STAGE_DIR}/*")
  set(expected ${source_headers} share/cmake/qwirkle/qwirkleConfig.cmake share/cmake/qwirkle/qwirkleConfigVersion.cmake
      share/cmake/qwirkle/qwirkleTargets.cmake share/pkgconfig/qwirkle.pc share/doc/qwirkle/LICENSE)
  list(SORT expected)
  list(SORT installed)
  if(NOT installed STREQUAL expected)
    set(missing ${expected})
    list(REMOVE_ITEM missing ${installed})
    set(extra ${installed})
    list(REMOVE_ITEM extra ${expected})
    message(FATAL_ERROR "installed layout differs:\n  missing: ${missing}\n  unexpected: ${extra}")
  endif()
  file(READ "${SOURCE_DIR}/LICENSE" license)
  file(READ "${STAGE_DIR}/share/doc/qwirkle/LICENSE" installed_license)
  if(NOT installed_license STREQUAL license)
    message(FATAL_ERROR "share/doc/qwirkle/LICENSE is not the tree's LICENSE")
  endif()
  file(READ "${STAGE_DIR}/share/cmake/qwirkle/qwirkleConfigVersion.cmake" version_file)
  if(NOT version_file MATCHES "requested no architecture check, don't perform the check\nif\\(\"TRUE\"\\)")
    message(FATAL_ERROR "qwirkleConfigVersion.cmake is not architecture-independent")
  endif()
  file(GLOB_RECURSE package_files "${STAGE_DIR}/share/*")
  foreach(file IN LISTS package_files)
    file(READ "${file}" contents)
    foreach(absolute IN ITEMS "${WORK_DIR}" "${STAGE_DIR}" "/nonexistent/qwirkle-prefix" "${SOURCE_DIR}")
      string(FIND "${contents}" "${absolute}" at)
      if(NOT at EQUAL -1)
        message(FATAL_ERROR "${file} holds the absolute path ${absolute}: the package is not relocatable")
      endif()
    endforeach()
  endforeach()
  list(LENGTH installed count)
  message(STATUS "installed ${count} files into ${STAGE_DIR}")

elseif(ROUTE STREQUAL "find_package")
  file(COPY "${STAGE_DIR}/" DESTINATION "${WORK_DIR}/moved-prefix")
  consumer("${here}/find_package" "${WORK_DIR}/build" "-DCMAKE_PREFIX_PATH=${WORK_DIR}/moved-prefix"
           "-DQWIRKLE_EXPECTED_VERSION=${version}" "-DQWIRKLE_EXPECTED_PREFIX=${WORK_DIR}/moved-prefix")

elseif(ROUTE STREQUAL "add_subdirectory")
  consumer("${here}/add_subdirectory" "${WORK_DIR}/build" "-DQWIRKLE_SOURCE_DIR=${SOURCE_DIR}")

elseif(ROUTE STREQUAL "fetchcontent")
  # A source archive of the tree as a release would ship it (no build trees, no VCS data).
  set(skip "(^|/)(\\.[^/]*|build|out)(/|$)|CMakeUserPresets\\.json$")
  file(GLOB top_level RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/*")  # (not descending into build trees)
  list(FILTER top_level EXCLUDE REGEX "${skip}")
  set(files)
  foreach(entry IN LISTS top_level)
    if(IS_DIRECTORY "${SOURCE_DIR}/${entry}")
      file(GLOB_RECURSE below RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${entry}/*")
      list(APPEND files ${below})
    else()
      list(APPEND files "${entry}")
    endif()
  endforeach()
  list(FILTER files EXCLUDE REGEX "${skip}")
  list(JOIN files "\n" file_list)
  file(WRITE "${WORK_DIR}/files.txt" "${file_list}\n")
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar cfz "${WORK_DIR}/qwirkle-${version}.tar.gz" --format=gnutar
                          "--files-from=${WORK_DIR}/files.txt"
                  WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rv)
  if(NOT rv EQUAL 0)
    message(FATAL_ERROR "could not make the source archive")
  endif()
  file(SHA256 "${WORK_DIR}/qwirkle-${version}.tar.gz" sha256)
  consumer("${here}/fetchcontent" "${WORK_DIR}/build" "-DQWIRKLE_URL=file://${WORK_DIR}/qwirkle-${version}.tar.gz"
           "-DQWIRKLE_URL_SHA256=${sha256}" -DFETCHCONTENT_QUIET=OFF)

elseif(ROUTE STREQUAL "pkgconfig")
  find_program(PKG_CONFIG NAMES pkg-config pkgconf)
  if(NOT PKG_CONFIG)
    message(FATAL_ERROR "pkg-config not found (Debian: apt-get install pkg-config; scripts/setup.sh does)")
  endif()
  file(COPY "${STAGE_DIR}/" DESTINATION "${WORK_DIR}/moved-prefix")
  # Only this prefix is searched: PKG_CONFIG_LIBDIR replaces the default search path.
  set(pc_env ${CMAKE_COMMAND} -E env "PKG_CONFIG_LIBDIR=${WORK_DIR}/moved-prefix/share/pkgconfig" --unset=PKG_CONFIG_PATH)
  run(${pc_env} "${PKG_CONFIG}" --modversion qwirkle)
  string(STRIP "${output}" pc_version)
  if(NOT pc_version STREQUAL version)
    message(FATAL_ERROR "pkg-config reports version '${pc_version}', the project is ${version}")
  endif()
  run(${pc_env} "${PKG_CONFIG}" --libs qwirkle)
  string(STRIP "${output}" pc_libs)
  if(pc_libs)
    message(FATAL_ERROR "a header-only library should need no libraries, pkg-config says '${pc_libs}'")
  endif()
  run(${pc_env} "${PKG_CONFIG}" --cflags qwirkle)
  string(STRIP "${output}" pc_cflags)
  if(NOT pc_cflags MATCHES "-I${WORK_DIR}/moved-prefix")
    message(FATAL_ERROR "pkg-config's include path '${pc_cflags}' is not inside the moved prefix")
  endif()
  separate_arguments(cflags UNIX_COMMAND "${pc_cflags}")
  run("${CXX}" -std=c++20 -O1 ${cflags} "${here}/game.cpp" -o "${WORK_DIR}/consumer")
  run("${WORK_DIR}/consumer")
  if(NOT output MATCHES "qwirkle ${version}: seed 42, [0-9]+ turns, scores [0-9]+ : [0-9]+, [12] winner")
    message(FATAL_ERROR "unexpected output of the consumer program")
  endif()

elseif(ROUTE STREQUAL "vcpkg")
  # The manifests carry the project's version.
  foreach(manifest "${SOURCE_DIR}/vcpkg.json" "${SOURCE_DIR}/ports/qwirkle/vcpkg.json")
    file(READ "${manifest}" json)
    string(JSON manifest_version GET "${json}" version)
    if(NOT manifest_version STREQUAL version)
      message(FATAL_ERROR "${manifest} has version ${manifest_version}, the project ${version}")
    endif()
  endforeach()
  set(make_program)
  if(MAKE_PROGRAM)
    set(make_program "-DMAKE_PROGRAM=${MAKE_PROGRAM}")
  endif()
  run(${CMAKE_COMMAND} "-DPORT_DIR=${SOURCE_DIR}/ports/qwirkle" "-DPACKAGES_DIR=${WORK_DIR}/packages/qwirkle_x64-linux"
      "-DBUILDTREES_DIR=${WORK_DIR}/buildtrees/qwirkle" "-DCXX=${CXX}" "-DGENERATOR=${GENERATOR}" ${make_program}
      -P "${here}/vcpkg/run_port.cmake")
  # What `vcpkg install` would then do: copy the package into installed/<triplet>, where the
  # vcpkg toolchain points CMAKE_PREFIX_PATH.
  file(COPY "${WORK_DIR}/packages/qwirkle_x64-linux/" DESTINATION "${WORK_DIR}/installed/x64-linux")
  consumer("${here}/find_package" "${WORK_DIR}/build" "-DCMAKE_PREFIX_PATH=${WORK_DIR}/installed/x64-linux"
           "-DQWIRKLE_EXPECTED_VERSION=${version}" "-DQWIRKLE_EXPECTED_PREFIX=${WORK_DIR}/installed/x64-linux")
  if(NOT EXISTS "${WORK_DIR}/installed/x64-linux/share/qwirkle/qwirkleConfig.cmake")
    message(FATAL_ERROR "the port's package config is not in share/qwirkle")
  endif()
  # The port's copyright file is the tree's LICENSE (the registry requires the real licence text).
  file(READ "${SOURCE_DIR}/LICENSE" license)
  file(READ "${WORK_DIR}/installed/x64-linux/share/qwirkle/copyright" copyright)
  if(NOT copyright STREQUAL license)
    message(FATAL_ERROR "share/qwirkle/copyright of the port is not the tree's LICENSE")
  endif()
  if(EXISTS "${WORK_DIR}/installed/x64-linux/share/doc")
    message(FATAL_ERROR "the port installs share/doc (the licence belongs in share/qwirkle/copyright only)")
  endif()

elseif(ROUTE STREQUAL "conan")
  # Conan is found, in this order: $QWIRKLE_CONAN_SRC or -DCONAN_SRC (a conan source tree, run with
  # Debian's /usr/bin/python3), then a Conan 2 `conan` on PATH; nowhere else.
  # QWIRKLE_CONAN_SRC=OFF turns the test off.
  set(conan)
  set(src "$ENV{QWIRKLE_CONAN_SRC}")
  set(disabled OFF)
  if(DEFINED ENV{QWIRKLE_CONAN_SRC} AND src MATCHES "^(OFF|off|0|none|NO|no)$")
    set(disabled ON)
    set(src)
  endif()
  if(NOT src AND NOT disabled)
    set(src "${CONAN_SRC}")
  endif()
  if(NOT src AND NOT disabled)
    find_program(conan_exe conan)
    if(conan_exe)
      execute_process(COMMAND "${conan_exe}" --version OUTPUT_VARIABLE v ERROR_QUIET RESULT_VARIABLE rv)
      if(rv EQUAL 0 AND v MATCHES "Conan version 2\\.")
        set(conan "${conan_exe}")
      endif()
    endif()
  endif()
  if(src AND NOT conan)
    if(NOT EXISTS "${src}/conan/cli/cli.py")
      message(FATAL_ERROR "conan source tree '${src}' has no conan/cli/cli.py")
    endif()
    find_program(python NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
    if(NOT python)
      find_program(python NAMES python3)
    endif()
    # (Newlines, not semicolons, between the statements: a semicolon would split the CMake list.)
    set(conan ${CMAKE_COMMAND} -E env "PYTHONPATH=${src}" "${python}" -c
        "import sys\nfrom conan.cli.cli import main\nmain(sys.argv[1:])")
  endif()
  if(NOT conan)
    message("skipped: conan not available (set QWIRKLE_CONAN_SRC to a conan 2 source tree, or put conan 2 on PATH)")
    # ctest reports the test as skipped when this line is in its output (SKIP_REGULAR_EXPRESSION).
    return()
  endif()
  # A copy of what the recipe needs, so that test_package/build lands in the scratch directory,
  # and a Conan home of its own (its own cache and a profile detected for this compiler).
  foreach(item conanfile.py test_package include CMakeLists.txt cmake LICENSE README.md)
    if(EXISTS "${SOURCE_DIR}/${item}")
      file(COPY "${SOURCE_DIR}/${item}" DESTINATION "${WORK_DIR}/recipe" PATTERN build EXCLUDE PATTERN CMakeUserPresets.json EXCLUDE)
    endif()
  endforeach()
  set(conan_env ${CMAKE_COMMAND} -E env "CONAN_HOME=${WORK_DIR}/conan-home" "CXX=${CXX}" --unset=CC --unset=CFLAGS --unset=CXXFLAGS)
  run(${conan_env} ${conan} profile detect)
  run(${conan_env} ${conan} create "${WORK_DIR}/recipe" -nr)
  if(NOT output MATCHES "qwirkle ${version}: seed 42, [0-9]+ turns")
    message(FATAL_ERROR "test_package did not run the consumer program")
  endif()
  # One package for every configuration: no settings in its id.
  run(${conan_env} ${conan} list "qwirkle/${version}:*" --format=json)
  if(output MATCHES "\"settings\"")
    message(FATAL_ERROR "the package id depends on settings")
  endif()
else()
  message(FATAL_ERROR "unknown ROUTE '${ROUTE}'")
endif()
message(STATUS "package route ${ROUTE}: passed")
