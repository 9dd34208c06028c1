# Sourced by the GPU-machine scripts: unpacks the ICD loader package of
# bundle $B into the private root $W/root (unpacking over / can break the
# image; the machine's own loader ignores OCL_ICD_VENDORS) and makes
# NVIDIA's driver the only OpenCL platform (the machines also carry a CPU
# OpenCL runtime).
for d in "$B"/debs/*.deb; do dpkg -x "$d" "$W/root"; done
export LD_LIBRARY_PATH="$W/root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$W/vendors" && echo libnvidia-opencl.so.1 > "$W/vendors/nvidia.icd"
export OCL_ICD_VENDORS="$W/vendors"
