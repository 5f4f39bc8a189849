// fmt's compiled part, once (CMakeLists.txt, GOE_STATIC). Debian ships fmt as a shared
// library only, and the static tool cannot link that; with fmt header-only, every
// translation unit that includes <fmt/format.h> compiled all of fmt's formatting code
// again, some 4 s of CPU each at -O2, several minutes per build (docs/ci.md). This file
// is what fmt's own library is: format-inl.h once, and the templates format.h declares
// `extern` instantiated here.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
template FMT_API auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto thousands_sep_impl<wchar_t>(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;
}  // namespace detail
FMT_END_NAMESPACE
