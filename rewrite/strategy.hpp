// Strategies as composable values, in the spirit of ELEVATE/Stratego.
//
// A strategy is applied to a whole tree at a focus path and either fails or returns the new tree
// with the derivation it made (the (rule, path) applications, replayable with replay()). Rules
// are the only thing that changes the tree; combinators choose where and how often:
//
//   id, fail            always succeed unchanged / always fail
//   rule(r)             apply r at the focus
//   seq(s, t)   s ; t   s then t (fails if either fails)
//   choice(s, t) s <+ t  s, or t if s fails
//   attempt(s)  try(s)  s <+ id
//   repeat(s)           s as often as it succeeds (bounded), always succeeds
//   one/all/some(s)     s on one (the first that succeeds) / every / at least one child
//   child(k, s)         s at child k
//   topDown(s)          s at the first position, in pre-order, where it succeeds
//   bottomUp(s)         s at the first position, in post-order, where it succeeds
//   allTopDown(s)       s at every outermost position where it succeeds (never fails)
//   normalize(s)        repeat(topDown(s)): until s applies nowhere
//   innermost(s)        repeat(bottomUp(s))
//   where(label, p, s)  s where the predicate on the focused node and its context holds
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "rewrite/rule.hpp"

namespace liftcl::rewrite {

struct Outcome {
    Node root;
    Derivation steps;
};

struct Strategy {
    std::string name;  // readable form: "topDown(map-fusion) ; normalize(beta)"
    std::function<std::optional<Outcome>(const Node& root, const Path& focus)> run;

    std::optional<Outcome> operator()(const Node& root, const Path& focus = {}) const {
        return run(root, focus);
    }
};

Strategy idStrategy();
Strategy failStrategy();
Strategy rule(Rule r);
Strategy seq(Strategy s, Strategy t);
Strategy choice(Strategy s, Strategy t);
Strategy attempt(Strategy s);
Strategy repeat(Strategy s, int maxSteps = 2000);
Strategy one(Strategy s);
Strategy all(Strategy s);
Strategy some(Strategy s);
Strategy child(int k, Strategy s);
Strategy topDown(Strategy s);
Strategy bottomUp(Strategy s);
Strategy allTopDown(Strategy s);
Strategy normalize(Strategy s);
Strategy innermost(Strategy s);
Strategy where(std::string label, std::function<bool(const Node&, const Context&)> predicate,
               Strategy s);

inline Strategy operator>>(Strategy s, Strategy t) { return seq(std::move(s), std::move(t)); }
inline Strategy operator|(Strategy s, Strategy t) { return choice(std::move(s), std::move(t)); }

// Replays a derivation (rule names as ruleByName accepts them). Throws liftcl::Error naming the
// step that does not apply.
Node replay(const Node& root, const Derivation& steps);
std::string derivationToString(const Derivation& steps);  // "rule@path, rule@path"

}  // namespace liftcl::rewrite
