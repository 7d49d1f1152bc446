// A recursive-descent parser for strategy expressions (see strategy_parser.hpp).
#include "rewrite/strategy_parser.hpp"

#include <cctype>
#include <variant>

#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

namespace {

using Arg = std::variant<Strategy, std::int64_t>;

class Parser {
public:
    explicit Parser(const std::string& text) : text_(text) {}

    Strategy parseAll() {
        Strategy s = expr();
        skip();
        if (pos_ != text_.size()) fail("unexpected '" + text_.substr(pos_, 10) + "'");
        return s;
    }

private:
    const std::string& text_;
    std::size_t pos_ = 0;

    [[noreturn]] void fail(const std::string& what) const {
        throw Error("bad strategy '" + text_ + "' at column " + std::to_string(pos_ + 1) + ": " + what);
    }
    void skip() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool eat(const std::string& token) {
        skip();
        if (text_.compare(pos_, token.size(), token) == 0) {
            pos_ += token.size();
            return true;
        }
        return false;
    }

    Strategy expr() {
        Strategy s = sequence();
        while (eat("<+")) s = choice(s, sequence());
        return s;
    }
    Strategy sequence() {
        Strategy s = atom();
        while (eat(";")) s = seq(s, atom());
        return s;
    }
    Strategy atom() {
        if (eat("(")) {
            Strategy s = expr();
            if (!eat(")")) fail("expected ')'");
            return s;
        }
        skip();
        std::size_t start = pos_;
        while (pos_ < text_.size() &&
               (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '-' ||
                text_[pos_] == '_'))
            ++pos_;
        std::string name = text_.substr(start, pos_ - start);
        if (name.empty()) fail("expected a strategy or rule name");
        std::vector<Arg> args;
        if (eat("(")) {
            do args.push_back(arg());
            while (eat(","));
            if (!eat(")")) fail("expected ')' after the arguments of " + name);
        }
        return resolve(name, args);
    }
    Arg arg() {
        skip();
        if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            std::size_t start = pos_;
            while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
            return std::stoll(text_.substr(start, pos_ - start));
        }
        return expr();
    }

    Strategy strategyArg(const std::string& name, const std::vector<Arg>& args, std::size_t k) {
        if (k >= args.size() || !std::holds_alternative<Strategy>(args[k]))
            fail(name + " expects a strategy as argument " + std::to_string(k + 1));
        return std::get<Strategy>(args[k]);
    }

    Strategy resolve(const std::string& name, const std::vector<Arg>& args) {
        using Unary = Strategy (*)(Strategy);
        static const std::pair<const char*, Unary> unary[] = {
            {"try", attempt}, {"one", one}, {"all", all}, {"some", some}, {"topDown", topDown},
            {"bottomUp", bottomUp}, {"allTopDown", allTopDown}, {"normalize", normalize},
            {"innermost", innermost}};
        if (name == "id" && args.empty()) return idStrategy();
        if (name == "fail" && args.empty()) return failStrategy();
        if (name == "repeat" && args.size() == 1) return repeat(strategyArg(name, args, 0));
        for (const auto& [n, make] : unary)
            if (name == n) {
                if (args.size() != 1) fail(name + " takes one strategy");
                return make(strategyArg(name, args, 0));
            }
        if (name == "child") {
            if (args.size() != 2 || !std::holds_alternative<std::int64_t>(args[0]))
                fail("child takes an index and a strategy: child(1, s)");
            return child(static_cast<int>(std::get<std::int64_t>(args[0])), strategyArg(name, args, 1));
        }
        if (args.empty())
            if (auto s = namedStrategy(name)) return *s;
        // A rule: its integer arguments are the family's parameters.
        std::vector<std::int64_t> params;
        for (const auto& a : args) {
            if (!std::holds_alternative<std::int64_t>(a))
                fail(name + " is not a combinator; as a rule it takes integer parameters");
            params.push_back(std::get<std::int64_t>(a));
        }
        try {
            return rule(ruleByName(instanceName(name, params)));
        } catch (const Error& e) {
            std::string known;
            for (const auto& [n, d] : namedStrategies()) known += (known.empty() ? "" : ", ") + n;
            fail("'" + name + "' is neither a combinator, a named strategy (" + known +
                 ") nor a rule (" + e.message() + ")");
        }
    }
};

}  // namespace

Strategy parseStrategy(const std::string& text) { return Parser(text).parseAll(); }

}  // namespace liftcl::rewrite
