// The one traversal pattern of the IR: children, rebuilding with new children, and paths.
#include <charconv>

#include "ir/expr.hpp"

namespace liftcl::ir {

std::vector<Node> children(const Node& n) {
    std::vector<Node> out;
    if (const auto* e = std::get_if<ExprP>(&n)) {
        if ((*e)->kind == Expr::Kind::Call) {
            out.emplace_back((*e)->fun);
            for (const auto& a : (*e)->args) out.emplace_back(a);
        }
        return out;
    }
    const FunP& f = std::get<FunP>(n);
    switch (f->kind) {
        case Fun::Kind::Lambda: out.emplace_back(f->body); break;
        case Fun::Kind::Prim:
            for (const auto& g : f->funs) out.emplace_back(g);
            for (const auto& x : f->exprs) out.emplace_back(x);
            break;
        case Fun::Kind::UserFun: break;
    }
    return out;
}

std::size_t childCount(const Node& n) {
    if (const auto* e = std::get_if<ExprP>(&n))
        return (*e)->kind == Expr::Kind::Call ? 1 + (*e)->args.size() : 0;
    const FunP& f = std::get<FunP>(n);
    switch (f->kind) {
        case Fun::Kind::Lambda: return 1;
        case Fun::Kind::Prim: return f->funs.size() + f->exprs.size();
        case Fun::Kind::UserFun: return 0;
    }
    return 0;
}

Node childAt(const Node& n, std::size_t k) {
    if (const auto* e = std::get_if<ExprP>(&n)) return k == 0 ? Node((*e)->fun) : Node((*e)->args[k - 1]);
    const FunP& f = std::get<FunP>(n);
    if (f->kind == Fun::Kind::Lambda) return f->body;
    if (k < f->funs.size()) return f->funs[k];
    return f->exprs[k - f->funs.size()];
}

static ExprP expectExpr(const Node& n, const char* where) {
    if (const auto* e = std::get_if<ExprP>(&n)) return *e;
    throw Error(std::string("withChildren: expected an expression as ") + where);
}
static FunP expectFun(const Node& n, const char* where) {
    if (const auto* f = std::get_if<FunP>(&n)) return *f;
    throw Error(std::string("withChildren: expected a function as ") + where);
}

Node withChildren(const Node& n, const std::vector<Node>& newChildren) {
    const std::size_t expected = children(n).size();
    if (newChildren.size() != expected)
        throw Error("withChildren: expected " + std::to_string(expected) + " children, got " +
                    std::to_string(newChildren.size()));
    if (const auto* e = std::get_if<ExprP>(&n)) {
        if ((*e)->kind != Expr::Kind::Call) return n;
        auto copy = std::make_shared<Expr>(**e);
        copy->type = nullptr;
        copy->fun = expectFun(newChildren[0], "the function of a call");
        for (std::size_t k = 0; k < copy->args.size(); ++k)
            copy->args[k] = expectExpr(newChildren[k + 1], "an argument of a call");
        return ExprP(copy);
    }
    const FunP& f = std::get<FunP>(n);
    if (f->kind == Fun::Kind::UserFun) return n;
    auto copy = std::make_shared<Fun>(*f);
    copy->type = nullptr;
    if (f->kind == Fun::Kind::Lambda) {
        copy->body = expectExpr(newChildren[0], "the body of a lambda");
    } else {
        std::size_t k = 0;
        for (auto& g : copy->funs) g = expectFun(newChildren[k++], "a function argument");
        for (auto& x : copy->exprs) x = expectExpr(newChildren[k++], "an expression argument");
    }
    return FunP(copy);
}

namespace {

// The nodes along the last path walked from the last root. Strategies look up every position they
// visit by its path from the root (nodeAt, rewrite::contextAt), in depth-first order, so successive
// paths share all but their last steps: walking on from the longest common prefix makes a lookup
// O(1) amortized instead of O(depth) (planning a Bluestein kernel spent 44% of its time walking).
struct PathCursor {
    Node root;               // held, so its tree stays alive and its address names it
    std::vector<Node> nodes;  // nodes[d]: the node at the first d steps of path (nodes[0]: root)
    Path path;
};
thread_local PathCursor cursor;

}  // namespace

const std::vector<Node>& nodesAlong(const Node& root, const Path& path) {
    if (cursor.nodes.empty() || cursor.root != root) {
        cursor.root = root;
        cursor.nodes.assign(1, root);
        cursor.path.clear();
    }
    std::size_t common = 0;
    while (common < path.size() && common < cursor.path.size() && path[common] == cursor.path[common]) ++common;
    cursor.nodes.resize(common + 1);
    cursor.path.resize(common);
    for (std::size_t depth = common; depth < path.size(); ++depth) {
        const Node& cur = cursor.nodes.back();
        const std::size_t count = childCount(cur);
        const int k = path[depth];
        if (k < 0 || static_cast<std::size_t>(k) >= count)
            throw Error("no node at path '" + pathToString(path) + "': index " +
                        std::to_string(k) + " at depth " + std::to_string(depth) + " but only " +
                        std::to_string(count) + " children");
        cursor.nodes.push_back(childAt(cur, static_cast<std::size_t>(k)));
        cursor.path.push_back(k);
    }
    return cursor.nodes;
}

Node nodeAt(const Node& root, const Path& path) { return nodesAlong(root, path).back(); }

static Node replaceFrom(const Node& cur, const Path& path, std::size_t depth,
                        const Node& replacement) {
    if (depth == path.size()) return replacement;
    auto kids = children(cur);
    int k = path[depth];
    if (k < 0 || static_cast<std::size_t>(k) >= kids.size())
        throw Error("no node at path '" + pathToString(path) + "'");
    kids[k] = replaceFrom(kids[k], path, depth + 1, replacement);
    return withChildren(cur, kids);
}

Node replaceAt(const Node& root, const Path& path, const Node& replacement) {
    return replaceFrom(root, path, 0, replacement);
}

std::string pathToString(const Path& p) {
    std::string s;
    for (std::size_t k = 0; k < p.size(); ++k) {
        if (k) s += '.';
        s += std::to_string(p[k]);
    }
    return s;
}

Path pathFromString(const std::string& s) {
    Path p;
    if (s.empty()) return p;
    std::size_t start = 0;
    while (true) {
        std::size_t dot = s.find('.', start);
        std::string part = s.substr(start, dot == std::string::npos ? std::string::npos
                                                                     : dot - start);
        int value = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || ec != std::errc() || end != part.data() + part.size() || value < 0)
            throw Error("bad path '" + s + "': expected non-negative integers separated by '.'");
        p.push_back(value);
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return p;
}

}  // namespace liftcl::ir
