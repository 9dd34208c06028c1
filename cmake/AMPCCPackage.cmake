# The CMake package of ampcc (find_package(AMPCC)), for the install prefix and
# for the build tree. Included from the top-level CMakeLists.txt; see
# docs/cmake.md for what the package provides and how the helper works.
#
#   <prefix>/lib/cmake/AMPCC/AMPCCConfig.cmake         (cmake --install)
#   <build>/lib/cmake/AMPCC/AMPCCConfig.cmake          (build tree)
#
# Both configs are generated from AMPCCConfig.cmake.in; they differ only in
# where the driver, runtime, headers and AMPCCHelpers.cmake are.

include(CMakePackageConfigHelpers)

set(AMPCC_CMAKE_PACKAGE_DIR lib/cmake/AMPCC)
set(AMPCC_CFG_RUNTIME_LINK_OPTIONS "")
if(AMPCC_SANITIZE)
  set(AMPCC_CFG_RUNTIME_LINK_OPTIONS "-fsanitize=${AMPCC_SANITIZE}")
endif()

# Installed layout (relative to the prefix): the driver finds headers and
# runtime under <prefix>/lib/ampcc, see Toolchain::discover.
function(ampcc_write_package_config Output InstallDestination InstallPrefix)
  set(AMPCC_CFG_EXECUTABLE ${ARGV3})
  set(AMPCC_CFG_RUNTIME ${ARGV4})
  set(AMPCC_CFG_INCLUDE_DIR ${ARGV5})
  set(AMPCC_CFG_MODULE_DIR ${ARGV6})
  configure_package_config_file(
    ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/AMPCCConfig.cmake.in ${Output}
    INSTALL_DESTINATION ${InstallDestination}
    INSTALL_PREFIX ${InstallPrefix}
    PATH_VARS AMPCC_CFG_EXECUTABLE AMPCC_CFG_RUNTIME AMPCC_CFG_INCLUDE_DIR
              AMPCC_CFG_MODULE_DIR
    NO_SET_AND_CHECK_MACRO)
endfunction()

# For the install prefix (relocatable: paths relative to the config file).
ampcc_write_package_config(
  ${PROJECT_BINARY_DIR}/CMakeFiles/AMPCCPackage/AMPCCConfig.cmake
  ${AMPCC_CMAKE_PACKAGE_DIR} ${CMAKE_INSTALL_PREFIX}
  ${CMAKE_INSTALL_BINDIR}/ampcc lib/ampcc/libampcc_rt.a lib/ampcc/include
  ${AMPCC_CMAKE_PACKAGE_DIR})

# For the build tree: the driver and runtime just built, the source headers.
# CMAKE_PREFIX_PATH=<build> or AMPCC_DIR=<build>/lib/cmake/AMPCC finds it.
ampcc_write_package_config(
  ${PROJECT_BINARY_DIR}/${AMPCC_CMAKE_PACKAGE_DIR}/AMPCCConfig.cmake
  ${PROJECT_BINARY_DIR}/${AMPCC_CMAKE_PACKAGE_DIR} ${PROJECT_BINARY_DIR}
  ${PROJECT_BINARY_DIR}/bin/ampcc ${PROJECT_BINARY_DIR}/lib/libampcc_rt.a
  ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/cmake)

# 0.x: minor versions may break compatibility.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/${AMPCC_CMAKE_PACKAGE_DIR}/AMPCCConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)

install(FILES
  ${PROJECT_BINARY_DIR}/CMakeFiles/AMPCCPackage/AMPCCConfig.cmake
  ${PROJECT_BINARY_DIR}/${AMPCC_CMAKE_PACKAGE_DIR}/AMPCCConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/AMPCCHelpers.cmake
  DESTINATION ${AMPCC_CMAKE_PACKAGE_DIR})
install(PROGRAMS ${CMAKE_CURRENT_LIST_DIR}/ampcc-launcher
  DESTINATION ${AMPCC_CMAKE_PACKAGE_DIR})
