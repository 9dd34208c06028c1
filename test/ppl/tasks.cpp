// PPL's task groups and tasks on oneTBB, without any kernel: results of
// tasks, continuations, when_all/when_any, exceptions reaching the waiter,
// and cancellation (task_group::cancel, cancellation tokens).
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAIL
// CHECK: task_group sum 5050
// CHECK-NEXT: task_group exception: caught 'task 13'
// CHECK-NEXT: task_group cancel: status canceled, ran before cancel only
// CHECK-NEXT: task_group token: status canceled
// CHECK-NEXT: structured_task_group: 3 handles ran
// CHECK-NEXT: then chain: 43
// CHECK-NEXT: void chain: 7
// CHECK-NEXT: exception through value continuations: caught 'first'
// CHECK-NEXT: task-based continuation saw: 'first'
// CHECK-NEXT: when_all: 285
// CHECK-NEXT: when_all void: 10 ran
// CHECK-NEXT: when_any: value 100 from task 3
// CHECK-NEXT: operator&&: 2 values, sum 30
// CHECK-NEXT: task_completion_event: 99
// CHECK-NEXT: canceled token: task_canceled, continuation not run
// CHECK-NEXT: cancel_current_task: canceled
// CHECK-NEXT: unwrapped: 12
// CHECK-NEXT: empty task: invalid_operation
#include <ppltasks.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace concurrency;

int main() {
  {
    std::atomic<int> Sum{0};
    task_group G;
    for (int I = 1; I <= 100; ++I)
      G.run([&Sum, I] { Sum += I; });
    if (G.wait() != completed)
      std::printf("FAIL: task_group status\n");
    std::printf("task_group sum %d\n", Sum.load());
  }
  {
    task_group G;
    for (int I = 0; I < 20; ++I)
      G.run([I] {
        if (I == 13)
          throw std::runtime_error("task 13");
      });
    try {
      G.wait();
      std::printf("FAIL: no exception from task_group::wait\n");
    } catch (const std::runtime_error &E) {
      std::printf("task_group exception: caught '%s'\n", E.what());
    }
  }
  {
    // Tasks queued after cancel() never start.
    task_group G;
    std::atomic<int> Late{0};
    G.cancel();
    bool Canceling = G.is_canceling();
    for (int I = 0; I < 100; ++I)
      G.run([&] { Late++; });
    task_group_status St = G.wait();
    std::printf("task_group cancel: status %s, %s\n",
                St == canceled ? "canceled" : "FAIL",
                Late == 0 && Canceling ? "ran before cancel only" : "FAIL: late tasks ran");
  }
  {
    cancellation_token_source Src;
    task_group G(Src.get_token());
    std::atomic<bool> Started{false};
    G.run([&] {
      Started = true;
      while (!is_current_task_group_canceling())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    while (!Started)
      std::this_thread::yield();
    Src.cancel();
    std::printf("task_group token: status %s\n", G.wait() == canceled ? "canceled" : "FAIL");
  }
  {
    std::atomic<int> Ran{0};
    auto H1 = make_task([&] { Ran++; });
    auto H2 = make_task([&] { Ran++; });
    auto H3 = make_task([&] { Ran++; });
    structured_task_group G;
    G.run(H1);
    G.run(H2);
    G.run_and_wait(H3);
    std::printf("structured_task_group: %d handles ran\n", Ran.load());
  }
  {
    task<int> T = create_task([] { return 20; })
                      .then([](int X) { return X + 1; })
                      .then([](task<int> Prev) { return Prev.get() * 2 + 1; });
    std::printf("then chain: %d\n", T.get());
    std::atomic<int> Side{0};
    auto V = create_task([&] { Side = 3; }).then([&] { return Side + 4; });
    std::printf("void chain: %d\n", V.get());
  }
  {
    std::atomic<bool> Ran{false};
    auto T = create_task([]() -> int { throw std::logic_error("first"); })
                 .then([&](int X) { Ran = true; return X + 1; })
                 .then([&](int X) { Ran = true; return X + 1; });
    try {
      T.get();
      std::printf("FAIL: no exception\n");
    } catch (const std::logic_error &E) {
      std::printf("exception through value continuations: caught '%s'%s\n", E.what(),
                  Ran ? " FAIL: value continuation ran" : "");
    }
    auto Seen = T.then([](task<int> P) -> std::string {
      try {
        P.get();
        return "nothing";
      } catch (const std::exception &E) {
        return E.what();
      }
    });
    std::printf("task-based continuation saw: '%s'\n", Seen.get().c_str());
  }
  {
    std::vector<task<int>> Ts;
    for (int I = 0; I < 10; ++I)
      Ts.push_back(create_task([I] { return I * I; }));
    std::vector<int> All = when_all(Ts.begin(), Ts.end()).get();
    int S = 0;
    for (int I = 0; I < (int)All.size(); ++I)
      S += All[I] == I * I ? All[I] : -100000;
    std::printf("when_all: %d\n", S);

    std::atomic<int> Ran{0};
    std::vector<task<void>> Vs;
    for (int I = 0; I < 10; ++I)
      Vs.push_back(create_task([&] { Ran++; }));
    when_all(Vs.begin(), Vs.end()).wait();
    std::printf("when_all void: %d ran\n", Ran.load());
  }
  {
    // Only task 3 completes until when_any has answered.
    task_completion_event<void> Gate;
    task<void> GateTask(Gate);
    std::vector<task<int>> Ts;
    for (int I = 0; I < 5; ++I)
      Ts.push_back(I == 3 ? create_task([] { return 100; })
                          : GateTask.then([I] { return I; }));
    auto Any = when_any(Ts.begin(), Ts.end()).get();
    std::printf("when_any: value %d from task %zu\n", Any.first, Any.second);
    Gate.set();
    when_all(Ts.begin(), Ts.end()).wait();
  }
  {
    auto Both = create_task([] { return 10; }) && create_task([] { return 20; });
    std::vector<int> R = Both.get();
    std::printf("operator&&: %zu values, sum %d\n", R.size(), R[0] + R[1]);
  }
  {
    task_completion_event<int> Ev;
    auto T = create_task(Ev).then([](int X) { return X + 9; });
    std::thread Setter([Ev] { Ev.set(90); });
    std::printf("task_completion_event: %d\n", T.get());
    Setter.join();
  }
  {
    cancellation_token_source Src;
    Src.cancel();
    std::atomic<bool> Ran{false};
    auto T = create_task([&] { Ran = true; return 1; }, Src.get_token());
    auto C = T.then([&](int X) { Ran = true; return X; });
    try {
      C.get();
      std::printf("FAIL: no task_canceled\n");
    } catch (const task_canceled &) {
      std::printf("canceled token: task_canceled, %s\n",
                  Ran ? "FAIL: ran" : "continuation not run");
    }
  }
  {
    cancellation_token_source Src;
    auto T = create_task([&]() -> int {
      Src.cancel();
      if (is_task_cancellation_requested())
        cancel_current_task();
      return 5;
    }, Src.get_token());
    std::printf("cancel_current_task: %s\n", T.wait() == canceled ? "canceled" : "FAIL");
  }
  {
    auto T = create_task([] { return create_task([] { return 12; }); });
    std::printf("unwrapped: %d\n", T.get());
  }
  {
    task<int> Empty;
    try {
      Empty.get();
      std::printf("FAIL: empty task\n");
    } catch (const invalid_operation &) {
      std::printf("empty task: invalid_operation\n");
    }
  }
  return 0;
}
