/* The candidate OpenCL C run as C on the host: one thread a work-item,
   barrier() a pthread barrier, kernel-scope __local arrays static in
   section lclmem, filled with the byte PATTERN (argv[1]) before each group. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define POISON(p, n) __msan_poison(p, n)
#endif
#endif
#ifndef POISON
#define POISON(p, n) (void)0
#endif
typedef unsigned int uint;
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned long ulong;
#define __kernel
#define __global
#define __private
#define __local
#define __constant const
#define CLK_LOCAL_MEM_FENCE 1
#define reqd_work_group_size(x, y, z) unused
#define CLK_GLOBAL_MEM_FENCE 2
static __thread size_t Gid, Lid, Grp;
static pthread_barrier_t Bar;
static size_t get_global_id(uint d) { return d ? 0 : Gid; }
static size_t get_local_id(uint d) { return d ? 0 : Lid; }
static size_t get_group_id(uint d) { return d ? 0 : Grp; }
static size_t get_local_size(uint d) { return d ? 1 : 3; }
static size_t get_global_size(uint d) { return d ? 1 : 6; }
static void barrier(int f) { (void)f; pthread_barrier_wait(&Bar); }
#include CAND
extern char __start_lclmem[], __stop_lclmem[];
static int in0[32], out0[8], at0[2];
static double in1[96];
static unsigned char sink[64];
struct wi { size_t g, l, grp; };
static void *run(void *p) {
  struct wi *w = p;
  Gid = w->g; Lid = w->l; Grp = w->grp;
  ampcc_shape1 s_in0 = {16, {16}, {1}, 32}, s_out0 = {0, {6}, {1}, 8}, s_at0 = {0, {2}, {1}, 2};
  ampcc_shape3 s_in1 = {0, {3, 2, 8}, {24, 8, 1}, 96};
  int c0 = 1274882641;
  int *u3_in0_data = in0, *u3_out0_data = out0, *u3_at0_data = at0;
  double *u3_in1_data = in1;
  unsigned char *ampcc_sink = sink;
  ampcc_shape1 u3_in0_shape = s_in0, u3_out0_shape = s_out0, u3_at0_shape = s_at0;
  ampcc_shape3 u3_in1_shape = s_in1;
  (void)u3_in0_shape; (void)u3_out0_shape; (void)u3_at0_shape; (void)u3_in1_shape;
  t3_device_kernel(CALL);
  return NULL;
}
int main(int argc, char **argv) {
  int pat = argc > 1 ? atoi(argv[1]) : 0;
  for (size_t grp = 0; grp < 2; ++grp) {
    memset(__start_lclmem, pat, __stop_lclmem - __start_lclmem);
    /* Under MemorySanitizer, a use of __local memory no work-item wrote is a report. */
    POISON(__start_lclmem, __stop_lclmem - __start_lclmem);
    pthread_barrier_init(&Bar, NULL, 3);
    pthread_t t[3]; struct wi w[3];
    for (size_t l = 0; l < 3; ++l) {
      w[l] = (struct wi){grp * 3 + l, l, grp};
      pthread_create(&t[l], NULL, run, &w[l]);
    }
    for (size_t l = 0; l < 3; ++l) pthread_join(t[l], NULL);
    pthread_barrier_destroy(&Bar);
  }
  printf("out0:"); for (int i = 0; i < 8; ++i) printf(" %d", out0[i]); printf("\n");
  return 0;
}
