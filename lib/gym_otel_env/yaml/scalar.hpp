// YAML 1.1 scalar typing as OmegaConf's loader does it (PyYAML SafeLoader, OmegaConf's
// float rule, no timestamps). The only place that decides what a scalar's type is.
#pragma once

#include <string_view>

#include "gym_otel_env/core/value.hpp"

namespace goe {

// A plain (unquoted, untagged) scalar: null, bool, int, float or string. The node takes
// `origin` (a copy of its file name is a locked count, once per scalar of a file).
NodePtr type_plain_scalar(std::string_view text, Origin origin, const std::string& key_path = {});

// Whether type_plain_scalar makes a string of `text` (the common mapping key), so that
// the parser can take the text as it is without making a node for it.
bool plain_scalar_is_string(std::string_view text);

// A scalar with an explicit tag ("tag:yaml.org,2002:int", "!" ...). Throws Error for
// tags the loader has no constructor for and for text the tag's constructor rejects.
NodePtr type_tagged_scalar(std::string_view tag, std::string_view text, Origin origin, const std::string& key_path);

// What an explicit tag on a collection makes of it, as SafeConstructor builds it and
// OmegaConf then holds it: `!!seq`, `!!map` and `!` change nothing; `!!omap` and `!!pairs`
// make a sequence of one-entry mappings a list of (key, value) pairs, which OmegaConf
// holds as a list of two-item lists. Throws Error in PyYAML's words for a tag that does
// not fit the collection, in OmegaConf's for a `!!set` (a Python set), and for an
// unknown tag.
enum class CollectionTag { plain, pairs };
CollectionTag collection_tag(std::string_view tag, Type type, const Origin& origin, const std::string& key_path);

}  // namespace goe
