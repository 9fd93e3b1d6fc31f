# The API reference: Doxygen over include/qwirkle with the README (main page), docs/rules.md and
# CHANGELOG.md, as HTML into <build>/docs/html. The target `docs` exists when Doxygen is found; the
# test `docs: doxygen` (with the tests) runs it and reports the warnings, and is reported as skipped
# when Doxygen is missing. QWIRKLE_DOCS_WARNINGS_AS_ERRORS=ON makes any warning fail the test.
find_package(Doxygen QUIET)
set(QWIRKLE_DOCS_OUTPUT_DIR ${PROJECT_BINARY_DIR}/docs)
configure_file(${PROJECT_SOURCE_DIR}/docs/Doxyfile.in ${QWIRKLE_DOCS_OUTPUT_DIR}/Doxyfile @ONLY)
set(_qwirkle_doxygen "")
if(DOXYGEN_FOUND)
  set(_qwirkle_doxygen "${DOXYGEN_EXECUTABLE}")
endif()
set(_qwirkle_run_doxygen ${CMAKE_COMMAND} "-DDOXYGEN=${_qwirkle_doxygen}" "-DDOXYFILE=${QWIRKLE_DOCS_OUTPUT_DIR}/Doxyfile"
    "-DLOG=${QWIRKLE_DOCS_OUTPUT_DIR}/doxygen-warnings.log" "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}")

if(DOXYGEN_FOUND)
  add_custom_target(docs
    COMMAND ${_qwirkle_run_doxygen} -DSTRICT=OFF -P ${PROJECT_SOURCE_DIR}/cmake/run_doxygen.cmake
    WORKING_DIRECTORY ${QWIRKLE_DOCS_OUTPUT_DIR}
    COMMENT "API reference (Doxygen): ${QWIRKLE_DOCS_OUTPUT_DIR}/html/index.html"
    VERBATIM)
else()
  message(STATUS "qwirkle: Doxygen not found, no `docs` target (Debian: apt-get install doxygen)")
endif()

if(QWIRKLE_BUILD_TESTS)
  add_test(NAME "docs: doxygen"
    COMMAND ${_qwirkle_run_doxygen} -DSTRICT=${QWIRKLE_DOCS_WARNINGS_AS_ERRORS}
            -P ${PROJECT_SOURCE_DIR}/cmake/run_doxygen.cmake)
  set_tests_properties("docs: doxygen" PROPERTIES
    SKIP_REGULAR_EXPRESSION "skipped: doxygen not found" TIMEOUT 600 LABELS docs)
endif()
unset(_qwirkle_doxygen)
unset(_qwirkle_run_doxygen)
