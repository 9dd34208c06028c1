# The Debian package of ampcc: `cpack -G DEB` in the build directory (or
# scripts/package-deb.sh) writes ampcc_<version>_amd64.deb with the driver,
# ampcc-ls, headers, runtime, CMake package, man page and user guide, all
# under /usr. Included from the top-level CMakeLists.txt.

# The man page, compressed as Debian policy wants (-n: no time stamp, so the
# package is reproducible).
find_program(AMPCC_GZIP gzip REQUIRED)
add_custom_command(
  OUTPUT ${PROJECT_BINARY_DIR}/man/ampcc.1.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
  COMMAND ${AMPCC_GZIP} -9n -c ${PROJECT_SOURCE_DIR}/docs/ampcc.1 > ${PROJECT_BINARY_DIR}/man/ampcc.1.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/docs/ampcc.1
  COMMENT "Compressing the man page")
add_custom_target(ampcc-man ALL DEPENDS ${PROJECT_BINARY_DIR}/man/ampcc.1.gz)
install(FILES ${PROJECT_BINARY_DIR}/man/ampcc.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/docs/user-guide.md ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_PACKAGE_NAME ampcc)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "ampcc")
set(CPACK_PACKAGE_CONTACT "ampcc maintainers <ampcc@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "C++ AMP compiler for OpenCL devices")
set(CPACK_PACKAGE_DESCRIPTION
  "ampcc compiles C++ AMP programs (C++ AMP Open Specification v1.2) for\n\
OpenCL 1.2 devices: GPUs through their vendor's OpenCL driver, CPUs\n\
through PoCL. It includes the compiler driver, ampcc-ls, the <amp.h>\n\
headers, the runtime library and a CMake package.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # ampcc_<version>_amd64.deb
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# clang-19 compiles host code and links; the driver links the LLVM 19 and
# clang-cpp 19 libraries; user programs link -lOpenCL, which needs the
# loader's development symlink. PoCL is a dependency, not a choice: it runs
# Visual C++'s software accelerators (direct3d\\ref, direct3d\\warp), which
# every C++ AMP program may ask for, beside whatever GPU driver is installed.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "clang-19, libclang-cpp19, libllvm19, libclc-19, ocl-icd-libopencl1, ocl-icd-opencl-dev, pocl-opencl-icd, libc6, libstdc++6")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clinfo, ccache, cmake")
# postinst precompiles <amp.h> with the installed ampcc; prerm removes it.
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
  ${PROJECT_SOURCE_DIR}/cmake/debian/postinst ${PROJECT_SOURCE_DIR}/cmake/debian/prerm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_GENERATOR DEB)
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR}/package)
include(CPack)
