# -DAMPCC_SANITIZE=address,undefined builds the compiler, the runtime, the
# tools and the tests with Clang's sanitizers (scripts/sanitize.sh runs the
# whole suite so). Programs that ampcc links against a sanitized runtime
# must carry the same runtime checks, so the driver then adds the flag to
# their host compile and link (AMPCC_RUNTIME_SANITIZE below).
#
# Left uninstrumented: the host-pass plugin, which is loaded into Debian's
# clang++ (built without sanitizers, so an instrumented plugin could not
# find its sanitizer runtime).
set(AMPCC_SANITIZE "" CACHE STRING
    "Sanitizers for compiler, runtime and tests (e.g. address,undefined)")

if(AMPCC_SANITIZE)
  set(AMPCC_SANITIZE_FLAGS -fsanitize=${AMPCC_SANITIZE} -fno-omit-frame-pointer)
  if(AMPCC_SANITIZE MATCHES "undefined")
    # Stop at the first report, so that a test fails on it.
    list(APPEND AMPCC_SANITIZE_FLAGS -fno-sanitize-recover=all)
  endif()
  add_compile_options(${AMPCC_SANITIZE_FLAGS})
  add_link_options(${AMPCC_SANITIZE_FLAGS})
endif()

# Undoes the above for one target.
function(ampcc_no_sanitize target)
  if(AMPCC_SANITIZE)
    target_compile_options(${target} PRIVATE -fno-sanitize=all)
    target_link_options(${target} PRIVATE -fno-sanitize=all)
  endif()
endfunction()
