// Python's list.sort as CPython 3.13 runs it (Objects/listobject.c, listsort.txt): count_run
// with its 3.13 runs (descending runs take equal items, an ascending tail extends one),
// binary insertion up to minrun, powersort's merge order, merges that gallop. A stable sort
// gives one order whatever its algorithm when every comparison is consistent; this one also
// makes the same comparisons in the same order, so a NaN leaves the items where CPython
// leaves them, and a comparison that raises is the one CPython makes first.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

namespace goe {

// The order `sorted(items)` gives, as the positions of the items, for `n` items compared by
// `less(i, j)` (Python's items[i] < items[j]); whatever `less` throws is thrown from the first
// comparison CPython's sort would make that throws. With `reverse`, as sorted(reverse=True):
// the items reversed, sorted, the result reversed (equal items keep their order).
template <class Less>
std::vector<size_t> python_sort_order(size_t n, Less less, bool reverse = false);

namespace python_sort_detail {

using Index = std::ptrdiff_t;

constexpr Index kMinGallop = 7;
constexpr Index kMaxMinrun = 64;

struct Run {
    Index base = 0;
    Index len = 0;
    int power = 0;
};

template <class Less>
class TimSort {
public:
    TimSort(std::vector<size_t>& keys, Less& less) : a_(keys), less_(less) {}

    void sort() {
        const auto n = static_cast<Index>(a_.size());
        if (n < 2) return;
        const Index minrun = compute_minrun(n);
        Index lo = 0, remaining = n;
        while (remaining > 0) {
            Index run = count_run(lo, remaining);
            if (run < minrun) {
                Index force = std::min(remaining, minrun);
                binary_sort(lo, force, run);
                run = force;
            }
            found_new_run(run);
            runs_.push_back(Run{lo, run, 0});
            lo += run;
            remaining -= run;
        }
        while (runs_.size() > 1) {  // merge_force_collapse
            auto k = static_cast<Index>(runs_.size()) - 2;
            if (k > 0 && runs_[static_cast<size_t>(k - 1)].len < runs_[static_cast<size_t>(k + 1)].len) --k;
            merge_at(k);
        }
    }

private:
    bool lt(size_t x, size_t y) { return less_(x, y); }
    size_t& at(Index i) { return a_[static_cast<size_t>(i)]; }
    size_t& tmp(Index i) { return tmp_[static_cast<size_t>(i)]; }
    void reverse(Index from, Index to) { std::reverse(a_.begin() + from, a_.begin() + to); }

    // n itself below 64; else a value in [32, 64] such that n / minrun is a power of two or
    // just under one.
    static Index compute_minrun(Index n) {
        Index r = 0;
        while (n >= kMaxMinrun) {
            r |= n & 1;
            n >>= 1;
        }
        return n + r;
    }

    // The length of the run at `lo`, made ascending in place. 3.13's rule: an ascending run
    // (a[i] >= a[i-1]); else a descending one in which equal neighbours may follow each
    // other, each group of equal items reversed as it ends so that the whole run's reversal
    // keeps their order; then an ascending tail after it joins the run.
    Index count_run(Index lo, Index remaining) {
        auto a = [&](Index i) { return at(lo + i); };
        Index n = 1;
        for (; n < remaining; ++n)
            if (lt(a(n), a(n - 1))) break;
        if (n == remaining) return n;
        if (n > 1) {
            // a[n] < a[n-1]: unless the ascending run is all equal items, it ends here.
            if (lt(a(0), a(n - 1))) return n;
            reverse(lo, lo + n);
        }
        ++n;
        Index equal = 0;  // the last `equal` + 1 items are equal
        auto reverse_equal = [&] {
            if (equal) {
                reverse(lo + n - equal - 1, lo + n);
                equal = 0;
            }
        };
        for (; n < remaining; ++n) {
            if (lt(a(n), a(n - 1))) {
                reverse_equal();
            } else if (lt(a(n - 1), a(n))) {
                break;
            } else {
                ++equal;
            }
        }
        reverse_equal();
        reverse(lo, lo + n);
        for (; n < remaining; ++n)
            if (lt(a(n), a(n - 1))) break;
        return n;
    }

    // Binary insertion of a[lo+ok .. lo+n) into the sorted a[lo .. lo+ok); an item goes
    // after the items equal to it.
    void binary_sort(Index lo, Index n, Index ok) {
        if (ok == 0) ++ok;
        for (; ok < n; ++ok) {
            const size_t pivot = at(lo + ok);
            Index left = 0, right = ok;
            do {
                Index middle = (left + right) >> 1;
                if (lt(pivot, at(lo + middle))) right = middle;
                else left = middle + 1;
            } while (left < right);
            for (Index m = ok; m > left; --m) at(lo + m) = at(lo + m - 1);
            at(lo + left) = pivot;
        }
    }

    // Where `key` goes in the sorted keys[0..n) (`keys` reads one), before the items equal
    // to it, searched from `hint` outwards by doubling steps, then by halving.
    template <class Keys>
    Index gallop_left(size_t key, Keys keys, Index n, Index hint) {
        Index last = 0, ofs = 1;
        if (lt(keys(hint), key)) {
            const Index max = n - hint;
            while (ofs < max) {
                if (!lt(keys(hint + ofs), key)) break;
                last = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = std::min(ofs, max);
            last += hint;
            ofs += hint;
        } else {
            const Index max = hint + 1;
            while (ofs < max) {
                if (lt(keys(hint - ofs), key)) break;
                last = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = std::min(ofs, max);
            Index k = last;
            last = hint - ofs;
            ofs = hint - k;
        }
        for (++last; last < ofs;) {
            Index m = last + ((ofs - last) >> 1);
            if (lt(keys(m), key)) last = m + 1;
            else ofs = m;
        }
        return ofs;
    }

    // The same, after the items equal to `key`.
    template <class Keys>
    Index gallop_right(size_t key, Keys keys, Index n, Index hint) {
        Index last = 0, ofs = 1;
        if (lt(key, keys(hint))) {
            const Index max = hint + 1;
            while (ofs < max) {
                if (!lt(key, keys(hint - ofs))) break;
                last = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = std::min(ofs, max);
            Index k = last;
            last = hint - ofs;
            ofs = hint - k;
        } else {
            const Index max = n - hint;
            while (ofs < max) {
                if (lt(key, keys(hint + ofs))) break;
                last = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = std::min(ofs, max);
            last += hint;
            ofs += hint;
        }
        for (++last; last < ofs;) {
            Index m = last + ((ofs - last) >> 1);
            if (lt(key, keys(m))) ofs = m;
            else last = m + 1;
        }
        return ofs;
    }

    auto in_list(Index base) {
        return [this, base](Index i) { return at(base + i); };
    }
    auto in_tmp(Index base) {
        return [this, base](Index i) { return tmp(base + i); };
    }

    // Merges the runs a[pa .. pa+na) and a[pb .. pb+nb) (pb == pa + na), na <= nb, the
    // first run copied aside; a[pa+na-1] is known to end the merge.
    void merge_lo(Index pa, Index na, Index pb, Index nb) {
        tmp_.assign(a_.begin() + pa, a_.begin() + pa + na);
        Index dest = pa, ia = 0, ib = pb;
        at(dest++) = at(ib++);
        --nb;
        auto finish = [&] {  // what is left of the first run goes last
            for (Index i = 0; i < na; ++i) at(dest + i) = tmp(ia + i);
        };
        auto copy_b = [&] {  // one item of the first run is left, and it ends the merge
            for (Index i = 0; i < nb; ++i) at(dest + i) = at(ib + i);
            at(dest + nb) = tmp(ia);
        };
        if (nb == 0) return finish();
        if (na == 1) return copy_b();
        Index min_gallop = min_gallop_;
        for (;;) {
            Index a_wins = 0, b_wins = 0;
            for (;;) {
                if (lt(at(ib), tmp(ia))) {
                    at(dest++) = at(ib++);
                    ++b_wins;
                    a_wins = 0;
                    if (--nb == 0) return finish();
                    if (b_wins >= min_gallop) break;
                } else {
                    at(dest++) = tmp(ia++);
                    ++a_wins;
                    b_wins = 0;
                    if (--na == 1) return copy_b();
                    if (a_wins >= min_gallop) break;
                }
            }
            ++min_gallop;
            do {
                min_gallop -= min_gallop > 1;
                min_gallop_ = min_gallop;
                Index k = gallop_right(at(ib), in_tmp(ia), na, 0);
                a_wins = k;
                if (k) {
                    for (Index i = 0; i < k; ++i) at(dest + i) = tmp(ia + i);
                    dest += k;
                    ia += k;
                    na -= k;
                    if (na == 1) return copy_b();
                    if (na == 0) return finish();
                }
                at(dest++) = at(ib++);
                if (--nb == 0) return finish();
                k = gallop_left(tmp(ia), in_list(ib), nb, 0);
                b_wins = k;
                if (k) {
                    for (Index i = 0; i < k; ++i) at(dest + i) = at(ib + i);
                    dest += k;
                    ib += k;
                    nb -= k;
                    if (nb == 0) return finish();
                }
                at(dest++) = tmp(ia++);
                if (--na == 1) return copy_b();
            } while (a_wins >= kMinGallop || b_wins >= kMinGallop);
            ++min_gallop;
            min_gallop_ = min_gallop;
        }
    }

    // The same from the right end, na >= nb, the second run copied aside; a[pb] is known
    // to start the merge.
    void merge_hi(Index pa, Index na, Index pb, Index nb) {
        tmp_.assign(a_.begin() + pb, a_.begin() + pb + nb);
        const Index base_a = pa;
        Index dest = pb + nb - 1, ia = pa + na - 1, ib = nb - 1;
        at(dest--) = at(ia--);
        --na;
        auto finish = [&] {  // what is left of the second run goes first
            for (Index i = 0; i < nb; ++i) at(dest - (nb - 1) + i) = tmp(i);
        };
        auto copy_a = [&] {  // one item of the second run is left, and it starts the merge
            for (Index i = na; i-- > 0;) at(dest + 1 - na + i) = at(ia + 1 - na + i);
            dest -= na;
            at(dest) = tmp(ib);
        };
        if (na == 0) return finish();
        if (nb == 1) return copy_a();
        Index min_gallop = min_gallop_;
        for (;;) {
            Index a_wins = 0, b_wins = 0;
            for (;;) {
                if (lt(tmp(ib), at(ia))) {
                    at(dest--) = at(ia--);
                    ++a_wins;
                    b_wins = 0;
                    if (--na == 0) return finish();
                    if (a_wins >= min_gallop) break;
                } else {
                    at(dest--) = tmp(ib--);
                    ++b_wins;
                    a_wins = 0;
                    if (--nb == 1) return copy_a();
                    if (b_wins >= min_gallop) break;
                }
            }
            ++min_gallop;
            do {
                min_gallop -= min_gallop > 1;
                min_gallop_ = min_gallop;
                Index k = na - gallop_right(tmp(ib), in_list(base_a), na, na - 1);
                a_wins = k;
                if (k) {
                    dest -= k;
                    ia -= k;
                    for (Index i = k; i-- > 0;) at(dest + 1 + i) = at(ia + 1 + i);
                    na -= k;
                    if (na == 0) return finish();
                }
                at(dest--) = tmp(ib--);
                if (--nb == 1) return copy_a();
                k = nb - gallop_left(at(ia), in_tmp(0), nb, nb - 1);
                b_wins = k;
                if (k) {
                    dest -= k;
                    ib -= k;
                    for (Index i = 0; i < k; ++i) at(dest + 1 + i) = tmp(ib + 1 + i);
                    nb -= k;
                    if (nb == 1) return copy_a();
                    if (nb == 0) return finish();
                }
                at(dest--) = at(ia--);
                if (--na == 0) return finish();
            } while (a_wins >= kMinGallop || b_wins >= kMinGallop);
            ++min_gallop;
            min_gallop_ = min_gallop;
        }
    }

    // Merges runs i and i+1 of the stack.
    void merge_at(Index i) {
        auto u = static_cast<size_t>(i);
        Index pa = runs_[u].base, na = runs_[u].len;
        Index pb = runs_[u + 1].base, nb = runs_[u + 1].len;
        runs_[u].len = na + nb;
        if (u + 3 == runs_.size()) runs_[u + 1] = runs_[u + 2];
        runs_.pop_back();
        // The head of the first run that is not above the second's first item, and the
        // tail of the second that is not below the first's last, are in place already.
        Index k = gallop_right(at(pb), in_list(pa), na, 0);
        pa += k;
        na -= k;
        if (na == 0) return;
        nb = gallop_left(at(pa + na - 1), in_list(pb), nb, nb - 1);
        if (nb <= 0) return;
        if (na <= nb) merge_lo(pa, na, pb, nb);
        else merge_hi(pa, na, pb, nb);
    }

    // Powersort: the depth of the boundary between two adjacent runs in a conceptual
    // binary merge tree over the whole list.
    static int power_of(Index s1, Index n1, Index n2, Index n) {
        int result = 0;
        Index a = 2 * s1 + n1, b = a + n1 + n2;
        for (;;) {
            ++result;
            if (a >= n) {
                a -= n;
                b -= n;
            } else if (b >= n) {
                break;
            }
            a <<= 1;
            b <<= 1;
        }
        return result;
    }

    // A new run of n2 items follows the top of the stack: the runs below of greater power
    // are merged first.
    void found_new_run(Index n2) {
        if (runs_.empty()) return;
        const Run& top = runs_.back();
        int power = power_of(top.base, top.len, n2, static_cast<Index>(a_.size()));
        while (runs_.size() > 1 && runs_[runs_.size() - 2].power > power)
            merge_at(static_cast<Index>(runs_.size()) - 2);
        runs_.back().power = power;
    }

    std::vector<size_t>& a_;
    Less& less_;
    std::vector<size_t> tmp_;
    std::vector<Run> runs_;
    Index min_gallop_ = kMinGallop;
};

}  // namespace python_sort_detail

template <class Less>
std::vector<size_t> python_sort_order(size_t n, Less less, bool reverse) {
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t{0});
    if (reverse) std::reverse(order.begin(), order.end());
    python_sort_detail::TimSort<Less>(order, less).sort();
    if (reverse) std::reverse(order.begin(), order.end());
    return order;
}

}  // namespace goe
