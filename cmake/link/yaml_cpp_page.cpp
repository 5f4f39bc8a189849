// Linked first, ahead of the whole of libyaml-cpp.a (CMakeLists.txt, GOE_STATIC): yaml-cpp's
// code then starts at the same offset in a page in gym-otel-env and in bench_yaml_events,
// whatever our own code weighs. Where a hot loop falls relative to cache lines and the branch
// predictor's tables moved yaml-cpp's scanner by a tenth of its time from one link to the
// next (docs/performance.md); at the same place in both, the bench compares our work alone.
extern "C" __attribute__((used, aligned(4096))) void goe_yaml_cpp_page() {}
