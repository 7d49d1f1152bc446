// Strategy combinators and the strategy expression parser, on small programs.
#include <doctest/doctest.h>

#include "ir/printer.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"
#include "rewrite/strategy_parser.hpp"
#include "rewrite_support.hpp"

using namespace liftcl;
using namespace liftcl::testing;
using namespace liftcl::rewrite;

namespace {
ir::Program parse(const std::string& body) {
    ir::Module module = ir::parseModule("def k = \\(xs: [real]16) => " + body, "strategy_test.lift");
    ir::Program p = ir::elaborateDefinition(module, "k", {});
    typecheckTree(p.body);
    return p;
}
int countPrim(const ir::Node& n, ir::Prim p) {
    int c = 0;
    if (const auto* f = std::get_if<ir::FunP>(&n))
        if ((*f)->kind == ir::Fun::Kind::Prim && (*f)->prim == p) ++c;
    for (const auto& k : ir::children(n)) c += countPrim(k, p);
    return c;
}
}  // namespace

TEST_CASE("id, fail, seq, choice, try") {
    ir::Program p = parse("map(\\x => add(x, x)) o map(\\x => mul(x, x)) $ xs");
    CHECK(idStrategy()(p.body));
    CHECK_FALSE(failStrategy()(p.body));
    CHECK_FALSE(seq(idStrategy(), failStrategy())(p.body));
    CHECK(choice(failStrategy(), idStrategy())(p.body));
    CHECK(attempt(failStrategy())(p.body)->steps.empty());
}

TEST_CASE("topDown applies once, normalize everywhere, allTopDown at every outermost match") {
    ir::Program p = parse("map(\\x => add(x, x)) o map(\\x => mul(x, x)) o map(\\x => sub(x, x)) $ xs");
    auto once = topDown(rule(mapToMapSeq()))(p.body);
    REQUIRE(once);
    CHECK(countPrim(once->root, ir::Prim::MapSeq) == 1);
    CHECK(once->steps.size() == 1);
    auto every = normalize(rule(mapToMapSeq()))(p.body);
    CHECK(countPrim(every->root, ir::Prim::MapSeq) == 3);
    auto outer = allTopDown(rule(mapToMapSeq()))(p.body);
    CHECK(countPrim(outer->root, ir::Prim::MapSeq) == 3);
    auto fused = normalize(rule(mapFusion()))(p.body);
    CHECK(countPrim(fused->root, ir::Prim::Map) == 1);
    CHECK(compareMeaning(p.body, std::get<ir::FunP>(fused->root)) == "");
    auto bottom = bottomUp(rule(mapToMapSeq()))(p.body);
    CHECK(countPrim(bottom->root, ir::Prim::MapSeq) == 1);
}

TEST_CASE("one, all, some and child address the children of the focus") {
    ir::Program p = parse("map(\\x => add(x, x)) $ xs");
    // The body's call: child 0 is the map, child 1 the argument xs.
    ir::Path call = {0};
    CHECK(one(rule(mapToMapSeq()))(p.body, call));
    CHECK_FALSE(all(rule(mapToMapSeq()))(p.body, call));
    CHECK(some(rule(mapToMapSeq()))(p.body, call));
    CHECK(child(0, rule(mapToMapSeq()))(p.body, call));
    CHECK_FALSE(child(1, rule(mapToMapSeq()))(p.body, call));
}

TEST_CASE("repeat stops when the strategy fails; derivations replay") {
    ir::Program p = parse("map(\\x => add(x, x)) $ xs");
    // split-join(2) splits the outer map again and again until its length is 2.
    auto r = repeat(topDown(rule(splitJoin(2))))(p.body);
    REQUIRE(r);
    CHECK(r->steps.size() == 3);  // 16 -> 8 x 2 -> 4 x 2 x 2 -> 2 x 2 x 2 x 2
    CHECK_THROWS_WITH_AS(repeat(topDown(rule(splitJoin(2))), 2)(p.body),
                         doctest::Contains("did not terminate"), Error);
    CHECK(ir::alphaEqual(replay(p.body, r->steps), r->root));
    CHECK(compareMeaning(p.body, std::get<ir::FunP>(r->root)) == "");
}

TEST_CASE("strategy expressions parse with ';' binding tighter than '<+'") {
    ir::Program p = parse("map(\\x => add(x, x)) $ xs");
    auto s = parseStrategy("topDown(split-join(4)) ; lower-global");
    auto r = s(p.body);
    REQUIRE(r);
    CHECK(countPrim(r->root, ir::Prim::MapGlb) == 1);
    CHECK(countPrim(r->root, ir::Prim::MapSeq) >= 1);
    CHECK(compareMeaning(p.body, std::get<ir::FunP>(r->root)) == "");
    CHECK(parseStrategy("fail ; id <+ id")(p.body));
    CHECK_FALSE(parseStrategy("fail <+ id ; fail")(p.body));
    CHECK(parseStrategy("try(topDown(map-to-mapGlb(1)))")(p.body));
    CHECK_THROWS_WITH_AS(parseStrategy("topDown(("), doctest::Contains("bad strategy"), Error);
    CHECK_THROWS_WITH_AS(parseStrategy("split-join(1, 2)"), doctest::Contains("split-join"), Error);
}

TEST_CASE("applying a rule where it does not apply names the rule and the path") {
    ir::Program p = parse("map(\\x => add(x, x)) $ xs");
    CHECK_THROWS_WITH_AS(applyRuleAt(p.body, reduceToReduceSeq(), {0}),
                         doctest::Contains("rule reduce-to-reduceSeq does not apply at '0'"), Error);
    CHECK_THROWS_WITH_AS(ruleByName("no-such-rule"), doctest::Contains("unknown rule"), Error);
}

TEST_CASE("guards consult the context: mapLcl only inside mapWrg, mapGlb(d) not inside mapGlb(d)") {
    ir::Program p = parse("join o map(map(\\x => add(x, x))) o split(4) $ xs");
    CHECK(applicablePositions(p.body, mapToMapLcl(0)).empty());
    auto wrg = normalize(rule(mapToMapWrg(0)))(p.body);  // only the outer map: no nested mapWrg(0)
    CHECK(countPrim(wrg->root, ir::Prim::MapWrg) == 1);
    CHECK(applicablePositions(wrg->root, mapToMapLcl(0)).size() == 1);
    auto glb = topDown(rule(mapToMapGlb(0)))(p.body);
    CHECK(applicablePositions(glb->root, mapToMapGlb(0)).empty());
    CHECK(applicablePositions(glb->root, mapToMapGlb(1)).size() == 1);
    // split-join needs the length to be divisible
    CHECK(applicablePositions(p.body, splitJoin(3)).empty());
}
