// In the style of Visual C++'s multi-accelerator samples: a concurrent_queue
// of work items feeds several accelerator_views, one PPL task per view;
// each task pops items until the queue is empty and runs a kernel for each
// on its own view. Results are gathered in a concurrent_vector and every
// item is checked against a CPU computation.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 24 items on 3 views: all checked
#include <amp.h>
#include <concurrent_queue.h>
#include <concurrent_vector.h>
#include <ppltasks.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

struct WorkItem {
  int Id;
  int Size;
  float Scale;
};

struct Result {
  int Id;
  int View;
  std::vector<float> Values;
};

static float input(int Id, int I) { return float((Id * 31 + I) % 97); }

int main() {
  concurrent_queue<WorkItem> Work;
  for (int Id = 0; Id < 24; ++Id)
    Work.push(WorkItem{Id, 1000 + 37 * Id, 0.5f + float(Id)});

  accelerator Acc;
  std::vector<accelerator_view> Views;
  for (int I = 0; I < 3; ++I)
    Views.push_back(Acc.create_view());

  concurrent_vector<Result> Results;
  std::vector<task<int>> Workers;
  for (int V = 0; V < (int)Views.size(); ++V) {
    Workers.push_back(create_task([&, V] {
      int Done = 0;
      WorkItem Item;
      while (Work.try_pop(Item)) {
        std::vector<float> Data(Item.Size);
        for (int I = 0; I < Item.Size; ++I)
          Data[I] = input(Item.Id, I);
        array_view<float, 1> A(Item.Size, Data);
        float S = Item.Scale;
        parallel_for_each(Views[V], A.extent, [=](index<1> I) restrict(amp) {
          A[I] = A[I] * S + 1.0f;
        });
        A.synchronize();
        Results.push_back(Result{Item.Id, V, Data});
        ++Done;
      }
      return Done;
    }));
  }
  std::vector<int> PerView = when_all(Workers.begin(), Workers.end()).get();

  int Items = 0;
  for (int D : PerView)
    Items += D;
  bool Ok = Items == 24 && Results.size() == 24;
  std::vector<int> Seen(24, 0);
  for (const Result &R : Results) {
    Seen[R.Id]++;
    float Scale = 0.5f + float(R.Id);
    for (int I = 0; I < (int)R.Values.size(); ++I)
      if (R.Values[I] != input(R.Id, I) * Scale + 1.0f) {
        std::printf("FAIL item %d element %d: %g\n", R.Id, I, R.Values[I]);
        Ok = false;
        break;
      }
  }
  for (int C : Seen)
    Ok = Ok && C == 1;
  std::printf("%d items on %zu views: %s\n", Items, Views.size(),
              Ok ? "all checked" : "FAIL");
  return Ok ? 0 : 1;
}
