// SPDX-License-Identifier: MIT
// Op templates: recurrent layers (nn.RNN, nn.LSTM, nn.GRU), recorded by the tracer as one op each
// (solar::rnn_tanh, solar::rnn_relu, solar::lstm, solar::gru) and lowered to a loop over time steps: an RNN is a
// loop, not seq_len x layers x directions unrolled copies of its cell. Per layer and direction: the input
// projection of all steps at once (as eager PyTorch computes it), then a time loop whose body is the hidden
// projection and the cell's gates, in PyTorch's gate order and formulas; the reverse direction walks the steps
// backwards. The arithmetic per element is the decomposed cell's (GRU: 10 operations, LSTM: 13, RNN: 2).
#include "engine/frontend/trace/lowering/lowerer.h"

#include <string>
#include <vector>

namespace solar::trace {

namespace {

struct Cell
{
    int gates = 1; // rows of W_ih per hidden unit: RNN 1, GRU 3, LSTM 4
    bool lstm = false;
    bool gru = false;
    const char* activation = "tanh"; // plain RNN: tanh or relu
};

Cell cellOf(const std::string& name)
{
    if (name == "solar::lstm")
        return {4, true, false, "tanh"};
    if (name == "solar::gru")
        return {3, false, true, "tanh"};
    return {1, false, false, name == "solar::rnn_relu" ? "relu" : "tanh"};
}

std::string n(const Dim& v)
{
    return str(v);
}

} // namespace

void recurrent(Lowerer& ctx, const TracedOp& op, const std::string& name)
{
    const Cell cell = cellOf(name);
    const std::string x = ctx.arg(op, 0).text;
    const TraceArg& states = ctx.arg(op, 1);
    const TraceArg& params = ctx.arg(op, 2);
    const bool bias = ctx.arg(op, 3).kind == TraceArg::Bool && ctx.arg(op, 3).boolValue;
    const std::int64_t layers = ctx.arg(op, 4).intValue;
    const bool bidirectional = ctx.arg(op, 7).kind == TraceArg::Bool && ctx.arg(op, 7).boolValue;
    const bool batchFirst = ctx.arg(op, 8).kind == TraceArg::Bool && ctx.arg(op, 8).boolValue;
    const std::int64_t dirs = bidirectional ? 2 : 1;
    const size_t perDirection = bias ? 4 : 2;
    if (states.kind != TraceArg::List || states.items.size() != (cell.lstm ? 2u : 1u) || params.kind != TraceArg::List
        || params.items.size() != perDirection * static_cast<size_t>(layers * dirs) || op.outputs.size() != states.items.size() + 1)
        throw Unsupported {"a recurrent layer in a form the template does not know"};
    const Shape& xs = ctx.info(x).shape;
    if (xs.size() != 3)
        throw Unsupported {"an unbatched recurrent input"};
    const Dim T = batchFirst ? xs[1] : xs[0], B = batchFirst ? xs[0] : xs[1];
    const std::string y = ctx.out(op, 0), h0 = states.items[0].text, hn = ctx.out(op, 1);
    const Dim H = ctx.info(h0).shape.back(), G = cell.gates * H;
    const std::string dtype = ctx.info(y).dtype;
    auto xAt = [&](const std::string& t, const std::string& b, const std::string& k) {
        return batchFirst ? ctx.at(x, {b, t, k}) : ctx.at(x, {t, b, k});
    };

    ctx.prepareWrite(y);
    std::string previous; // the layer below's output (time-major), empty for the first layer
    for (std::int64_t l = 0; l < layers; ++l) {
        const bool last = l + 1 == layers;
        const std::string below = previous;
        const std::string layerOut = last ? std::string() : ctx.scratch(y + "_layer" + n(l), {T, B, dirs * H}, dtype);
        const Dim in = l == 0 ? xs[2] : dirs * H;
        for (std::int64_t d = 0; d < dirs; ++d) {
            const size_t p = perDirection * static_cast<size_t>(l * dirs + d);
            const std::string wih = params.items[p].text, whh = params.items[p + 1].text;
            const std::string tag = y + "_l" + n(l) + "d" + n(d);
            const std::string xw = ctx.scratch(tag + "_xw", {T, B, G}, dtype);
            const std::string hw = ctx.scratch(tag + "_hw", {T, B, G}, dtype); // per step: ALIR loops write each element once
            const std::string hs = ctx.scratch(tag + "_h", {T + 1, B, H}, dtype);
            const std::string cs = cell.lstm ? ctx.scratch(tag + "_c", {T + 1, B, H}, dtype) : std::string();
            const std::string state = n(l * dirs + d);
            // The input projection of every step: one matrix product, as eager PyTorch does it.
            const std::string input = l == 0 ? xAt("_t", "_b", "_k") : ctx.at(below, {"_t", "_b", "_k"});
            ctx.emit("for _t in 0.." + n(T) + ", _b in 0.." + n(B) + ", _g in 0.." + n(G) + " {\n  " + ctx.at(xw, {"_t", "_b", "_g"})
                     + " = " + (bias ? ctx.at(params.items[p + 2].text, {"_g"}) : std::string("0.0")) + ";\n  for _k in 0.." + n(in) + " { "
                     + ctx.at(xw, {"_t", "_b", "_g"}) + " += " + input + " * " + ctx.at(wih, {"_g", "_k"}) + "; }\n}");
            ctx.emit("for _b in 0.." + n(B) + ", _j in 0.." + n(H) + " {\n  " + ctx.at(hs, {"0", "_b", "_j"}) + " = "
                     + ctx.at(h0, {state, "_b", "_j"}) + ";"
                     + (cell.lstm ? "\n  " + ctx.at(cs, {"0", "_b", "_j"}) + " = " + ctx.at(states.items[1].text, {state, "_b", "_j"}) + ";"
                                  : std::string())
                     + "\n}");
            // Step _s handles time t: forwards, or backwards for the reverse direction.
            const std::string t = d == 0 ? std::string("_s") : n(T - 1) + " - _s";
            const std::string h = ctx.at(hs, {"_s", "_b", "_j"}), hNext = ctx.at(hs, {"_s + 1", "_b", "_j"});
            auto gi = [&](std::int64_t gate) { return ctx.at(xw, {t, "_b", gate ? n(gate * H) + " + _j" : "_j"}); };
            auto gh = [&](std::int64_t gate) { return ctx.at(hw, {"_s", "_b", gate ? n(gate * H) + " + _j" : "_j"}); };
            std::string body;
            if (cell.gru) {
                const std::string r = "sigmoid(" + gi(0) + " + " + gh(0) + ")", z = "sigmoid(" + gi(1) + " + " + gh(1) + ")";
                const std::string nn = ctx.scratch(tag + "_n", {T, B, H}, dtype), zz = ctx.scratch(tag + "_z", {T, B, H}, dtype);
                body = ctx.at(zz, {"_s", "_b", "_j"}) + " = " + z + ";\n    " + ctx.at(nn, {"_s", "_b", "_j"}) + " = tanh(" + gi(2) + " + "
                    + r + " * " + gh(2) + ");\n    " + hNext + " = " + ctx.at(nn, {"_s", "_b", "_j"}) + " + "
                    + ctx.at(zz, {"_s", "_b", "_j"}) + " * (" + h + " - " + ctx.at(nn, {"_s", "_b", "_j"}) + ");";
            } else if (cell.lstm) {
                const std::string c = ctx.at(cs, {"_s", "_b", "_j"}), cNext = ctx.at(cs, {"_s + 1", "_b", "_j"});
                body = cNext + " = sigmoid(" + gi(1) + " + " + gh(1) + ") * " + c + " + sigmoid(" + gi(0) + " + " + gh(0) + ") * tanh("
                    + gi(2) + " + " + gh(2) + ");\n    " + hNext + " = sigmoid(" + gi(3) + " + " + gh(3) + ") * tanh(" + cNext + ");";
            } else {
                body = hNext + " = " + cell.activation + "(" + gi(0) + " + " + gh(0) + ");";
            }
            const std::string outAt = last
                ? (batchFirst ? ctx.at(y, {"_b", t, n(d * H) + " + _j"}) : ctx.at(y, {t, "_b", n(d * H) + " + _j"}))
                : ctx.at(layerOut, {t, "_b", n(d * H) + " + _j"});
            ctx.emit("for _s in 0.." + n(T) + " {\n  for _b in 0.." + n(B) + ", _g in 0.." + n(G) + " {\n    "
                     + ctx.at(hw, {"_s", "_b", "_g"}) + " = " + (bias ? ctx.at(params.items[p + 3].text, {"_g"}) : std::string("0.0"))
                     + ";\n    for _k in 0.." + n(H) + " { " + ctx.at(hw, {"_s", "_b", "_g"}) + " += " + ctx.at(hs, {"_s", "_b", "_k"})
                     + " * " + ctx.at(whh, {"_g", "_k"}) + "; }\n  }\n" + "  for _b in 0.." + n(B) + ", _j in 0.." + n(H) + " {\n    "
                     + body + "\n    " + outAt + " = " + hNext + ";\n  }\n}");
            ctx.emit("for _b in 0.." + n(B) + ", _j in 0.." + n(H) + " {\n  "
                     + ctx.store(hn, {state, "_b", "_j"}, ctx.at(hs, {n(T), "_b", "_j"}))
                     + (cell.lstm ? "\n  " + ctx.store(ctx.out(op, 2), {state, "_b", "_j"}, ctx.at(cs, {n(T), "_b", "_j"})) : std::string())
                     + "\n}");
        }
        previous = layerOut;
    }
}

} // namespace solar::trace
