#include "gym_otel_env/core/close_match.hpp"

#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "gym_otel_env/core/text.hpp"

namespace goe {
namespace {

// SequenceMatcher with isjunk=None and autojunk=True: b's index drops elements that are
// "popular" (more than 1 + len(b)//100 occurrences) once b has 200 or more elements.
class Matcher {
public:
    Matcher(const std::u32string& a, const std::u32string& b) : a_(a), b_(b) {
        for (size_t j = 0; j < b.size(); ++j) b2j_[b[j]].push_back(j);
        if (b.size() >= 200) {
            size_t ntest = b.size() / 100 + 1;
            for (auto it = b2j_.begin(); it != b2j_.end();)
                it = it->second.size() > ntest ? b2j_.erase(it) : std::next(it);
        }
    }

    size_t matches() const {
        size_t total = 0;
        std::vector<std::tuple<size_t, size_t, size_t, size_t>> queue{{0, a_.size(), 0, b_.size()}};
        while (!queue.empty()) {
            auto [alo, ahi, blo, bhi] = queue.back();
            queue.pop_back();
            auto [i, j, k] = longest(alo, ahi, blo, bhi);
            if (k == 0) continue;
            total += k;
            if (alo < i && blo < j) queue.emplace_back(alo, i, blo, j);
            if (i + k < ahi && j + k < bhi) queue.emplace_back(i + k, ahi, j + k, bhi);
        }
        return total;
    }

private:
    // find_longest_match: the earliest longest block in a, then in b, grown over equal
    // neighbours that the popularity rule left out of the index.
    std::tuple<size_t, size_t, size_t> longest(size_t alo, size_t ahi, size_t blo, size_t bhi) const {
        size_t besti = alo, bestj = blo, bestsize = 0;
        std::unordered_map<size_t, size_t> j2len;
        for (size_t i = alo; i < ahi; ++i) {
            std::unordered_map<size_t, size_t> next;
            auto found = b2j_.find(a_[i]);
            if (found != b2j_.end()) {
                for (size_t j : found->second) {
                    if (j < blo) continue;
                    if (j >= bhi) break;
                    auto prev = j > 0 ? j2len.find(j - 1) : j2len.end();
                    size_t k = next[j] = (prev == j2len.end() ? 0 : prev->second) + 1;
                    if (k > bestsize) {
                        besti = i - k + 1;
                        bestj = j - k + 1;
                        bestsize = k;
                    }
                }
            }
            j2len = std::move(next);
        }
        while (besti > alo && bestj > blo && a_[besti - 1] == b_[bestj - 1]) {
            --besti;
            --bestj;
            ++bestsize;
        }
        while (besti + bestsize < ahi && bestj + bestsize < bhi && a_[besti + bestsize] == b_[bestj + bestsize])
            ++bestsize;
        return {besti, bestj, bestsize};
    }

    const std::u32string& a_;
    const std::u32string& b_;
    std::map<char32_t, std::vector<size_t>> b2j_;
};

}  // namespace

double sequence_ratio(std::string_view a, std::string_view b) {
    auto ca = code_points(a), cb = code_points(b);
    size_t total = ca.size() + cb.size();
    if (total == 0) return 1.0;
    return 2.0 * static_cast<double>(Matcher(ca, cb).matches()) / static_cast<double>(total);
}

std::string close_match(std::string_view word, const std::vector<std::string>& candidates) {
    // get_close_matches sets seq2 to the word and seq1 to each candidate.
    double best = -1;
    const std::string* pick = nullptr;
    for (const auto& c : candidates) {
        double score = sequence_ratio(c, word);
        if (score < 0.6) continue;
        if (!pick || score > best || (score == best && code_points(c) > code_points(*pick))) {
            best = score;
            pick = &c;
        }
    }
    return pick ? *pick : std::string();
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
    std::string match = close_match(word, candidates);
    return match.empty() ? std::string() : " Did you mean `" + match + "`?";
}

}  // namespace goe
