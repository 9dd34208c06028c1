# lit configuration for ampcc.
#
# Substitutions:
#   %ampcc       the driver under test
#   %ampcc-ls    the accelerator lister (tools/ampcc-ls)
#   %FileCheck   FileCheck-19
#   %clcheck     clang-19 checking generated OpenCL C 1.2 offline
#   %not         inverts an exit code (llvm's `not`)
#   %llvm-as     llvm-as-19 (a bitcode library for the PTX tests)
#   %fake_cuda   the tests' fake CUDA driver (AMPCC_CUDA_LIBRARY)
# Features:
#   opencl       an OpenCL device is present; tests that run kernels or ask
#                the runtime for devices say `REQUIRES: opencl`. Without a
#                device they are reported UNSUPPORTED and the compiler tests
#                still run, except under CI=true, where a missing device
#                stops the suite: it must never turn into skipped tests there.
import os
import shutil
import subprocess

import lit.formats

config.name = "ampcc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "unit-runtime"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ampcc_obj_root, "test")

# %ampcc-ls before %ampcc: lit substitutes in order.
config.substitutions.append(("%ampcc-ls", os.path.join(os.path.dirname(config.ampcc_bin), "ampcc-ls")))
# ampcc compiles kernels for the host CPU by default (-fhost-kernels), so on
# a machine without a GPU the programs of the suite run on the host
# backend, OpenCL's devices (PoCL) listed beside it.
# AMPCC_TEST_BACKEND=opencl runs the suite as before that default
# (-fno-host-kernels): PoCL is then the default device. CI runs the
# programs both ways (test/CMakeLists.txt); a test that is about one of the
# two says so with its own flags.
ampcc_command = config.ampcc_bin
if os.environ.get("AMPCC_TEST_BACKEND") == "opencl":
    ampcc_command += " -fno-host-kernels"
    # The second run: tests of what the front end accepts (source
    # encodings, include spellings, Windows headers) say
    # `UNSUPPORTED: opencl-rerun`, since which backend runs their few
    # kernels changes nothing they check and the first run has them.
    config.available_features.add("opencl-rerun")
config.substitutions.append(("%ampcc", ampcc_command))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%clcheck", config.clang_c +
                             " -x cl -cl-std=CL1.2 -fsyntax-only -Werror -Wno-unused-value"))
config.substitutions.append(("%not", os.path.join(config.llvm_tools_dir, "not")))
config.substitutions.append(("%llvm-as", os.path.join(config.llvm_tools_dir, "llvm-as")))
config.substitutions.append(("%fake_cuda", os.path.join(config.ampcc_obj_root, "test",
                                                        "unit-runtime", "libampcc_fake_cuda.so")))
config.substitutions.append(("%src_root", config.ampcc_src_root))
config.substitutions.append(("%obj_root", config.ampcc_obj_root))

# The OpenCL runtime: keep PoCL's kernel cache inside the build tree so runs
# do not depend on (or pollute) the user's home directory.
for var in ["HOME", "OCL_ICD_VENDORS", "OPENCL_VENDOR_PATH", "POCL_DEVICES",
            "CPPAMP_DEFAULT_ACCELERATOR", "POCL_MAX_PTHREAD_COUNT",
            # A sanitized build's options and suppressions (scripts/sanitize.sh).
            "ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment["POCL_CACHE_DIR"] = os.path.join(config.test_exec_root, "pocl-cache")
# ampcc's own kernel binary cache likewise (tests of the cache itself set
# AMPCC_CACHE_DIR to a directory of their own).
config.environment["AMPCC_CACHE_DIR"] = os.path.join(config.test_exec_root, "ampcc-cache")

def opencl_devices():
    clinfo = shutil.which("clinfo")
    if not clinfo:
        return None
    try:
        out = subprocess.run([clinfo, "-l"], capture_output=True, text=True, timeout=60).stdout
    except Exception:
        return None
    return [l for l in out.splitlines() if "Device #" in l]

devices = opencl_devices()
if devices:
    config.available_features.add("opencl")
    # Tests of faults that only a GPU reports as errors (on a CPU device the
    # same bad access would be the process's own crash).
    if any("NVIDIA" in d for d in devices):
        config.available_features.add("nvidia-gpu")
elif os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    lit_config.fatal("no OpenCL device found (clinfo -l lists none) on CI: install "
                     "pocl-opencl-icd (scripts/setup.sh does) before running the tests")
else:
    lit_config.warning("no OpenCL device found (clinfo -l lists none): the tests "
                       "that REQUIRES: opencl are UNSUPPORTED; scripts/setup.sh "
                       "installs pocl-opencl-icd")

# ccache, for the tests of ampcc under a compiler launcher (scripts/setup.sh
# installs it).
if shutil.which("ccache"):
    config.available_features.add("ccache")
