// --probe: runs the probe program (apps/gym-otel-env-probe, installed under libexec) as a
// child with the environment the run would get, and collects what it says.
#pragma once

#include <string>
#include <vector>

namespace goe::app {

struct ProbeRun {
    std::vector<std::string> lines;  // the probe's lines, one per signal, for stderr
    bool accepted = false;           // it exited 0: every signal was accepted
    std::string failure;             // why it could not run or did not finish ("" when it did)
};

// The probe found at GOE_PROBE_RELATIVE_PATH from this executable (/proc/self/exe), run
// with `envp` ("NAME=value" entries) and a total time limit in milliseconds; waits for it.
ProbeRun run_probe(const std::vector<std::string>& envp, long total_ms);

}  // namespace goe::app
