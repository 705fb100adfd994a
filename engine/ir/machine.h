// SPDX-License-Identifier: MIT
// The interpreter's machine (internal to engine/ir, not an API): the compiled form of one program at one binding —
// loop/if/assign nodes, stack bytecode for expressions, precompiled accesses — and the member functions that build
// it (interpreter.cpp), evaluate expressions and addresses (machineeval.cpp) and execute it (machineexec.cpp).
// Execution model: the checked program is compiled once per binding into a small tree of loop/if/assign nodes.
// Expressions become position-independent stack bytecode over f64; tensor accesses are precompiled: an access
// the bounds analysis proved safe and whose indices are all affine is one affine form of the loop-variable slots
// (its flat address), everything else evaluates each index and checks it. See docs/perf.md for measurements.
#pragma once

#include "engine/ir/boundsanalysis.h"
#include "engine/ir/interpreter.h"
#include "engine/ir/intexpr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace solar::ir::detail {

struct Fault
{
    SourceLoc loc;
    std::string code;
    std::string message;
};

enum class Op : std::uint8_t {
    Const,
    Var,
    Load,
    LoadAddr,
    Neg,
    Not,
    ToBool,
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    Call1,
    Call2,
    Call3,
    Cast,
    Jmp,
    Jz, // relative jumps: the target is this instruction's index + a
};

struct Insn
{
    Op op;
    std::uint8_t sub = 0; // builtin id or dtype
    std::int32_t a = 0; // slot, access index or jump offset (LoadAddr: access whose address is in m_addr)
    double k = 0.0; // constant
};

struct CodeRange
{
    int begin = 0;
    int end = 0;
};

struct IndexDim
{
    bool affine = false;
    AffineForm form;
    CodeRange code;
    std::int64_t size = 0;
    std::int64_t stride = 0;
    const Expr* node = nullptr;
};

struct CAccess
{
    int tensor = 0;
    bool fast = false; // proven in bounds and fully affine: flat address = c0 + sum(coef * var)
    std::uint64_t c0 = 0;
    std::vector<std::pair<int, std::uint64_t>> terms;
    std::vector<IndexDim> dims;
    const Expr* node = nullptr;
    std::vector<std::string> loopVars; // names of the enclosing loop variables by slot, for diagnostics
};

struct Bound
{
    bool affine = false;
    AffineForm form;
    CodeRange code;
};

// An innermost loop whose body is one assignment (optionally under an `if` that is a conjunction of affine
// comparisons) with only fast accesses runs specialised: the guard becomes a sub-range of the loop, addresses
// advance by constant strides, and `dst += A * B` with a loop-invariant dst keeps its accumulator in a register
// (rounded to the element type on every step, exactly as separate stores would be).
struct InnerLoop
{
    bool enabled = false;
    int assign = -1; // node index of the assignment
    std::vector<AffineForm> guard; // facts f >= 0 that must hold for the assignment to run
    std::vector<int> accesses; // accesses the assignment touches (all fast)
    std::vector<std::int64_t> unitStrides; // address change per unit of the loop variable, parallel to `accesses`
    std::vector<std::int64_t> strides; // address change per iteration (unit stride x step)
    std::vector<std::int64_t> guardCoef; // the loop variable's coefficient in each guard fact
    // Affine in the enclosing loop variables: [lo, hi, each access's address at v = lo, each guard fact without
    // its loop-variable term]. A parent loop advances them by parentDelta per iteration instead of re-evaluating.
    std::vector<AffineForm> quantities;
    std::vector<std::int64_t> parentCoef; // coefficient of the parent loop's variable in each quantity
    CodeRange value; // the value code with LoadAddr for every load
    bool mac = false; // dst += A * B, A and B other tensors than dst's
    bool dot = false; // a mac whose dst is invariant in this loop
    int dotA = -1, dotB = -1; // positions in `accesses`
};

// A loop whose iterations each reduce into their own element of one tensor through a nest of loops ending in a
// specialised dot, optionally after initialising that element: `for q { Y[q] = 0; for c, r, s { if (..) { Y[q] +=
// X[..] * W[..]; } } }`, or a convolution's `for p1, r1` as the trace route lowers it. No element is read by
// another iteration's statements (the dot reads other tensors, the initialiser none of Y), so the nest may run
// with this loop innermost — each element still receives its updates in their own order, from the same values —
// as rows of multiply-adds over this loop's range, clipped to the guard. Decided per run (short reductions only).
constexpr size_t kMaxRowFacts = 16; // a guard's facts on the row path (a 3-D window has 6)

struct Rows
{
    bool enabled = false;
    int init = -1; // node of the initialiser, or -1
    std::vector<int> chain; // the reduction nest's loops, outermost first; the last is the specialised dot
    std::vector<std::int64_t> coef; // this loop variable's coefficient in each of the dot's quantities
};

struct Node
{
    StmtKind kind = StmtKind::Assign;
    SourceLoc loc;
    InnerLoop inner;
    Rows rows;
    std::optional<std::vector<AffineForm>> exactFacts; // if: the condition as affine facts, when it is exactly that
    // loop
    int slot = 0;
    Bound lo, hi;
    std::int64_t step = 1;
    bool reversed = false; // runs from its last value down to lo (nestorder.h)
    // if
    CodeRange cond;
    std::vector<int> body, orelse;
    // assign
    int target = 0;
    AssignOp op = AssignOp::Set;
    CodeRange value;
    DType dtype = DType::F32;
    int assignId = 0;
};

class Machine
{
public:
    Machine(const Program& p, const RunOptions& o, SizeBindings sizes)
        : m_program(p)
        , m_options(o)
        , m_sizes(std::move(sizes))
    { }

    Expected<RunResult> run();

private:
    [[noreturn]] void fault(SourceLoc loc, std::string code, std::string message) const
    {
        throw Fault {loc, std::move(code), std::move(message)};
    }

    void allocate();
    std::vector<double> inputFor(const Decl& d, std::int64_t n);
    bool targetInBounds(const Stmt& band) const;
    NameResolver resolverFor(const std::vector<std::pair<std::string, int>>& scope) const;
    CodeRange emit(const std::vector<Insn>& code);
    CodeRange compileStandalone(const Expr& e, const std::vector<std::pair<std::string, int>>& scope);
    void compileExpr(const Expr& e, const std::vector<std::pair<std::string, int>>& scope, std::vector<Insn>& out);
    void compileSelect(const Expr& e, const std::vector<std::pair<std::string, int>>& scope, std::vector<Insn>& out);
    std::int64_t strideOf(const CAccess& a, int slot) const;
    void planInnerLoop(Node& loop);
    static std::int64_t coefficientOf(const AffineForm& f, int slot);
    void planRows(Node& loop);
    int compileAccess(const Expr& e, const std::vector<std::pair<std::string, int>>& scope);
    Bound compileBound(const Expr& e, const std::vector<std::pair<std::string, int>>& scope);
    std::vector<int> compileStmts(const std::vector<Stmt>& stmts, std::vector<std::pair<std::string, int>>& scope);
    int compileStmt(const Stmt& s, std::vector<std::pair<std::string, int>>& scope);
    std::int64_t affineValue(const AffineForm& f, SourceLoc loc) const;
    std::int64_t integerOf(double v, const Expr& node) const;
    std::int64_t boundValue(const Bound& b, SourceLoc loc);
    std::int64_t address(const CAccess& a, double* scratch);
    std::string loopContext(const CAccess& a) const;
    double eval(CodeRange r, double* st);

    template<bool kProfile>
    double evalCode(CodeRange r, double* st);
    static bool isArithmetic(Op op);

    // Per assignment, per tensor: a bitset of the flat elements touched.
    using ElementSets = std::vector<std::map<int, std::vector<std::uint64_t>>>;
    void record(ElementSets& sets, int tensor, std::int64_t at);
    void fillProfile(RunResult& r) const;
    void execList(const std::vector<int>& ids);
    void exec(const Node& n);
    void account(const Node& n, std::uint64_t count);
    static void store(double& dst, double v, AssignOp op, DType dtype);
    std::int64_t formValue(const AffineForm& f) const;
    void execReversed(const Node& n, std::int64_t lo, std::int64_t hi);
    void advanceInner(const Node& n, const Node& child, std::int64_t first, std::int64_t delta, std::int64_t count);
    std::int64_t* innerQuantities(const Node& n, const Node& child, std::int64_t value);
    static void advanceQuantities(const InnerLoop& p, std::int64_t* q, std::int64_t delta);
    void execParentOfInner(const Node& n, const Node& child, std::int64_t lo, std::int64_t hi);
    bool execRows(const Node& n, std::int64_t lo, std::int64_t hi);
    void walkRows(const Node& n, size_t level, std::int64_t lo, std::int64_t count);
    void runRows(const Node& n, const Node& last, std::int64_t lo, std::int64_t count);
    bool dotsInterleave(const Node& loop) const;
    bool initThenDots(const Node& init, const Node& loop) const;
    bool initialises(const Node& init, int tensor) const;
    void execInitThenDots(const Node& n, const Node& init, const Node& loop, std::int64_t lo, std::int64_t hi);
    void execDots4(const Node& loop, const std::int64_t* q, std::int64_t parentStep);
    void execInner(const Node& loop, const std::int64_t* q);
    void assign(const Node& n);

    const Program& m_program;
    const RunOptions& m_options;
    SizeBindings m_sizes;
    BoundsMap m_bounds;
    std::vector<TensorValue> m_tensors;
    std::vector<double*> m_data;
    std::unordered_map<std::string, int> m_tensorIndex;
    std::vector<Insn> m_code;
    std::vector<CAccess> m_accesses;
    std::vector<Node> m_nodes;
    std::vector<int> m_top;
    std::vector<double> m_stack;
    std::vector<std::int64_t> m_vars;
    std::vector<std::int64_t> m_addr; // current flat address of each access inside a specialised inner loop
    std::vector<std::int64_t> m_quantities; // the running inner loop's bounds, addresses and guard values
    std::vector<std::uint64_t> m_counts;
    std::vector<SourceLoc> m_assignLocs;
    std::uint64_t m_total = 0;
    // Profiling (RunOptions::profile): the running assignment (-1 outside one), eval nesting, what each touched.
    int m_current = -1;
    int m_evalDepth = 0;
    ElementSets m_stmtReads, m_stmtWrites;
    std::vector<std::uint64_t> m_stmtOps;
    int m_assignCount = 0;
    int m_maxSlots = 0;
    std::vector<int> m_slotRemap; // the bounds analysis' slot of a loop variable -> its slot here (nestorder.h)
};

} // namespace solar::ir::detail
