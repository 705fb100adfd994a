// SPDX-License-Identifier: MIT
// The pieces of the least-contraction-order pass (reassociation.h): expression helpers, where each assignment sits,
// the loop ranges at the bound sizes, and the statement forms the pass rewrites (a reader: Y += product in its own
// reduction band; a producer: a zero-initialised contraction T = sum_k A * B).
#pragma once

#include "engine/ir/ast.h"
#include "engine/ir/bindings.h"
#include "engine/ir/intexpr.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace solar::ir::reassoc {

Expr nameExpr(const std::string& n, SourceLoc loc);
Expr intExpr(std::int64_t v, SourceLoc loc);
/// a - b, without the subtraction when b is the literal 0; folded to a literal when both are literals.
Expr minus(Expr a, const Expr& b);
/// A literal for an expression of literals alone (names, parameters included, are kept).
Expr folded(const Expr& e);
Expr substitute(const Expr& e, const std::map<std::string, Expr>& with);
/// The loop variables an expression uses (names that are neither parameters nor lets).
void varsIn(const Expr& e, const SizeBindings& sizes, std::set<std::string>& out);
std::set<std::string> varsOf(const std::vector<Expr>& es, const SizeBindings& sizes);
void tensorsIn(const Expr& e, std::set<std::string>& out);
/// The tensor element a product factor reads (through a cast), or null for a literal.
const Expr* accessOf(const Expr& f);
/// A product of tensor elements (possibly cast) and literals, flattened; false for anything else.
bool flattenProduct(const Expr& e, std::vector<Expr>& out);
Expr productOf(const std::vector<Expr>& factors);
bool isZero(const Expr& e);

struct Frame
{
    Stmt* stmt = nullptr; // a For or an If
    std::vector<Stmt>* list = nullptr; // the list that holds it
    size_t index = 0;
    bool inElse = false; // the path continues in the If's orelse
};

struct Site
{
    Stmt* stmt = nullptr; // an assignment
    std::vector<Frame> frames; // its enclosing statements, outermost first
    std::vector<Stmt>* list = nullptr;
    size_t index = 0;
};

/// Every assignment of a program with where it sits, and who writes and reads each tensor (in program order).
struct SiteIndex
{
    std::vector<Site> sites;
    std::map<std::string, std::vector<size_t>> writers, readers;

    explicit SiteIndex(std::vector<Stmt>& body);
    std::vector<Site> writersOf(const std::string& t) const;
    std::vector<Site> readersOf(const std::string& t) const;
};

/// Every tensor read outside assignment values (conditions, loop bounds, target indices): never rewritten.
void pinnedTensors(const std::vector<Stmt>& list, std::set<std::string>& out);

/// Intervals of loop variables at the bound sizes, for extents and index ranges.
struct Ranges
{
    const SizeBindings& sizes;
    std::vector<std::string> names;
    std::vector<Interval> intervals;

    NameResolver resolver() const;
    Interval of(const Expr& e) const;
    void bind(const LoopRange& r);
    double extent(const std::string& var) const; // 1 for a name that is not bound
};

Ranges rangesOf(const Site& s, const SizeBindings& sizes);

/// Y[...] += product, alone in the innermost loop band, whose variables Y does not use (the reduction).
struct Reader
{
    Site site;
    std::vector<Expr> factors;
    std::set<std::string> bandVars;
};
std::optional<Reader> readerForm(const Site& s, const SizeBindings& sizes);
/// The index of the one factor that reads `tensor`; -1 when none or several do, or an index reads a tensor.
int factorReading(const Reader& r, const std::string& tensor);

/// T[w] = 0; for k.. { T[w] += product } inside one top-level band over w's variables: a linear layer's output.
struct Producer
{
    Site acc;
    const Stmt* outer = nullptr;
    std::vector<Expr> factors;
    std::map<std::string, size_t> dimOfVar; // band variable -> target dimension
};
std::optional<Producer> producerForm(const std::string& tensor, const std::vector<Site>& writers, const SizeBindings& sizes);

/// A statement that only copies one element into a tensor copied together from parts (a concatenation), with the
/// box of target indices it writes at the bound sizes.
struct Copy
{
    Site site;
    Expr value; // the source element (possibly cast)
    std::vector<Interval> box; // per target dimension
};
/// The writers of `k` when every one is such a copy (alone in a top-level band), else nullopt.
std::optional<std::vector<Copy>> copiesOf(const SiteIndex& all, const std::string& k, const SizeBindings& sizes);
/// The copy's source element for a reader's index `g` of the copied-together tensor, or nullopt.
std::optional<Expr> forwarded(const Copy& c, const std::vector<Expr>& g, const SizeBindings& sizes);
bool within(const Interval& inner, const Interval& outer);
/// Makes the reader read the parts of `k` instead, its band split where the parts meet (the reader's list changes:
/// sites taken before are stale). False, with nothing changed, when a part cannot be told apart.
bool forward(const Reader& r, const std::string& k, const std::vector<Copy>& copies, const SizeBindings& sizes);

} // namespace solar::ir::reassoc
