# Installation: headers, an exported INTERFACE target and an architecture-independent package config.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS qwirkle EXPORT qwirkleTargets)
set(QWIRKLE_CMAKE_DIR ${CMAKE_INSTALL_DATADIR}/cmake/qwirkle)
install(EXPORT qwirkleTargets NAMESPACE qwirkle:: DESTINATION ${QWIRKLE_CMAKE_DIR})
configure_package_config_file(cmake/qwirkleConfig.cmake.in ${PROJECT_BINARY_DIR}/qwirkleConfig.cmake
  INSTALL_DESTINATION ${QWIRKLE_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/qwirkleConfigVersion.cmake
  COMPATIBILITY SameMajorVersion ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/qwirkleConfig.cmake ${PROJECT_BINARY_DIR}/qwirkleConfigVersion.cmake
  DESTINATION ${QWIRKLE_CMAKE_DIR})
