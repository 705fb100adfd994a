// SPDX-License-Identifier: MIT
#include "engine/frontend/llm/prompt.h"

#include <algorithm>
#include <cstdio>

namespace solar::llm {

std::string systemPrompt()
{
    return R"PROMPT(You translate programs (PyTorch, JAX/Flax, NumPy, ...) into ALIR, a small affine loop language. Your
program is parsed, checked and run by an interpreter on the original program's inputs; its outputs must match the
original's. Reply with exactly one ALIR program in a ```alir fenced block and nothing else of substance.

ALIR grammar:
  program := "kernel" NAME "(" [NAME "=" INT {"," NAME "=" INT}] ")" "{" {decl} {stmt} "}"
  decl    := "let" NAME "=" sizeexpr ";"
           | ("in"|"weight"|"out"|"tmp"|"const") NAME ":" dtype "[" [sizeexpr {"," sizeexpr}] "]" ["@range(" lo "," hi ")"] ";"
  dtype   := f64 | f32 | bf16 | f16 | i64 | i32 | i8 | u8 | bool
  stmt    := "for" v "in" lo ".." hi {"," v "in" lo ".." hi} "{" {stmt} "}"
           | "if" "(" cond ")" "{" {stmt} "}" ["else" "{" {stmt} "}"]
           | T "[" idx {"," idx} "]" ("=" | "+=" | "*=" | "max=" | "min=") expr ";"
  expr: + - * / (true division) // % (Python semantics), comparisons, && || !, c ? a : b, cast<dtype>(x),
        calls: exp log sqrt rsqrt tanh sigmoid relu gelu silu erf abs max min pow where clamp softplus ...
Rules:
- Kernel parameters are integer sizes with defaults: use the source's module-level size constants, same names and
  values. Shapes use parameters, lets and + - * // %.
- Declarations first, then statements. Loops are half-open (0..N runs 0..N-1). Indices are integers (use //).
- `in` tensors: the inputs in order, named input0, input1, ...; `weight`: the model's parameters and buffers named
  as in its state_dict with "." replaced by "_" (fc1.weight -> fc1_weight) and "_" appended to a name that is an
  ALIR keyword (a top-level weight -> weight_; the list below gives each name); `out`: the returned tensors in order;
  `tmp`: intermediates. Every tmp/out element must be written before it is read (they start as NaN).
- Write padding as guards (if) or c ? a : b, never as out-of-bounds reads. Accumulate reductions with += or max=
  after an explicit initialisation (an out/tmp read before any write is refused).
- Literals: 2.0, 1e-5, -inf, inf, nan; integers 0, 3. There is no ** operator: write pow(x, y), or x * x.
- Never hard-code a size: a number derived from the sizes (a head size, an output length) is a `let`.
- `const` declares a small tensor of known values written inline (a fixed kernel); `@range(lo, hi)` states the
  values an integer input takes (token ids, indices), so indexing with it can be bounds-checked.
- Parameters and buffers the model never reads in forward may be left out; size constants the shapes do not
  use need not be parameters.
- Views, transposes, permutes, expands, narrows and splits are index arithmetic on the original tensor, never
  copies: x.view(b, t, h, hs).transpose(1, 2)[b, h, t, d] is x[b, t, h * hs + d]; the second third of a packed qkv
  is qkv[b, t, C + h * hs + d]. What PyTorch copies is a copy, in its own @op block writing a tmp: torch.flip,
  .contiguous() and a reshape of a transposed or permuted tensor, torch.cat/stack, and indexing with a tensor.
- Prefer a full rectangular loop with an if guard to a loop whose bound depends on another loop variable.
- Say which source operation each statement implements: put the statements of one call of an operation in
  @op("name", line) { ... }, name as the source writes it (nn.Conv2d, F.layer_norm, torch.matmul, jnp.einsum) and
  line its line in the source (the source below is numbered). Preferably one block per operation the source runs,
  as the trace lists them (a layer applied twice is two blocks, `x * w + b` a mul, then an add, the mul's result
  in a tmp); how you split a line into blocks does not change the result, but the bytes a line's blocks move
  across it are compared with the source's, so give tmps the source's dtypes (a comparison's result is bool,
  .float() makes it float32). An operation's initialisation (a bias, a running max) belongs to its block. Blocks do not nest; loops
  may enclose a block (a Python loop over operations: the block is one kernel per iteration, as PyTorch runs
  it). Every statement belongs to a block. The tensor a block writes for later statements must
  hold what its source line computes: validation compares it with the source's value there.

Example (Linear then softmax over rows; source line 14 is `x = self.fc(x)`, line 15 `return torch.softmax(x, 1)`):
```alir
kernel model(batch=8, d_in=32, d_out=16) {
  in input0: f32[batch, d_in];
  weight fc_weight: f32[d_out, d_in];
  weight fc_bias: f32[d_out];
  tmp L: f32[batch, d_out];
  tmp M: f32[batch];
  tmp Z: f32[batch];
  out Y: f32[batch, d_out];
  @op("self.fc", 14) {
    for b in 0..batch, o in 0..d_out {
      L[b, o] = fc_bias[o];
      for k in 0..d_in { L[b, o] += input0[b, k] * fc_weight[o, k]; }
    }
  }
  @op("torch.softmax", 15) {
    for b in 0..batch {
      M[b] = -inf;
      for o in 0..d_out { M[b] max= L[b, o]; }
      Z[b] = 0;
      for o in 0..d_out { Z[b] += exp(L[b, o] - M[b]); }
      for o in 0..d_out { Y[b, o] = exp(L[b, o] - M[b]) / Z[b]; }
    }
  }
}
```
Example (3x3 convolution, stride 2, padding 1, at source line 9):
```alir
kernel conv(B=2, C=3, H=8, W=8, O=4) {
  let P = (H + 2 - 3) // 2 + 1;
  let Q = (W + 2 - 3) // 2 + 1;
  in input0: f32[B, C, H, W];
  weight conv_weight: f32[O, C, 3, 3];
  weight conv_bias: f32[O];
  out Y: f32[B, O, P, Q];
  @op("nn.Conv2d", 9) {
    for b in 0..B, o in 0..O, p in 0..P, q in 0..Q {
      Y[b, o, p, q] = conv_bias[o];
      for c in 0..C, r in 0..3, s in 0..3 {
        if (2 * p + r - 1 >= 0 && 2 * p + r - 1 < H && 2 * q + s - 1 >= 0 && 2 * q + s - 1 < W) {
          Y[b, o, p, q] += input0[b, c, 2 * p + r - 1, 2 * q + s - 1] * conv_weight[o, c, r, s];
        }
      }
    }
  }
}
```
Example (causal attention scores at source line 21: a rectangular loop, the mask as a guard):
```alir
kernel causal(S=8, D=4) {
  in input0: f32[S, D];
  in input1: f32[S, D];
  out A: f32[S, S];
  @op("torch.matmul", 21) {
    for i in 0..S, j in 0..S {
      A[i, j] = -inf;
      if (j <= i) {
        A[i, j] = 0.0;
        for d in 0..D { A[i, j] += input0[i, d] * input1[j, d] * rsqrt(cast<f64>(D)); }
      }
    }
  }
}
```)PROMPT";
}

std::string userPrompt(const TranslationRequest& r)
{
    // Numbered lines, so that @op blocks can name them.
    std::string numbered;
    int line = 0;
    for (std::size_t at = 0; at < r.source.size();) {
        const std::size_t end = std::min(r.source.find('\n', at), r.source.size());
        char number[16];
        std::snprintf(number, sizeof number, "%4d| ", ++line);
        numbered += number;
        numbered.append(r.source, at, end - at);
        numbered += '\n';
        at = end + 1;
    }
    std::string p = "Translate this " + (r.language.empty() ? std::string("program") : r.language + " program") + " (" + r.fileName
        + ") into ALIR. Its lines are numbered (the numbers are not part of it).\n\n```\n" + numbered + "```\n";
    if (const std::string notes = sourceKindNotes(r.language); !notes.empty())
        p += "\n" + notes;
    if (!r.shapes.empty())
        p += "\nInputs, parameters and size constants:\n" + r.shapes + "\n";
    if (!r.ops.empty())
        p += "\nThe operations it runs, in order (from a trace):\n" + r.ops + "\n";
    return p;
}

std::string sourceKindNotes(const std::string& language)
{
    if (language == "triton")
        return R"(The source launches Triton kernels (@triton.jit) from Python. Write what the launches compute, not
how: each program instance of the launch grid (tl.program_id) and each lane of a tl.arange block is a loop
iteration over the elements it covers; a masked tl.load or tl.store is a guard (a lane the mask turns off reads
nothing, or the `other=` value, and writes nothing); tl.sum, tl.max and tl.dot are reductions over the block's
axis, accumulated over the kernel's loop of blocks. Block sizes (tl.constexpr) and power-of-two paddings are
not sizes of the result: loop over the real extents. The naming contract is the PyTorch model's: get_inputs()
gives input0, ...; the outputs in the order forward() returns them; the module's size constants as parameters.
)";
    if (language == "c" || language == "c++")
        return R"(The source is a C or C++ kernel: the harness calls its entry function (given below) with one array per
pointer parameter and one integer per integer parameter. Name the ALIR tensors exactly as the pointer
parameters (a const pointer is an `in` tensor, any other an `out` tensor, which starts as zeros), with the
pointee's type (float f32, double f64, int32_t i32, int64_t i64) and the shape the function indexes; the
integer parameters and the file's integer constants (#define, const int) are the kernel's size parameters,
with the same names and the file's values as defaults.
)";
    if (language == "cuda")
        return R"(The source is a CUDA kernel (__global__) and its host launch (<<<grid, block>>>). Write what the launch
computes over its whole grid, not how: every thread of the grid is an iteration of the loops over the elements
it covers, and a bounds test on the thread index (if (i < n)) is a guard. Name the ALIR tensors exactly as the
kernel's pointer parameters (const: `in`, otherwise `out`), with the pointee's type (float f32, double f64,
__half f16, __nv_bfloat16 bf16) and the shape the kernel indexes; the integer parameters and the file's integer
constants are the kernel's size parameters, with the same names and the file's values as defaults.
)";
    return {};
}

std::string opListText(const std::vector<std::string>& ops)
{
    constexpr size_t kLongestStep = 64; // ops in one repeated step
    std::string out;
    for (size_t i = 0; i < ops.size();) {
        size_t bestPeriod = 0, bestCount = 1;
        for (size_t period = 1; period <= kLongestStep && i + 2 * period <= ops.size(); ++period) {
            size_t count = 1;
            while (i + (count + 1) * period <= ops.size()
                   && std::equal(ops.begin() + static_cast<std::ptrdiff_t>(i), ops.begin() + static_cast<std::ptrdiff_t>(i + period),
                                 ops.begin() + static_cast<std::ptrdiff_t>(i + count * period)))
                ++count;
            if (count >= 2 && period * count > bestPeriod * bestCount)
                bestPeriod = period, bestCount = count;
        }
        if (bestPeriod > 0 && bestPeriod * bestCount >= 4) {
            out += "the next " + std::to_string(bestPeriod) + (bestPeriod == 1 ? " operation, " : " operations, ")
                + std::to_string(bestCount) + " times (a loop):\n";
            for (size_t k = 0; k < bestPeriod; ++k)
                out += "  " + ops[i + k] + "\n";
            i += bestPeriod * bestCount;
        } else {
            out += ops[i++] + "\n";
        }
    }
    return out;
}

std::optional<std::string> extractAlir(const std::string& reply)
{
    // Fenced blocks first: the first one that holds a kernel.
    std::size_t at = 0;
    while ((at = reply.find("```", at)) != std::string::npos) {
        const std::size_t lineEnd = reply.find('\n', at);
        if (lineEnd == std::string::npos)
            break;
        const std::size_t close = reply.find("```", lineEnd);
        if (close == std::string::npos)
            break;
        const std::string body = reply.substr(lineEnd + 1, close - lineEnd - 1);
        if (body.find("kernel") != std::string::npos)
            return body;
        at = close + 3;
    }
    // Else a bare program: from a line starting with "kernel" to the brace that closes it.
    std::size_t start = reply.rfind("\nkernel", std::string::npos);
    start = reply.compare(0, 6, "kernel") == 0 ? 0 : (start == std::string::npos ? std::string::npos : start + 1);
    if (start == std::string::npos)
        return std::nullopt;
    int depth = 0;
    for (std::size_t i = start; i < reply.size(); ++i) {
        if (reply[i] == '{')
            ++depth;
        else if (reply[i] == '}' && --depth == 0)
            return reply.substr(start, i - start + 1) + "\n";
    }
    return std::nullopt;
}

std::string languageOf(const std::string& fileName, const std::string& source)
{
    auto endsWith = [&](const char* suffix) {
        const std::string s(suffix);
        return fileName.size() > s.size() && fileName.compare(fileName.size() - s.size(), s.size(), s) == 0;
    };
    // A Python file with CUDA in a string (torch.utils.cpp_extension.load_inline) is a model that builds it, not a
    // CUDA source: its reference runs where a compiler can build the extension.
    if (endsWith(".cu") || endsWith(".cuh") || (!endsWith(".py") && source.find("__global__") != std::string::npos))
        return "cuda";
    if (endsWith(".c"))
        return "c";
    if (endsWith(".cc") || endsWith(".cpp") || endsWith(".cxx") || endsWith(".h") || endsWith(".hpp"))
        return "c++";
    if (source.find("import triton") != std::string::npos || source.find("from triton") != std::string::npos)
        return "triton";
    if (source.find("import jax") != std::string::npos || source.find("from jax") != std::string::npos
        || source.find("flax") != std::string::npos)
        return "jax";
    if (source.find("import torch") != std::string::npos || source.find("from torch") != std::string::npos)
        return "pytorch";
    if (source.find("import numpy") != std::string::npos)
        return "numpy";
    if (fileName.size() > 3 && fileName.compare(fileName.size() - 3, 3, ".py") == 0)
        return "python";
    return {};
}

} // namespace solar::llm
