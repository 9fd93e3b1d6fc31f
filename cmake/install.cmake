# Installation: headers, an exported INTERFACE target, an architecture-independent package config
# under the data dir, and a pkg-config file (also under the data dir: the library is header-only).
include(CMakePackageConfigHelpers)

set(QWIRKLE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_DATADIR}/cmake/qwirkle" CACHE STRING
  "Where to install qwirkleConfig.cmake and its companions (relative to the prefix)")
set(QWIRKLE_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_DATADIR}/pkgconfig" CACHE STRING
  "Where to install qwirkle.pc (relative to the prefix)")
mark_as_advanced(QWIRKLE_INSTALL_CMAKEDIR QWIRKLE_INSTALL_PKGCONFIGDIR)

if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.23)
  install(TARGETS qwirkle EXPORT qwirkleTargets FILE_SET HEADERS DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
else()
  install(TARGETS qwirkle EXPORT qwirkleTargets)
  install(DIRECTORY include/qwirkle DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
endif()
install(EXPORT qwirkleTargets NAMESPACE qwirkle:: DESTINATION ${QWIRKLE_INSTALL_CMAKEDIR})

configure_package_config_file(cmake/qwirkleConfig.cmake.in ${PROJECT_BINARY_DIR}/qwirkleConfig.cmake
  INSTALL_DESTINATION ${QWIRKLE_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
# Before 1.0 a minor release may break the interface, so 0.x versions match on major.minor.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(_qwirkle_compatibility SameMinorVersion)
else()
  set(_qwirkle_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/qwirkleConfigVersion.cmake
  COMPATIBILITY ${_qwirkle_compatibility} ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/qwirkleConfig.cmake ${PROJECT_BINARY_DIR}/qwirkleConfigVersion.cmake
  DESTINATION ${QWIRKLE_INSTALL_CMAKEDIR})

# pkg-config: the prefix is found relative to the .pc file, so the installed tree can be moved.
if(IS_ABSOLUTE "${QWIRKLE_INSTALL_PKGCONFIGDIR}")
  set(QWIRKLE_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _qwirkle_up "/prefix/${QWIRKLE_INSTALL_PKGCONFIGDIR}" "/prefix")
  set(QWIRKLE_PC_PREFIX "\${pcfiledir}/${_qwirkle_up}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(QWIRKLE_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(QWIRKLE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(cmake/qwirkle.pc.in ${PROJECT_BINARY_DIR}/qwirkle.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/qwirkle.pc DESTINATION ${QWIRKLE_INSTALL_PKGCONFIGDIR})
# The licence travels with the headers (share/doc/qwirkle/LICENSE by default).
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
unset(_qwirkle_compatibility)
unset(_qwirkle_up)
