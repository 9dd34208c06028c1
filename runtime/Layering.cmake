# The runtime's layers, top to bottom (docs/architecture.md, "Runtime").
set(AMPCC_RUNTIME_LAYERS
  launches     # parallel_for_each, kernels, programs; amp_uninitialize
  coherence    # which copy of an array's bytes is current, and where
  devices      # devices, accelerator views, device faults
  backends     # the device APIs, one folder each (backends/cuda, backends/opencl)
  transfers    # host memory: reused blocks, copies on several threads
  observation  # counts, profiles, traces, markers, kernels in flight
  support      # environment, region geometry, the Visual C++ host
  )

# ampcc_check_runtime_layering(<runtime dir> <layers>): refuses a
# configuration in which a file of the runtime includes a header of a layer
# above its own. <layers> lists the runtime's folders top to bottom; a file
# of a folder may include headers of its folder and of the folders after it
# in the list, so the folders form no cycle. Every folder of <runtime dir>
# must be listed. Backends sit side by side: a file of backends/<one>/ may
# include backends/ itself and its own backend, never another backend.
# Headers are named from the runtime's root ("coherence/DataSource.h"), never
# through '..'. Works in script mode too (test/unit-runtime/layering).
function(ampcc_check_runtime_layering root layers)
  file(GLOB entries LIST_DIRECTORIES true RELATIVE ${root} ${root}/*)
  foreach(entry IN LISTS entries)
    if(IS_DIRECTORY ${root}/${entry} AND NOT entry IN_LIST layers)
      message(FATAL_ERROR "runtime/${entry}/ is not among the runtime's layers "
              "(${layers}): add it to AMPCC_RUNTIME_LAYERS where it belongs")
    endif()
  endforeach()
  list(LENGTH layers count)
  math(EXPR last "${count} - 1")
  foreach(index RANGE ${last})
    list(GET layers ${index} folder)
    # The layers this one may use: itself and those below it.
    list(SUBLIST layers ${index} -1 allowed)
    file(GLOB_RECURSE files ${root}/${folder}/*.h ${root}/${folder}/*.cpp)
    foreach(file IN LISTS files)
      _ampcc_check_runtime_file(${root} ${file} ${folder} "${allowed}" "${layers}")
    endforeach()
  endforeach()
endfunction()

function(_ampcc_check_runtime_file root file folder allowed layers)
  file(RELATIVE_PATH rel ${root} ${file})
  file(STRINGS ${file} parents REGEX "^#include \"\\.\\./")
  if(parents)
    message(FATAL_ERROR "runtime/${rel}: includes a header through '..': ${parents}")
  endif()
  list(JOIN layers " > " order)
  file(STRINGS ${file} includes REGEX "^#include \"[A-Za-z_]+/")
  foreach(line IN LISTS includes)
  string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" header "${line}")
    string(REGEX REPLACE "/.*" "" used "${header}")
    if(used STREQUAL "ampcc" OR NOT used IN_LIST layers)
      continue() # The public headers (include/ampcc), or a system header.
    endif()
    if(NOT used IN_LIST allowed)
      message(FATAL_ERROR "runtime/${rel}: the ${folder} layer may not include "
              "${header}: ${used} is above it (the runtime's layers, top to "
              "bottom: ${order})")
    endif()
    # One backend never reaches into another.
    if(folder STREQUAL "backends" AND used STREQUAL "backends" AND
       rel MATCHES "^backends/([^/]+)/" )
      set(own ${CMAKE_MATCH_1})
      if(header MATCHES "^backends/([^/]+)/" AND NOT CMAKE_MATCH_1 STREQUAL own)
        message(FATAL_ERROR "runtime/${rel}: the ${own} backend may not "
                "include ${header}, a header of another backend")
      endif()
    endif()
  endforeach()
endfunction()
