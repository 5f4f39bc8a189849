#include "gym_otel_env/gym/subtree_marks.hpp"

namespace goe {

uint8_t subtree_marks(const Node& collection) {
    // A child collection without marks leaves the answer unknown, unless the rule found
    // what it looks for without it.
    bool unknown = false;
    auto by_marks = [&unknown](SubtreeMark mark) {
        return [&unknown, mark](const NodePtr& child) {
            unknown = unknown || !marked(*child, kMarksNoted);
            return marked(*child, mark);
        };
    };
    bool missing = missing_in(collection, by_marks(kHasMissing));
    bool directive = directive_in(collection, by_marks(kHasDirective));
    if (unknown) return 0;
    return kMarksNoted | (missing ? kHasMissing : 0) | (directive ? kHasDirective : 0);
}

}  // namespace goe
