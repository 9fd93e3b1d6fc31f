# vcpkg port of qwirkle, a header-only library: one (release) configuration is enough.
set(VCPKG_BUILD_TYPE release)

if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../../include/qwirkle/qwirkle.hpp")
    # Used as an overlay port from a qwirkle checkout (--overlay-ports=<checkout>/ports): build that checkout.
    get_filename_component(SOURCE_PATH "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
else()
    # In the vcpkg registry: the release archive. REPO, and SHA512 from `vcpkg install` on the first
    # try, are filled in when the first release is tagged.
    vcpkg_from_github(
        OUT_SOURCE_PATH SOURCE_PATH
        REPO qwirkle/qwirkle
        REF "v${VERSION}"
        SHA512 0
        HEAD_REF main
    )
endif()

vcpkg_cmake_configure(
    SOURCE_PATH "${SOURCE_PATH}"
    OPTIONS
        -DQWIRKLE_BUILD_TESTS=OFF
        -DQWIRKLE_BUILD_BENCHMARKS=OFF
        -DQWIRKLE_BUILD_EXAMPLES=OFF
        -DQWIRKLE_CHECK_HEADERS=OFF
        -DQWIRKLE_BUILD_DOCS=OFF
        -DQWIRKLE_BUILD_PYTHON=OFF
        -DQWIRKLE_INSTALL=ON
)
vcpkg_cmake_install()
vcpkg_cmake_config_fixup(CONFIG_PATH share/cmake/qwirkle)
vcpkg_fixup_pkgconfig()

# The licence goes where vcpkg wants it (share/qwirkle/copyright), not twice: the project's own
# install rules also put it under share/doc/qwirkle.
file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/share/doc")
file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/usage" DESTINATION "${CURRENT_PACKAGES_DIR}/share/${PORT}")
vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")
