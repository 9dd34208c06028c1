//===- Options.td - the ampcc command line ---------------------*- tablegen -*-===//
//
// Every option ampcc accepts, and where it goes. An option's group names
// the steps it matters to (Options.h): the driver copies it, as written,
// into their argument lists; the options that change the driver itself
// (actions, -o, -std=, -O, ...) are read in Options.cpp. llvm-tblgen
// -gen-opt-parser-defs turns this file into Options.inc, as for clang's and
// lld's drivers. Matching is by longest spelling: `-m32` is refused before
// `-m<flag>` takes it, `-Wl,` goes to the linker before `-W<warning>`.
//
// --help keeps its own text (printHelp): it groups related options on one
// line, as the man page does.
//
//===----------------------------------------------------------------------===//

include "llvm/Option/OptParser.td"

// --- Where an option goes -------------------------------------------------------

def grp_driver : OptionGroup<"<driver>">,
  HelpText<"Read by the driver itself (Options.cpp)">;
def grp_frontend : OptionGroup<"<frontend>">,
  HelpText<"Both passes: include paths, macros, diagnostics">;
def grp_host : OptionGroup<"<host>">,
  HelpText<"The host compile only">;
def grp_host_link : OptionGroup<"<host-link>">,
  HelpText<"The host compile and the link, which must agree on them">;
def grp_host_stub : OptionGroup<"<host-stub>">,
  HelpText<"The host compile and the kernel stub's compile">;
def grp_deps : OptionGroup<"<deps>">,
  HelpText<"Make-style dependency files of the host compile">;
def grp_link : OptionGroup<"<link>">,
  HelpText<"The link only">;
def grp_refused : OptionGroup<"<refused>">,
  HelpText<"Options ampcc cannot honour; each one's help text says why">;

// --- Actions and driver behaviour -------------------------------------------------

let Group = grp_driver in {
def version : Flag<["-", "--"], "version">;
def dumpversion : Flag<["-"], "dumpversion">;
def help : Flag<["-", "--"], "help">;
def h : Flag<["-"], "h">;
def v : Flag<["-"], "v">;
def _HASH_HASH_HASH : Flag<["-"], "###">;
def save_temps : Flag<["-", "--"], "save-temps">;
def c : Flag<["-"], "c">;
def S : Flag<["-"], "S">;
def E : Flag<["-"], "E">;
def fsyntax_only : Flag<["-"], "fsyntax-only">;
def emit_opencl : Flag<["-", "--"], "emit-opencl">;
def emit_ptx : Flag<["-", "--"], "emit-ptx">;
def emit_host_kernels : Flag<["-", "--"], "emit-host-kernels">;
def Xhost_kernels : Separate<["-"], "Xhost-kernels">;
def fcuda : Flag<["-"], "fcuda">;
def fno_cuda : Flag<["-"], "fno-cuda">;
def cuda_gpu_arch_EQ : Joined<["--"], "cuda-gpu-arch=">;
def o : JoinedOrSeparate<["-"], "o">;
def x : JoinedOrSeparate<["-"], "x">;
def std_EQ : Joined<["-", "--"], "std=">;
def _std : Separate<["--"], "std">;
def fdiagnostics_show_option : Flag<["-"], "fdiagnostics-show-option">;
def fno_diagnostics_show_option : Flag<["-"], "fno-diagnostics-show-option">;
def fdelayed_template_parsing : Flag<["-"], "fdelayed-template-parsing">;
def fno_delayed_template_parsing : Flag<["-"], "fno-delayed-template-parsing">;
def fms_headers : Flag<["-"], "fms-headers">;
def fno_ms_headers : Flag<["-"], "fno-ms-headers">;
def fstrict_return : Flag<["-"], "fstrict-return">;
def fno_strict_return : Flag<["-"], "fno-strict-return">;
def fpch_amp : Flag<["-"], "fpch-amp">;
def fno_pch_amp : Flag<["-"], "fno-pch-amp">;
def fstrict_aliasing : Flag<["-"], "fstrict-aliasing">;
def fno_strict_aliasing : Flag<["-"], "fno-strict-aliasing">;
def frobust_buffer_access : Flag<["-"], "frobust-buffer-access">;
def fno_robust_buffer_access : Flag<["-"], "fno-robust-buffer-access">;
def fhost_kernels : Flag<["-"], "fhost-kernels">;
def fno_host_kernels : Flag<["-"], "fno-host-kernels">;
}

// --- Refused, with the reason ------------------------------------------------------

let Group = grp_refused in {
def fno_exceptions : Flag<["-"], "fno-exceptions">,
  HelpText<"C++ AMP reports errors as exceptions (concurrency::runtime_exception "
           "and its subclasses), so <amp.h> needs them">;
def m32 : Flag<["-"], "m32">, HelpText<"the ampcc runtime is built for x86-64 only">;
def mx32 : Flag<["-"], "mx32">, HelpText<"the ampcc runtime is built for x86-64 only">;
def m16 : Flag<["-"], "m16">, HelpText<"the ampcc runtime is built for x86-64 only">;
def stdlib_EQ_libcxx : Flag<["-"], "stdlib=libc++">,
  HelpText<"the ampcc runtime is built against libstdc++; libc++ objects "
           "cannot share its std:: types">;
def emit_llvm : Flag<["-"], "emit-llvm">,
  HelpText<"kernels are generated as OpenCL C (use -emit-opencl); host code "
           "is compiled by clang++">;
defvar OffloadModel = "ampcc chooses the offload model itself (C++ AMP kernels run "
                      "through OpenCL)";
def fsycl : Joined<["-"], "fsycl">, HelpText<OffloadModel>;
def fopenmp_targets : Joined<["-"], "fopenmp-targets">, HelpText<OffloadModel>;
def _cuda : Joined<["--"], "cuda">, HelpText<OffloadModel>;
def _offload : Joined<["--"], "offload">, HelpText<OffloadModel>;
def fgpu_rdc : Joined<["-"], "fgpu-rdc">, HelpText<OffloadModel>;
}

// --- Both passes: include paths, macros, diagnostics -----------------------------

let Group = grp_frontend in {
def I : JoinedOrSeparate<["-"], "I">;
def D : JoinedOrSeparate<["-"], "D">;
def U : JoinedOrSeparate<["-"], "U">;
def include_ : JoinedOrSeparate<["-"], "include">;
def isystem : JoinedOrSeparate<["-"], "isystem">;
def iquote : JoinedOrSeparate<["-"], "iquote">;
def W : Joined<["-"], "W">;
def w : Flag<["-"], "w">;
def pedantic : Flag<["-"], "pedantic">;
def pedantic_errors : Flag<["-"], "pedantic-errors">;
def ferror_limit_EQ : Joined<["-"], "ferror-limit=">;
def fcolor_diagnostics : Joined<["-"], "fcolor-diagnostics">;
def fno_color_diagnostics : Joined<["-"], "fno-color-diagnostics">;
def fcaret_diagnostics : Flag<["-"], "fcaret-diagnostics">;
def fno_caret_diagnostics : Flag<["-"], "fno-caret-diagnostics">;
def fdiagnostics_ : Joined<["-"], "fdiagnostics-">;
def fms_extensions : Flag<["-"], "fms-extensions">;
def fno_ms_extensions : Flag<["-"], "fno-ms-extensions">;
}

// --- The host compile only ------------------------------------------------------------
// -m flags (-mavx2, -mfma, -mno-red-zone) tune host code only: kernels are
// compiled for the device by its OpenCL driver.

let Group = grp_host in {
def fno_rtti : Flag<["-"], "fno-rtti">;
def frtti : Flag<["-"], "frtti">;
def fexceptions : Flag<["-"], "fexceptions">;
def ffp_contract_EQ : Joined<["-"], "ffp-contract=">;
def O : Joined<["-"], "O">;
def Xclang : JoinedOrSeparate<["-"], "Xclang">;
def MJ : JoinedOrSeparate<["-"], "MJ">;
def ffast_math : Flag<["-"], "ffast-math">;
def m : Joined<["-"], "m">;
def fvisibility : Joined<["-"], "fvisibility">;
def ffunction_sections : Flag<["-"], "ffunction-sections">;
def fdata_sections : Flag<["-"], "fdata-sections">;
def fomit_frame_pointer : Flag<["-"], "fomit-frame-pointer">;
def fno_omit_frame_pointer : Flag<["-"], "fno-omit-frame-pointer">;
def fstack_protector : Joined<["-"], "fstack-protector">;
def fno_stack_protector : Flag<["-"], "fno-stack-protector">;
}

// --- The host compile and the link ---------------------------------------------------
// -g also gives the final binary its debug information.

let Group = grp_host_link in {
def g : Joined<["-"], "g">;
def m64 : Flag<["-"], "m64">;
def pthread : Flag<["-"], "pthread">;
def fopenmp : Flag<["-"], "fopenmp">;
def fopenmp_EQ : Joined<["-"], "fopenmp=">;
def flto : Joined<["-"], "flto">;
def fno_lto : Flag<["-"], "fno-lto">;
def fsanitize : Joined<["-"], "fsanitize">;
def fno_sanitize : Joined<["-"], "fno-sanitize">;
def stdlib_EQ_libstdcxx : Flag<["-"], "stdlib=libstdc++">;
}

// --- The host compile and the kernel stub's compile ----------------------------------

let Group = grp_host_stub in {
def fPIC : Flag<["-"], "fPIC">;
def fpic : Flag<["-"], "fpic">;
def fPIE : Flag<["-"], "fPIE">;
def fpie : Flag<["-"], "fpie">;
}

// --- Dependency files ----------------------------------------------------------------

let Group = grp_deps in {
def MD : Flag<["-"], "MD">;
def MMD : Flag<["-"], "MMD">;
def MP : Flag<["-"], "MP">;
def MF : Separate<["-"], "MF">;
def MT : Separate<["-"], "MT">;
def MQ : Separate<["-"], "MQ">;
}

// --- The link only -------------------------------------------------------------------

let Group = grp_link in {
def L : JoinedOrSeparate<["-"], "L">, Flags<[RenderJoined]>;
def l : JoinedOrSeparate<["-"], "l">, Flags<[RenderJoined]>;
def Xlinker : JoinedOrSeparate<["-"], "Xlinker">;
def Wl_COMMA : Joined<["-"], "Wl,">;
def shared : Flag<["-"], "shared">;
def static : Flag<["-"], "static">;
def rdynamic : Flag<["-"], "rdynamic">;
def pie : Flag<["-"], "pie">;
def no_pie : Flag<["-"], "no-pie">;
def s : Flag<["-"], "s">;
def fuse_ld_EQ : Joined<["-"], "fuse-ld=">;
def _ld_path_EQ : Joined<["--"], "ld-path=">;
}
