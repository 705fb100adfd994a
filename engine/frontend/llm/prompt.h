// SPDX-License-Identifier: MIT
// What the LLM is told: the ALIR grammar and rules, a handful of canonical programs, the naming contract that lets
// its program be run on the reference's inputs, the user's source with its shapes, and — after a failed round —
// structured feedback (diagnostics with line:col, or which output differs and by how much). And how an ALIR
// program is found in a reply.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace solar::llm {

struct TranslationRequest
{
    std::string source; // the user's program, as text
    std::string fileName; // for messages and the language guess
    std::string language; // "pytorch", "jax", "numpy", ... (a hint)
    std::string shapes; // inputs, parameters and size constants, one per line (from the tracer when it ran)
    std::string ops; // the traced op list, optional
};

/// The traced op list as the prompt gives it, one op a line, with a run of repeated steps (an unrolled recurrence:
/// 2,049 ops for an RNN) collapsed into one entry with its count: "the next 3 operations, 512 times:".
std::string opListText(const std::vector<std::string>& ops);

std::string systemPrompt();
std::string userPrompt(const TranslationRequest& request);

/// The ALIR program in a reply: a ```alir (or unlabelled) fenced block holding `kernel`, else the text from the
/// first line starting with `kernel` to its closing brace. nullopt when there is none.
std::optional<std::string> extractAlir(const std::string& reply);

/// "pytorch", "jax", "numpy", "triton" (Python launching @triton.jit kernels), "c", "c++", "cuda", "python", or empty.
std::string languageOf(const std::string& fileName, const std::string& source);

/// What the prompt adds for a kind of source that is not a framework model (Triton, C/C++, CUDA): how its
/// constructs map to ALIR and the naming contract its validation uses. Empty for the others.
std::string sourceKindNotes(const std::string& language);

} // namespace solar::llm
