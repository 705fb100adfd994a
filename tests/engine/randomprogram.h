// SPDX-License-Identifier: MIT
// A generator of random, valid, in-bounds ALIR programs for the differential counter (tst_differential.cpp):
// loop nests up to depth 4, guards with %, //, ||, !, != and conditionals, triangular and strided loops, sliding
// windows under padding guards, broadcasts, reversed and quasi-affine indices, elementwise statements,
// reductions (+=, *=, max=, min=) with initialisers nested or in their own nest, contractions in several
// precisions (a tensor used twice in one product included), transposing copies and in-place updates.
// Every index is in bounds by construction, so each program checks and runs; the statements are kept apart so a
// failing program can be minimised by dropping them one at a time.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace testutil {

struct RandomProgram
{
    std::string header; // "kernel name(P0=3, ...) {" and the input declarations
    std::vector<std::string> decls; // one per statement: its target's declaration ("" when it writes an old one)
    std::vector<std::string> statements;

    /// The program without the statements whose bit is clear in `keep`.
    std::string text(std::uint64_t keep = ~std::uint64_t(0)) const
    {
        std::string t = header;
        for (size_t i = 0; i < statements.size(); ++i) {
            if ((keep >> i & 1) && !decls[i].empty())
                t += "  " + decls[i] + "\n";
        }
        for (size_t i = 0; i < statements.size(); ++i) {
            if (keep >> i & 1)
                t += statements[i];
        }
        return t + "}\n";
    }
};

class ProgramGenerator
{
public:
    explicit ProgramGenerator(std::uint64_t seed)
        : m_rng(seed)
        , m_seed(seed)
    { }

    RandomProgram generate()
    {
        RandomProgram p;
        const int params = pick(2, 3);
        std::string sig;
        for (int i = 0; i < params; ++i) {
            m_param.push_back(pick(2, 6));
            sig += (i ? ", " : "") + paramName(i) + "=" + std::to_string(m_param.back());
        }
        p.header = "kernel rand" + std::to_string(m_seed) + "(" + sig + ") {\n";
        const int inputs = pick(1, 3);
        for (int i = 0; i < inputs; ++i) {
            Tensor t {"X" + std::to_string(i), randomDims(pick(1, 3)), "f32", -1};
            p.header += "  in " + t.name + ": " + typeOf(t) + ";\n";
            m_tensors.push_back(t);
        }
        const int statements = pick(1, 4);
        for (int s = 0; s < statements; ++s) {
            m_stmt = s;
            m_decl.clear();
            std::string text;
            switch (pick(0, 9)) {
            case 0:
            case 1:
            case 2: text = elementwise(); break;
            case 3:
            case 4: text = reduction(); break;
            case 5:
            case 6: text = contraction(); break;
            case 7: text = copy(); break;
            default: text = inPlace(); break;
            }
            p.decls.push_back(m_decl);
            p.statements.push_back(text);
        }
        // The last statement's target is an output, the others temporaries (an unread temporary only warns).
        for (size_t i = 0; i < p.decls.size(); ++i) {
            const auto at = p.decls[i].find("tmp T");
            if (at != std::string::npos && (i + 1 == p.decls.size() || pick(0, 2) == 0))
                p.decls[i].replace(at, 3, "out");
        }
        bool anyOut = false;
        for (const auto& d : p.decls)
            anyOut = anyOut || d.find("out T") != std::string::npos;
        if (!anyOut) { // the last statements wrote old tensors: add a copy into a fresh output
            m_stmt = static_cast<int>(p.statements.size());
            m_decl.clear();
            const std::string text = elementwise();
            m_decl.replace(0, 4, "out ");
            p.decls.push_back(m_decl);
            p.statements.push_back(text);
        }
        return p;
    }

private:
    struct Tensor
    {
        std::string name;
        std::vector<int> dims; // parameter indices
        std::string dtype;
        int writer = -1; // statement that created it (-1: an input)
    };
    struct Loop
    {
        std::string var;
        int param = 0;
        std::string lo = "0", hi;
        int step = 1;
    };

    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    bool chance(int percent) { return pick(0, 99) < percent; }
    static std::string paramName(int i) { return "P" + std::to_string(i); }

    std::vector<int> randomDims(int rank)
    {
        std::vector<int> d;
        for (int i = 0; i < rank; ++i)
            d.push_back(pick(0, static_cast<int>(m_param.size()) - 1));
        return d;
    }

    std::string typeOf(const Tensor& t) const
    {
        std::string s = t.dtype + "[";
        for (size_t i = 0; i < t.dims.size(); ++i)
            s += (i ? ", " : "") + paramName(t.dims[i]);
        return s + "]";
    }

    std::string freshVar()
    {
        return std::string(1, static_cast<char>('a' + m_vars % 20)) + std::to_string(m_stmt) + std::to_string(m_vars++);
    }

    std::vector<Loop> loopsFor(const std::vector<int>& params)
    {
        std::vector<Loop> loops;
        for (int p : params)
            loops.push_back({freshVar(), p, "0", paramName(p), 1});
        return loops;
    }

    // Makes some loops triangular (bounded by an outer loop over the same parameter) or strided.
    void shape(std::vector<Loop>& loops)
    {
        for (size_t i = 1; i < loops.size(); ++i) {
            for (size_t o = 0; o < i; ++o) {
                if (loops[o].param == loops[i].param && loops[o].step == 1 && loops[o].lo == "0" && chance(35)) {
                    loops[i].hi = loops[o].var + " + 1";
                    break;
                }
            }
        }
        for (auto& l : loops) {
            if (l.hi == paramName(l.param) && chance(15))
                l.step = 2;
        }
    }

    static std::string header(const std::vector<Loop>& loops, bool nested)
    {
        std::string s;
        for (size_t i = 0; i < loops.size(); ++i) {
            const Loop& l = loops[i];
            const std::string range = l.var + " in " + l.lo + ".." + l.hi + (l.step > 1 ? " step " + std::to_string(l.step) : "");
            if (i == 0 || nested)
                s += (i == 0 ? "for " : " for ") + range;
            else
                s += ", " + range;
            if (nested || i + 1 == loops.size())
                s += " {";
        }
        return s;
    }

    static std::string closing(const std::vector<Loop>& loops, bool nested)
    {
        return std::string(nested ? loops.size() : (loops.empty() ? 0 : 1), '}');
    }

    // An index into dimension `param` from the loops, always within [0, P).
    std::string indexFor(int param, const std::vector<Loop>& loops)
    {
        std::vector<const Loop*> same;
        for (const auto& l : loops) {
            if (l.param == param)
                same.push_back(&l);
        }
        const std::string P = paramName(param);
        if (same.empty())
            return chance(50) ? "0" : P + " - 1";
        const std::string v = same[static_cast<size_t>(pick(0, static_cast<int>(same.size()) - 1))]->var;
        switch (pick(0, 9)) {
        case 0: return P + " - 1 - " + v;
        case 1: return v + " // 2";
        case 2: return "(" + v + " + 1) % " + P;
        default: return v;
        }
    }

    // A read of an existing tensor, indexed from the loops.
    std::string read(const std::vector<Loop>& loops, const Tensor** chosen = nullptr)
    {
        const Tensor& t = m_tensors[static_cast<size_t>(pick(0, static_cast<int>(m_tensors.size()) - 1))];
        if (chosen)
            *chosen = &t;
        std::string s = t.name + "[";
        for (size_t d = 0; d < t.dims.size(); ++d)
            s += (d ? ", " : "") + indexFor(t.dims[d], loops);
        return s + "]";
    }

    std::string value(const std::vector<Loop>& loops, int depth)
    {
        if (depth <= 0 || chance(30)) {
            switch (pick(0, 5)) {
            case 0: return std::to_string(pick(1, 3)) + ".5";
            case 1:
                if (!loops.empty())
                    return "cast<f32>(" + loops[static_cast<size_t>(pick(0, static_cast<int>(loops.size()) - 1))].var + " * 2)";
                [[fallthrough]];
            default: return read(loops);
            }
        }
        switch (pick(0, 7)) {
        case 0: return "exp(" + value(loops, depth - 1) + ")";
        case 1: return "max(" + value(loops, depth - 1) + ", " + value(loops, depth - 1) + ")";
        case 2: return "(" + condition(loops) + " ? " + value(loops, depth - 1) + " : " + value(loops, depth - 1) + ")";
        case 3: return "(" + value(loops, depth - 1) + " - " + value(loops, depth - 1) + ")";
        case 4: return value(loops, depth - 1) + " * " + value(loops, depth - 1);
        case 5: return "sqrt(abs(" + value(loops, depth - 1) + ") + 1)";
        default: return "(" + value(loops, depth - 1) + " + " + value(loops, depth - 1) + ")";
        }
    }

    std::string condition(const std::vector<Loop>& loops)
    {
        if (loops.empty())
            return "1 > 0";
        const Loop& a = loops[static_cast<size_t>(pick(0, static_cast<int>(loops.size()) - 1))];
        const Loop& b = loops[static_cast<size_t>(pick(0, static_cast<int>(loops.size()) - 1))];
        const std::string P = paramName(a.param);
        switch (pick(0, 9)) {
        case 0: return a.var + " % 2 == 0";
        case 1: return a.var + " % 3 != 1";
        case 2: return a.var + " < 1 || " + a.var + " >= " + P + " - 1";
        case 3: return "!(" + a.var + " == 1)";
        case 4: return a.var + " != " + b.var;
        case 5: return a.var + " // 2 == 1";
        case 6: return a.var + " >= 1 && " + b.var + " < 2";
        case 7: return "!(" + a.var + " < 2 && " + b.var + " > 0)";
        case 8: return a.var + " + " + b.var + " < " + P;
        default: return a.var + " <= " + b.var;
        }
    }

    std::string newTarget(const std::vector<int>& dims, const std::string& dtype = "f32")
    {
        Tensor t {"T" + std::to_string(m_stmt), dims, dtype, m_stmt};
        if (t.dims.empty())
            t.dims.push_back(-1);
        std::string type = t.dtype + "[";
        for (size_t i = 0; i < t.dims.size(); ++i)
            type += (i ? ", " : "") + (t.dims[i] < 0 ? std::string("1") : paramName(t.dims[i]));
        m_decl = "tmp " + t.name + ": " + type + "];";
        if (t.dims[0] < 0)
            t.dims.clear(); // a scalar target (written at [0]) is never read back by later statements
        else
            m_pending = t;
        return t.name;
    }

    std::string targetIndex(const std::vector<Loop>& outs) const
    {
        std::string s;
        for (size_t i = 0; i < outs.size(); ++i)
            s += (i ? ", " : "") + outs[i].var;
        return "[" + (s.empty() ? std::string("0") : s) + "]";
    }

    void commit()
    {
        if (!m_pending.name.empty())
            m_tensors.push_back(m_pending);
        m_pending = Tensor {};
    }

    std::string elementwise()
    {
        std::vector<Loop> loops = loopsFor(randomDims(pick(1, 3)));
        shape(loops);
        const bool nested = chance(50);
        const std::string name = newTarget(paramsOf(loops));
        std::string body = name + targetIndex(loops) + " = " + value(loops, pick(1, 3)) + ";";
        if (chance(35)) {
            body = "if (" + condition(loops) + ") { " + body + " }";
            if (chance(50))
                body += " else { " + name + targetIndex(loops) + " = 0; }";
        }
        commit();
        return "  " + header(loops, nested) + " " + body + " " + closing(loops, nested) + "\n";
    }

    static std::vector<int> paramsOf(const std::vector<Loop>& loops)
    {
        std::vector<int> p;
        for (const auto& l : loops)
            p.push_back(l.param);
        return p;
    }

    std::string reduction()
    {
        std::vector<Loop> outs = loopsFor(randomDims(pick(0, 2)));
        std::vector<Loop> reduced = loopsFor(randomDims(pick(1, 2)));
        std::vector<Loop> all = outs;
        all.insert(all.end(), reduced.begin(), reduced.end());
        shape(all);
        std::copy(all.begin() + static_cast<std::ptrdiff_t>(outs.size()), all.end(), reduced.begin());
        std::copy(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(outs.size()), outs.begin());
        static const char* ops[] = {"+=", "max=", "min=", "*="};
        const std::string op = ops[pick(0, 3)];
        const std::string init = op == "+=" ? "0" : op == "*=" ? "1" : op == "max=" ? "-inf" : "inf";
        const std::string name = newTarget(paramsOf(outs));
        const std::string target = name + targetIndex(outs);
        std::string rhs = value(all, pick(0, 2));
        // A sliding window: reading X[o + r] of a dimension o spans, clipped by a padding guard.
        std::string guard;
        if (!outs.empty() && chance(30)) {
            const Loop& o = outs[0];
            const Loop& r = reduced[0];
            std::string s = "X0[";
            const Tensor& x = m_tensors[0];
            bool used = false;
            for (size_t d = 0; d < x.dims.size(); ++d) {
                std::string idx = indexFor(x.dims[d], all);
                if (!used && x.dims[d] == o.param) {
                    idx = o.var + " + " + r.var;
                    guard = o.var + " + " + r.var + " < " + paramName(o.param);
                    used = true;
                }
                s += (d ? ", " : "") + idx;
            }
            if (used)
                rhs = s + "] * " + rhs;
        }
        if (guard.empty() && chance(35))
            guard = condition(all);
        std::string inner = target + " " + op + " " + rhs + ";";
        if (!guard.empty())
            inner = "if (" + guard + ") { " + inner + " }";
        std::string text;
        if (outs.empty() || chance(40)) { // the initialiser in its own nest
            text = "  " + (outs.empty() ? std::string() : header(outs, false) + " ") + target + " = " + init + ";"
                + (outs.empty() ? "" : " " + closing(outs, false)) + "\n";
            const bool nested = chance(50);
            text += "  " + header(all, nested) + " " + inner + " " + closing(all, nested) + "\n";
        } else {
            text = "  " + header(outs, false) + " " + target + " = " + init + "; " + header(reduced, false) + " " + inner + " "
                + closing(reduced, false) + " " + closing(outs, false) + "\n";
        }
        commit();
        return text;
    }

    std::string contraction()
    {
        static const char* types[] = {"f32", "f32", "bf16", "f16", "tf32"};
        const std::string dtype = types[pick(0, 4)];
        const int pm = pick(0, static_cast<int>(m_param.size()) - 1), pk = pick(0, static_cast<int>(m_param.size()) - 1);
        const bool self = chance(30);
        const int pn = self ? pm : pick(0, static_cast<int>(m_param.size()) - 1);
        const std::string a = "A" + std::to_string(m_stmt), b = self ? a : "B" + std::to_string(m_stmt);
        std::vector<Loop> outs = loopsFor({pm, pn});
        std::vector<Loop> red = loopsFor({pk});
        const std::string name = newTarget({pm, pn});
        m_decl = "in " + a + ": " + dtype + "[" + paramName(pm) + ", " + paramName(pk) + "]; " + m_decl;
        if (!self)
            m_decl = "in " + b + ": " + dtype + "[" + paramName(self ? pn : pk) + ", " + paramName(pn) + "]; " + m_decl;
        const std::string m = outs[0].var, n = outs[1].var, k = red[0].var;
        const std::string rhs = self ? a + "[" + m + ", " + k + "] * " + a + "[" + n + ", " + k + "]"
                                     : a + "[" + m + ", " + k + "] * " + b + "[" + k + ", " + n + "]";
        const std::string target = name + "[" + m + ", " + n + "]";
        std::string text;
        if (chance(50)) {
            text = "  " + header(outs, false) + " " + target + " = 0; " + closing(outs, false) + "\n";
            std::vector<Loop> all = outs;
            all.push_back(red[0]);
            text += "  " + header(all, false) + " " + target + " += " + rhs + "; " + closing(all, false) + "\n";
        } else {
            text = "  " + header(outs, false) + " " + target + " = 0; " + header(red, false) + " " + target + " += " + rhs + "; "
                + closing(red, false) + " " + closing(outs, false) + "\n";
        }
        commit();
        return text;
    }

    std::string copy()
    {
        const Tensor* src = nullptr;
        for (const auto& t : m_tensors) {
            if (t.dims.size() == 2)
                src = &t;
        }
        if (!src)
            return elementwise();
        std::vector<Loop> loops = loopsFor({src->dims[1], src->dims[0]});
        const std::string srcName = src->name;
        const std::string name = newTarget({src->dims[1], src->dims[0]});
        const std::string text = "  " + header(loops, false) + " " + name + "[" + loops[0].var + ", " + loops[1].var + "] = " + srcName
            + "[" + loops[1].var + ", " + loops[0].var + "]; " + closing(loops, false) + "\n";
        commit();
        return text;
    }

    std::string inPlace()
    {
        const Tensor* target = nullptr;
        for (const auto& t : m_tensors) {
            if (t.writer >= 0 && !t.dims.empty())
                target = &t;
        }
        if (!target)
            return elementwise();
        std::vector<Loop> loops = loopsFor(target->dims);
        std::string idx;
        for (size_t i = 0; i < loops.size(); ++i)
            idx += (i ? ", " : "") + loops[i].var;
        const std::string t = target->name + "[" + idx + "]";
        const std::string body = chance(50) ? t + " = " + t + " * 2 + " + value(loops, 1) + ";" : t + " += " + value(loops, 1) + ";";
        return "  " + header(loops, false) + " " + body + " " + closing(loops, false) + "\n";
    }

    std::mt19937_64 m_rng;
    std::uint64_t m_seed;
    std::vector<int> m_param;
    std::vector<Tensor> m_tensors;
    Tensor m_pending;
    std::string m_decl;
    int m_stmt = 0;
    int m_vars = 0;
};

} // namespace testutil
