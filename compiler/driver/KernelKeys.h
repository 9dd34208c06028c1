//===- KernelKeys.h - kernels launched without RTTI -------------*- C++ -*-===//
//
// Under -fno-rtti a launch is keyed by Concurrency::details::kernelKey<K>()'s
// __PRETTY_FUNCTION__ instead of typeid(K).name() (parallel_for_each.h);
// the device pass finds the same strings (DeviceCompileResult::KernelKeys),
// and the host stub tells the runtime which registered kernel each means.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_KERNELKEYS_H
#define AMPCC_DRIVER_KERNELKEYS_H

#include <string>
#include <utility>
#include <vector>

namespace ampcc {

/// -fno-rtti: the host launches by kernelKey<K>()'s __PRETTY_FUNCTION__
/// instead of typeid(K).name(); this table, appended to the host stub, tells
/// the runtime which registered kernel each such key means.
std::string
kernelAliasTable(const std::vector<std::pair<std::string, std::string>> &Keys);

/// Under -fno-rtti a lambda's key names its source location only, so a
/// lambda in a function template launched from two instantiations gives
/// two kernels one key: refuse that rather than run the wrong kernel.
bool uniqueKernelKeys(const std::string &Src,
                      const std::vector<std::pair<std::string, std::string>> &Keys);

} // namespace ampcc

#endif // AMPCC_DRIVER_KERNELKEYS_H
