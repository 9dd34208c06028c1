# The runtime's layering check (runtime/Layering.cmake) refuses to configure
# a tree that breaks it. Run as
#   cmake -DRUNTIME_DIR=<runtime> -DWORK_DIR=<scratch> -P LayeringTest.cmake
# Each case configures a copy of the runtime folder, once untouched (must
# pass) and then with one violation each (must fail, saying why).

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/project)
file(WRITE ${WORK_DIR}/project/CMakeLists.txt [[
cmake_minimum_required(VERSION 3.20)
project(layering NONE)
include(${RUNTIME_COPY}/Layering.cmake)
ampcc_check_runtime_layering(${RUNTIME_COPY} "${AMPCC_RUNTIME_LAYERS}")
]])

# configure(<case> <expected message, or "" to expect success>)
function(configure name expected)
  set(copy ${WORK_DIR}/${name}/runtime)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${WORK_DIR}/project -B ${WORK_DIR}/${name}/build
            -DRUNTIME_COPY=${copy}
    RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  # CMake wraps long messages: compare with the whitespace folded.
  string(REGEX REPLACE "[ \n]+" " " err "${err}")
  if(expected STREQUAL "")
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "${name}: configure failed on a tree that keeps the layering:\n${err}")
    endif()
  elseif(result EQUAL 0)
    message(FATAL_ERROR "${name}: configure passed despite the violation")
  elseif(NOT err MATCHES "${expected}")
    message(FATAL_ERROR "${name}: configure failed without saying '${expected}':\n${err}")
  endif()
  message(STATUS "${name}: as expected")
endfunction()

# The cases write into their copies: the copy must be one, never a link back
# into the source tree (RUNTIME_DIR may itself be a symbolic link).
get_filename_component(RUNTIME_DIR "${RUNTIME_DIR}" REALPATH)
function(copy_runtime name)
  file(COPY ${RUNTIME_DIR}/ DESTINATION ${WORK_DIR}/${name}/runtime)
  if(IS_SYMLINK ${WORK_DIR}/${name}/runtime OR
     NOT EXISTS ${WORK_DIR}/${name}/runtime/Layering.cmake)
    message(FATAL_ERROR "${name}: ${WORK_DIR}/${name}/runtime is no copy of ${RUNTIME_DIR}")
  endif()
endfunction()

copy_runtime(clean)
configure(clean "")

# A lower layer (support) includes a higher one (devices).
copy_runtime(upward)
file(APPEND ${WORK_DIR}/upward/runtime/support/Env.h "#include \"devices/Device.h\"\n")
configure(upward "the support layer may not include devices/Device.h")

# Two layers including each other: whichever is lower is refused.
copy_runtime(cycle)
file(APPEND ${WORK_DIR}/cycle/runtime/devices/Device.h "#include \"coherence/DataSource.h\"\n")
configure(cycle "the devices layer may not include coherence/DataSource.h")

# One backend reaching into another.
copy_runtime(sideways)
file(MAKE_DIRECTORY ${WORK_DIR}/sideways/runtime/backends/other)
file(WRITE ${WORK_DIR}/sideways/runtime/backends/other/Other.h "// Another backend.\n")
file(APPEND ${WORK_DIR}/sideways/runtime/backends/opencl/Errors.h "#include \"backends/other/Other.h\"\n")
configure(sideways "the opencl backend may not include backends/other/Other.h")

# A folder that is no layer.
copy_runtime(unlisted)
file(MAKE_DIRECTORY ${WORK_DIR}/unlisted/runtime/extras)
configure(unlisted "runtime/extras/ is not among the runtime's layers")

# A header reached through '..'.
copy_runtime(parent)
file(APPEND ${WORK_DIR}/parent/runtime/devices/Device.h "#include \"../support/Env.h\"\n")
configure(parent "includes a header through '..'")
