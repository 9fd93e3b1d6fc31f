# include/qwirkle/version.hpp is maintained by hand (so that a plain -Iinclude build sees it);
# this check keeps it equal to project(VERSION).
file(READ ${PROJECT_SOURCE_DIR}/include/qwirkle/version.hpp _qwirkle_version_header)
foreach(_qwirkle_part MAJOR MINOR PATCH)
  if(NOT _qwirkle_version_header MATCHES "#define QWIRKLE_VERSION_${_qwirkle_part} ([0-9]+)")
    message(FATAL_ERROR "include/qwirkle/version.hpp: no QWIRKLE_VERSION_${_qwirkle_part}")
  endif()
  if(NOT CMAKE_MATCH_1 EQUAL PROJECT_VERSION_${_qwirkle_part})
    message(FATAL_ERROR "include/qwirkle/version.hpp: QWIRKLE_VERSION_${_qwirkle_part} is ${CMAKE_MATCH_1}, "
                        "but project(VERSION) is ${PROJECT_VERSION}; update the header")
  endif()
endforeach()
if(NOT _qwirkle_version_header MATCHES "#define QWIRKLE_VERSION_STRING \"${PROJECT_VERSION}\"")
  message(FATAL_ERROR "include/qwirkle/version.hpp: QWIRKLE_VERSION_STRING is not \"${PROJECT_VERSION}\"")
endif()
unset(_qwirkle_version_header)
unset(_qwirkle_part)
