# AMPCCHelpers.cmake: ampcc_add_to_target(), included by AMPCCConfig.cmake.
# How it works (docs/cmake.md has the long version):
#
#  * The target gets a compiler launcher (CXX_COMPILER_LAUNCHER), the script
#    ampcc-launcher next to this file. CMake runs every C++ compile of the
#    target as `ampcc-launcher <ampcc> [previous launcher] -- <c++> <args>`.
#  * The sources that ampcc must compile (all C++ sources of the target, or
#    the listed SOURCES) carry AMPCC_LANGUAGE_FLAGS, the flags that put Clang
#    into the mode ampcc parses C++ AMP in (HIP host mode, -fdeclspec, ...).
#    They mark the compile for the launcher, which then runs
#    `ampcc <args>` instead of the C++ compiler; the other sources go to the
#    C++ compiler (through the previous launcher, e.g. ccache) unchanged.
#    Because the flags are in the ordinary compile command, they are also in
#    compile_commands.json, so clangd parses the file as ampcc does.
#  * ampcc takes gcc-style arguments, so everything CMake derives from the
#    target (-I, -isystem, -D, -std=, -O/-g, -fPIC, -MD -MT -MF) reaches it.
#    With -c, ampcc writes one object per source (kernels included) and the
#    dependency file of the host compile: header tracking works as usual.
#  * The target links AMPCC::runtime (libampcc_rt, OpenCL, threads) with the
#    target's ordinary linker command.

set(_AMPCC_LAUNCHER "${CMAKE_CURRENT_LIST_DIR}/ampcc-launcher")

# Keep in sync with languageModeArgs() in compiler/driver/Toolchain.cpp and
# the host compile of compiler/driver/ampcc.cpp. ampcc-launcher removes them
# again (ampcc adds its own); -D__AMPCC__=1 is the marker it looks for.
set(AMPCC_LANGUAGE_FLAGS
  -xhip -nogpuinc -nogpulib --offload-host-only -fdeclspec -fms-extensions
  -fdelayed-template-parsing -Wno-cuda-compat -D__AMPCC__=1)

# ampcc_add_to_target(TARGET <target> [SOURCES <source>...])
#
# Compiles the C++ sources of <target> with ampcc (only the listed SOURCES if
# given; the others keep the C++ compiler) and links the ampcc runtime.
# <target> is an executable, a static, shared or module library or an object
# library of this project. Call it in the directory that created <target> or
# below; relative SOURCES are relative to the current source directory.
function(ampcc_add_to_target)
  cmake_parse_arguments(PARSE_ARGV 0 _ampcc "" "TARGET" "SOURCES")
  if(_ampcc_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "ampcc_add_to_target: unknown arguments: ${_ampcc_UNPARSED_ARGUMENTS}")
  endif()
  set(tgt "${_ampcc_TARGET}")
  if(NOT tgt)
    message(FATAL_ERROR "ampcc_add_to_target: TARGET <target> is required")
  endif()
  if(NOT TARGET "${tgt}")
    message(FATAL_ERROR "ampcc_add_to_target: '${tgt}' is not a target")
  endif()
  get_target_property(aliased "${tgt}" ALIASED_TARGET)
  get_target_property(imported "${tgt}" IMPORTED)
  get_target_property(type "${tgt}" TYPE)
  if(aliased OR imported OR NOT type MATCHES
     "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
    message(FATAL_ERROR "ampcc_add_to_target: '${tgt}' must be an executable "
      "or a (static, shared, module or object) library built by this project")
  endif()

  # 1. The launcher, in front of any launcher the target already has.
  get_target_property(launcher "${tgt}" CXX_COMPILER_LAUNCHER)
  if(NOT launcher)
    set(launcher "")
  endif()
  list(FIND launcher "${_AMPCC_LAUNCHER}" at)
  if(at EQUAL -1)
    set_property(TARGET "${tgt}" PROPERTY CXX_COMPILER_LAUNCHER
      "${_AMPCC_LAUNCHER}" "${AMPCC_EXECUTABLE}" ${launcher} --)
  endif()

  # 2. Mark what ampcc compiles.
  if(_ampcc_SOURCES)
    set(sources "")
    foreach(src IN LISTS _ampcc_SOURCES)
      get_filename_component(src "${src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      get_property(options SOURCE "${src}" TARGET_DIRECTORY "${tgt}" PROPERTY COMPILE_OPTIONS)
      if(NOT "-D__AMPCC__=1" IN_LIST options)
        list(APPEND sources "${src}")
      endif()
    endforeach()
    if(sources)
      set_property(SOURCE ${sources} TARGET_DIRECTORY "${tgt}" APPEND PROPERTY
        COMPILE_OPTIONS ${AMPCC_LANGUAGE_FLAGS})
      # Per-source options: keep these sources out of unity builds and PCHs.
      set_property(SOURCE ${sources} TARGET_DIRECTORY "${tgt}" PROPERTY
        SKIP_UNITY_BUILD_INCLUSION ON)
      set_property(SOURCE ${sources} TARGET_DIRECTORY "${tgt}" PROPERTY
        SKIP_PRECOMPILE_HEADERS ON)
    endif()
  else()
    get_target_property(marked "${tgt}" _AMPCC_WHOLE_TARGET)
    if(NOT marked)
      foreach(flag IN LISTS AMPCC_LANGUAGE_FLAGS)
        target_compile_options("${tgt}" PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${flag}>")
      endforeach()
      set_property(TARGET "${tgt}" PROPERTY _AMPCC_WHOLE_TARGET ON)
    endif()
  endif()
  # ampcc compiles C++ AMP sources itself; CMake must not scan them for
  # C++20 modules with clang-scan-deps (CMake >= 3.28).
  set_property(TARGET "${tgt}" PROPERTY CXX_SCAN_FOR_MODULES OFF)

  # 3. The runtime: <amp.h>'s include directory for compiles (and clangd),
  #    libampcc_rt + OpenCL for the link. Properties rather than
  #    target_link_libraries, so that either signature of it stays usable.
  get_target_property(linked "${tgt}" LINK_LIBRARIES)
  if(NOT "AMPCC::runtime" IN_LIST linked)
    set_property(TARGET "${tgt}" APPEND PROPERTY LINK_LIBRARIES AMPCC::runtime)
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
      # Whoever links this library links its kernels' runtime too.
      set_property(TARGET "${tgt}" APPEND PROPERTY
        INTERFACE_LINK_LIBRARIES "$<LINK_ONLY:AMPCC::runtime>")
    endif()
  endif()
endfunction()
