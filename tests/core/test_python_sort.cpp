// python_sort: CPython 3.13's list.sort. Every expected value below is what CPython 3.13.0
// gives for the same input (items whose __lt__ counts and logs each comparison); 3.11's
// count_run makes other comparisons (545 against 538 in the 130-item case), so these
// tell the two apart.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gym_otel_env/core/python_sort.hpp"

using namespace goe;

namespace {

// The same pseudo-random items the expectations were computed from.
std::vector<int64_t> lcg_list(size_t n, int64_t mod, int64_t seed) {
    std::vector<int64_t> out;
    int64_t x = seed;
    for (size_t i = 0; i < n; ++i) {
        x = (x * 1103515245 + 12345) % 2147483648;
        out.push_back(x % mod);
    }
    return out;
}

struct Incomparable {
    size_t left, right;
};

// Sorts `values`, counting the comparisons; a comparison that involves an index of `bad`
// throws, as Python's TypeError does.
struct Sorted {
    std::vector<size_t> order;
    size_t comparisons = 0;
    std::optional<std::pair<size_t, size_t>> failed;
};

template <class T>
Sorted sorted(const std::vector<T>& values, bool reverse = false, std::set<size_t> bad = {}) {
    Sorted out;
    auto less = [&](size_t i, size_t j) {
        ++out.comparisons;
        if (bad.count(i) || bad.count(j)) throw Incomparable{i, j};
        return values[i] < values[j];
    };
    try {
        out.order = python_sort_order(values.size(), less, reverse);
    } catch (const Incomparable& e) {
        out.failed = std::make_pair(e.left, e.right);
    }
    return out;
}

std::vector<size_t> head(const std::vector<size_t>& v, size_t n) {
    return {v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n)};
}
std::vector<size_t> tail(const std::vector<size_t>& v, size_t n) {
    return {v.end() - static_cast<std::ptrdiff_t>(n), v.end()};
}

}  // namespace

TEST_CASE("python_sort_order makes CPython 3.13's comparisons: its count and its order") {
    using V = std::vector<size_t>;
    auto [n, mod, seed, reverse, comparisons, first, last] =
        GENERATE(table<size_t, int64_t, int64_t, bool, size_t, V, V>({
            {10, 5, 1, false, 23, {0, 1, 7, 3, 8, 6, 9, 2, 4, 5}, {6, 9, 2, 4, 5}},
            {64, 10, 2, false, 299, {13, 19, 59, 24, 26, 30, 38, 60, 1, 9}, {44, 48, 50, 54, 62}},
            // From 64 items on: minrun, binary insertion, powersort's merges, galloping.
            {65, 1000, 3, false, 319, {34, 30, 56, 39, 64, 32, 22, 8, 14, 46}, {44, 24, 29, 4, 5}},
            {200, 50, 4, false, 1261, {11, 45, 51, 75, 129, 163, 169, 171, 185, 58}, {176, 15, 49, 119, 112}},
            {1000, 100000, 5, false, 8666, {36, 33, 660, 541, 780, 939, 338, 834, 829, 877}, {277, 709, 693, 460, 752}},
            {300, 7, 6, true, 1767, {2, 5, 32, 36, 37, 40, 47, 57, 90, 101}, {285, 290, 291, 294, 297}},
        }));
    CAPTURE(n, mod, seed, reverse);
    auto s = sorted(lcg_list(n, mod, seed), reverse);
    CHECK(s.comparisons == comparisons);
    CHECK(head(s.order, first.size()) == first);
    CHECK(tail(s.order, last.size()) == last);
}

// A descending run takes equal neighbours (each group reversed as it ends, so the run's
// reversal keeps their order), and an ascending tail then joins it: one run of ten here.
TEST_CASE("python_sort_order: 3.13's count_run, descending with equal groups, then an ascending tail") {
    auto s = sorted(std::vector<int>{5, 5, 4, 4, 4, 3, 3, 9, 10, 11, 1});
    CHECK(s.comparisons == 20);
    CHECK(s.order == std::vector<size_t>{10, 5, 6, 2, 3, 4, 0, 1, 7, 8, 9});
}

// NaN makes the comparisons inconsistent, so where the items end up is the algorithm's.
TEST_CASE("python_sort_order leaves NaNs where CPython 3.13 leaves them") {
    std::vector<double> values;
    values.reserve(150);
    for (int k = 0; k < 150; ++k) values.push_back(k % 13 == 5 ? std::nan("") : static_cast<double>((k * 37) % 101));
    auto s = sorted(values);
    CHECK(s.comparisons == 631);
    std::string shown;
    for (size_t i : s.order) shown += (shown.empty() ? "" : " ") + std::to_string(i);
    CHECK(shown ==
          "0 11 22 33 3 14 25 36 6 17 28 9 20 1 12 23 34 4 37 7 32 2 5 15 26 29 10 21 13 24 16 27 8 18 35 19 30 31 71 "
          "41 52 63 74 55 66 47 58 69 39 50 61 72 42 53 64 75 45 56 67 48 59 40 51 62 73 43 54 65 46 68 38 44 49 57 "
          "60 70 101 112 82 93 104 85 107 77 88 99 110 80 91 102 113 94 105 86 97 108 78 89 100 111 81 92 103 84 95 "
          "106 76 98 79 83 87 90 96 109 142 123 134 145 115 126 137 118 129 140 121 132 143 124 146 116 127 138 149 "
          "119 130 141 133 144 114 125 136 147 117 120 122 128 131 135 139 148");
}

// Python's TypeError names the pair `a < b` it was raised on: the first comparison
// CPython makes that involves an item it cannot compare.
TEST_CASE("python_sort_order: the comparison that throws is the first one CPython 3.13 makes") {
    using Bad = std::set<size_t>;
    using Pair = std::pair<size_t, size_t>;
    auto [n, mod, seed, bad, comparisons, pair] = GENERATE(table<size_t, int64_t, int64_t, Bad, size_t, Pair>({
        {100, 1000, 7, {70, 90}, 285, {70, 52}},
        {300, 50, 8, {3, 250}, 5, {3, 2}},
        {130, 1000, 9, {129}, 545, {129, 120}},
        {64, 10, 10, {0}, 1, {1, 0}},
    }));
    CAPTURE(n, mod, seed);
    auto s = sorted(lcg_list(n, mod, seed), false, bad);
    CHECK(s.comparisons == comparisons);
    CHECK(s.failed == std::optional<Pair>(pair));
}

TEST_CASE("python_sort_order of nothing and of one item compares nothing") {
    CHECK(sorted(std::vector<int>{}).order.empty());
    auto one = sorted(std::vector<int>{7});
    CHECK(one.order == std::vector<size_t>{0});
    CHECK(one.comparisons == 0);
}
