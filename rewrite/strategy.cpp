// The strategy combinators.
#include "rewrite/strategy.hpp"

#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using ir::pathToString;

namespace {
using Result = std::optional<Outcome>;

Path extended(const Path& p, int k) {
    Path q = p;
    q.push_back(k);
    return q;
}
int childCount(const Node& root, const Path& p) {
    return static_cast<int>(ir::childCount(nodeAt(root, p)));
}
void append(Derivation& into, const Derivation& more) { into.insert(into.end(), more.begin(), more.end()); }

Result topDownAt(const Strategy& s, const Node& root, const Path& p) {
    if (auto r = s(root, p)) return r;
    int n = childCount(root, p);
    for (int k = 0; k < n; ++k)
        if (auto r = topDownAt(s, root, extended(p, k))) return r;
    return std::nullopt;
}
Result bottomUpAt(const Strategy& s, const Node& root, const Path& p) {
    int n = childCount(root, p);
    for (int k = 0; k < n; ++k)
        if (auto r = bottomUpAt(s, root, extended(p, k))) return r;
    return s(root, p);
}
Outcome allTopDownAt(const Strategy& s, const Node& root, const Path& p) {
    if (auto r = s(root, p)) return *r;
    Outcome cur{root, {}};
    int n = childCount(root, p);
    for (int k = 0; k < n; ++k) {
        Outcome sub = allTopDownAt(s, cur.root, extended(p, k));
        cur.root = sub.root;
        append(cur.steps, sub.steps);
    }
    return cur;
}
}  // namespace

Strategy idStrategy() {
    return {"id", [](const Node& root, const Path&) -> Result { return Outcome{root, {}}; }};
}
Strategy failStrategy() {
    return {"fail", [](const Node&, const Path&) -> Result { return std::nullopt; }};
}

Strategy rule(Rule r) {
    std::string name = r.name;
    return {name, [r = std::move(r)](const Node& root, const Path& p) -> Result {
                auto result = tryApplyRuleAt(root, r, p);
                if (!result) return std::nullopt;
                return Outcome{*result, {{r.name, p}}};
            }};
}

Strategy seq(Strategy s, Strategy t) {
    std::string name = s.name + " ; " + t.name;
    return {name, [s = std::move(s), t = std::move(t)](const Node& root, const Path& p) -> Result {
                auto first = s(root, p);
                if (!first) return std::nullopt;
                auto second = t(first->root, p);
                if (!second) return std::nullopt;
                Outcome out{second->root, first->steps};
                append(out.steps, second->steps);
                return out;
            }};
}

Strategy choice(Strategy s, Strategy t) {
    std::string name = "(" + s.name + " <+ " + t.name + ")";
    return {name, [s = std::move(s), t = std::move(t)](const Node& root, const Path& p) -> Result {
                if (auto r = s(root, p)) return r;
                return t(root, p);
            }};
}

Strategy attempt(Strategy s) {
    std::string name = "try(" + s.name + ")";
    return {name, [s = std::move(s)](const Node& root, const Path& p) -> Result {
                if (auto r = s(root, p)) return r;
                return Outcome{root, {}};
            }};
}

Strategy repeat(Strategy s, int maxSteps) {
    std::string name = "repeat(" + s.name + ")";
    return {name, [s = std::move(s), maxSteps](const Node& root, const Path& p) -> Result {
                Outcome cur{root, {}};
                for (int step = 0; step < maxSteps; ++step) {
                    auto r = s(cur.root, p);
                    if (!r) return cur;
                    if (r->steps.empty()) return *r;  // no progress: stop rather than loop
                    cur.root = r->root;
                    append(cur.steps, r->steps);
                }
                throw Error("strategy " + s.name + " did not terminate within " +
                            std::to_string(maxSteps) + " applications");
            }};
}

Strategy one(Strategy s) {
    std::string name = "one(" + s.name + ")";
    return {name, [s = std::move(s)](const Node& root, const Path& p) -> Result {
                int n = childCount(root, p);
                for (int k = 0; k < n; ++k)
                    if (auto r = s(root, extended(p, k))) return r;
                return std::nullopt;
            }};
}

Strategy all(Strategy s) {
    std::string name = "all(" + s.name + ")";
    return {name, [s = std::move(s)](const Node& root, const Path& p) -> Result {
                Outcome cur{root, {}};
                int n = childCount(root, p);
                for (int k = 0; k < n; ++k) {
                    auto r = s(cur.root, extended(p, k));
                    if (!r) return std::nullopt;
                    cur.root = r->root;
                    append(cur.steps, r->steps);
                }
                return cur;
            }};
}

Strategy some(Strategy s) {
    std::string name = "some(" + s.name + ")";
    return {name, [s = std::move(s)](const Node& root, const Path& p) -> Result {
                Outcome cur{root, {}};
                bool any = false;
                int n = childCount(root, p);
                for (int k = 0; k < n; ++k) {
                    auto r = s(cur.root, extended(p, k));
                    if (!r) continue;
                    any = true;
                    cur.root = r->root;
                    append(cur.steps, r->steps);
                }
                if (!any) return std::nullopt;
                return cur;
            }};
}

Strategy child(int k, Strategy s) {
    std::string name = "child(" + std::to_string(k) + ", " + s.name + ")";
    return {name, [k, s = std::move(s)](const Node& root, const Path& p) -> Result {
                if (k < 0 || k >= childCount(root, p)) return std::nullopt;
                return s(root, extended(p, k));
            }};
}

Strategy topDown(Strategy s) {
    std::string name = "topDown(" + s.name + ")";
    return {name, [s = std::move(s)](const Node& root, const Path& p) { return topDownAt(s, root, p); }};
}
Strategy bottomUp(Strategy s) {
    std::string name = "bottomUp(" + s.name + ")";
    return {name, [s = std::move(s)](const Node& root, const Path& p) { return bottomUpAt(s, root, p); }};
}
Strategy allTopDown(Strategy s) {
    std::string name = "allTopDown(" + s.name + ")";
    return {name, [s = std::move(s)](const Node& root, const Path& p) -> Result {
                return allTopDownAt(s, root, p);
            }};
}
Strategy normalize(Strategy s) {
    std::string name = "normalize(" + s.name + ")";
    Strategy r = repeat(topDown(std::move(s)));
    r.name = name;
    return r;
}
Strategy innermost(Strategy s) {
    std::string name = "innermost(" + s.name + ")";
    Strategy r = repeat(bottomUp(std::move(s)));
    r.name = name;
    return r;
}

Strategy where(std::string label, std::function<bool(const Node&, const Context&)> predicate,
               Strategy s) {
    std::string name = s.name + " where " + label;
    return {name, [predicate = std::move(predicate), s = std::move(s)](const Node& root,
                                                                       const Path& p) -> Result {
                if (!predicate(nodeAt(root, p), contextAt(root, p))) return std::nullopt;
                return s(root, p);
            }};
}

Node replay(const Node& root, const Derivation& steps) {
    Node cur = root;
    typecheckTree(cur);
    for (std::size_t k = 0; k < steps.size(); ++k) {
        try {
            cur = applyRuleAt(cur, ruleByName(steps[k].rule), steps[k].path);
        } catch (const Error& e) {
            throw Error("replaying step " + std::to_string(k + 1) + " (" + steps[k].rule + " at '" +
                        pathToString(steps[k].path) + "'): " + e.message());
        }
    }
    return cur;
}

std::string derivationToString(const Derivation& steps) {
    std::string s;
    for (const auto& a : steps) s += (s.empty() ? "" : ", ") + a.rule + "@" + pathToString(a.path);
    return s;
}

}  // namespace liftcl::rewrite
