// SPDX-License-Identifier: MIT
#include "engine/serving/servingsource.h"

#include <set>
#include <sstream>

namespace solar::serving {

namespace {

bool isPythonIdentifier(const std::string& s)
{
    static const std::set<std::string> keywords {"False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
                                                 "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
                                                 "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
                                                 "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
    if (s.empty() || (s[0] >= '0' && s[0] <= '9') || keywords.count(s))
        return false;
    for (char ch : s)
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_'))
            return false;
    return true;
}

// A Python string literal (single-quoted, triple) holding ASCII text.
std::string pythonLiteral(const std::string& text)
{
    std::string out = "'''";
    for (char ch : text) {
        if (ch == '\\' || ch == '\'')
            out += '\\';
        out += ch;
    }
    return out + "'''";
}

// The module body after the constants: the same for every config (the constants and CONFIG_JSON differ).
constexpr const char* kBody = R"PY(

def config():
    """The config.json fields with the size constants above (validation scales them down together), as the config
    object of its architecture. Lists with one entry per layer (layer_types) follow the layer count."""
    fields = json.loads(CONFIG_JSON)
    original = dict(fields)
    fields.update(SIZES())
    # Token ids name rows of the embedding: at a reduced vocabulary an id past its end (Phi-3's pad_token_id
    # 32,000) would not build, so such ids take the last row there. At the config's own sizes nothing changes.
    vocab = next((fields[k] for k in ("vocab_size", "n_vocab", "padded_vocab_size") if isinstance(fields.get(k), int)), None)
    if vocab:
        for key, value in list(fields.items()):
            if key.endswith("_token_id") and isinstance(value, int) and not isinstance(value, bool) and value >= vocab:
                fields[key] = vocab - 1
            elif key.endswith("_token_ids") and isinstance(value, list):
                fields[key] = [min(v, vocab - 1) if isinstance(v, int) else v for v in value]
    model_type = fields.pop("model_type")
    for key in ("architectures", "auto_map", "transformers_version", "torch_dtype", "dtype", "quantization_config",
                "_name_or_path"):
        fields.pop(key, None)
    layers = [k for k in ("num_hidden_layers", "n_layer", "num_layers", "n_layers") if k in original]
    if layers:
        before, after = original[layers[0]], fields[layers[0]]
        for key, value in list(fields.items()):
            if isinstance(value, list) and len(value) == before:
                fields[key] = value[:after]
    if model_type not in transformers.CONFIG_MAPPING:
        raise ValueError('"model_type": "%s" is not an architecture transformers %s knows'
                         % (model_type, transformers.__version__))
    return transformers.AutoConfig.for_model(model_type, **fields)


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        cfg = config()
        try:
            net = transformers.AutoModelForCausalLM.from_config(cfg, attn_implementation="sdpa")
        except ValueError as e:
            # An architecture without an SDPA path says so in its own words ("sdpa", "scaled_dot_product_attention",
            # "attn_implementation"); any other error is the config's.
            text = str(e).lower()
            if not any(word in text for word in ("sdpa", "scaled_dot_product_attention", "attn_implementation")):
                raise
            net = transformers.AutoModelForCausalLM.from_config(cfg, attn_implementation="eager")
        self.net = net.to(DTYPE).eval()
        # transformers' default experts path, torch's grouped matmul, has fake and CPU kernels for bf16 only: in any
        # other dtype the experts run as gathered batched products (the same multiply-adds), which trace.
        if DTYPE != torch.bfloat16 and getattr(self.net.config, "_experts_implementation", None) == "grouped_mm":
            self.net.set_experts_implementation("batched_mm")
        if LINEAR:
            quantised = {"fp8": Fp8Linear, "int4": Int4Linear, "int8": Int8Linear, "w8a8": W8A8Linear}[LINEAR]
            head = self.net.get_output_embeddings()
            for parent in list(self.net.modules()):
                for name, child in list(parent.named_children()):
                    if isinstance(child, torch.nn.Linear) and child is not head:
                        setattr(parent, name, quantised(child))
        BUILT.append(self)

    def forward(self, ids, *kv):
        if PHASE == "prefill":
            out = self.net(input_ids=ids, use_cache=True, logits_to_keep=1)
            return [out.logits] + [stored(t) for t in cache_tensors(out.past_key_values, False)]
        if KV_DTYPE != DTYPE:
            # A cache stored narrower than the activations is read as stored and cast up where attention reads it.
            kv = [t.to(DTYPE) for t in kv]
        cache = transformers.DynamicCache(list(zip(kv[0::2], kv[1::2])), config=self.net.config)
        return self.net(input_ids=ids, past_key_values=cache, use_cache=True, logits_to_keep=new_tokens).logits


class Fp8Linear(torch.nn.Module):
    """A Linear as fp8 serving runs it: e4m3 weights with a per-tensor scale, the activations cast to e4m3 with a
    static scale, torch._scaled_mm into the model's dtype (with the bias)."""

    def __init__(self, linear):
        super().__init__()
        w = linear.weight.detach().float()
        scale = w.abs().max().clamp(min=1e-12) / 448
        self.register_buffer("weight", (w / scale).to(torch.float8_e4m3fn))
        self.register_buffer("weight_scale", scale.reshape(()))
        self.register_buffer("input_scale", torch.ones(()))
        self.bias = linear.bias
        self.out_features = linear.out_features

    def forward(self, x):
        rows = x.reshape(-1, x.shape[-1])
        x8 = (rows / self.input_scale).to(torch.float8_e4m3fn)
        y = torch._scaled_mm(x8, self.weight.t(), scale_a=self.input_scale, scale_b=self.weight_scale, bias=self.bias,
                             out_dtype=x.dtype)
        return y.reshape(*x.shape[:-1], self.out_features)


def int4_quantised(w):
    """Weights [..., rows, cols] in 4 bits as AWQ and GPTQ store them: one scale per group of INT4_GROUP inputs (a
    reduced size that the group does not divide: the largest group that divides it), values packed two to a byte."""
    cols = w.shape[-1]
    group = math.gcd(cols, INT4_GROUP)
    grouped = w.reshape(*w.shape[:-1], cols // group, group)
    scale = (grouped.abs().amax(-1) / 7).clamp(min=1e-12)
    q = ((grouped / scale[..., None]).round().clamp(-8, 7) + 8).reshape(w.shape).to(torch.uint8)
    if cols % 2 == 0:
        q = q[..., 0::2] | (q[..., 1::2] << 4)
    return q, scale.to(DTYPE)


def int4_weights(q, scales, cols, dtype):
    """int4_quantised's weights back in `dtype`, [..., rows, cols]."""
    if q.shape[-1] * 2 == cols:
        q = torch.stack((q & 15, q >> 4), dim=-1).reshape(*q.shape[:-1], cols)
    groups = scales.shape[-1]
    w = (q.to(dtype) - 8).reshape(*q.shape[:-1], groups, cols // groups) * scales[..., None]
    return w.reshape(*q.shape[:-1], cols)


def int8_quantised(w, scale_dtype):
    """Weights [..., rows, cols] in int8 with one scale per row (output channel)."""
    scale = (w.abs().amax(-1) / 127).clamp(min=1e-12)
    return (w / scale[..., None]).round().clamp(-127, 127).to(torch.int8), scale.to(scale_dtype)


class Int4Linear(torch.nn.Module):
    """A Linear as weight-only int4 serving runs it (AWQ, GPTQ): 4-bit weights packed two to a byte, one scale in the
    activations' dtype per group of INT4_GROUP inputs, dequantised where the product reads them (the kernels of
    Marlin and its kind do that in registers: only the packed weights and the scales cross DRAM)."""

    def __init__(self, linear):
        super().__init__()
        qweight, scales = int4_quantised(linear.weight.detach().float())
        self.register_buffer("qweight", qweight)
        self.register_buffer("scales", scales)
        self.bias = linear.bias
        self.cols = linear.in_features

    def forward(self, x):
        return torch.nn.functional.linear(x, int4_weights(self.qweight, self.scales, self.cols, x.dtype), self.bias)


class Int8Linear(torch.nn.Module):
    """A Linear as weight-only int8 serving runs it (TensorRT-LLM's int8 weight-only, 8-bit GPTQ and AWQ): int8
    weights with one scale in the activations' dtype per output channel (fewer scale bytes than any grouping),
    dequantised where the product reads them: the product runs at the activations' rate."""

    def __init__(self, linear):
        super().__init__()
        qweight, scales = int8_quantised(linear.weight.detach().float(), DTYPE)
        self.register_buffer("qweight", qweight)
        self.register_buffer("scales", scales)
        self.bias = linear.bias

    def forward(self, x):
        return torch.nn.functional.linear(x, self.qweight.to(x.dtype) * self.scales[:, None], self.bias)


class W8A8Linear(torch.nn.Module):
    """A Linear as W8A8 int8 serving runs it (SmoothQuant in TensorRT-LLM and vLLM; the smoothing factors are folded
    into the weights offline): int8 weights with an fp32 scale per output channel, the activations quantised to int8
    per token at run time, an int8 product accumulated in int32 (torch._int_mm: the int8 tensor-core rate), both
    scales applied to the result."""

    def __init__(self, linear):
        super().__init__()
        qweight, scales = int8_quantised(linear.weight.detach().float(), torch.float32)
        self.register_buffer("qweight", qweight)
        self.register_buffer("scales", scales)
        self.bias = linear.bias
        self.out_features = linear.out_features

    def forward(self, x):
        rows = x.reshape(-1, x.shape[-1]).float()
        xs = (rows.abs().amax(-1, keepdim=True) / 127).clamp(min=1e-12)
        xq = (rows / xs).round().clamp(-127, 127).to(torch.int8)
        y = (torch._int_mm(xq, self.qweight.t()).float() * xs * self.scales).to(x.dtype)
        if self.bias is not None:
            y = y + self.bias
        return y.reshape(*x.shape[:-1], self.out_features)


def stored(t):
    """A key or value tensor as the cache stores it (a cast when KV_DTYPE differs from the activations')."""
    return t.to(KV_DTYPE) if KV_DTYPE != DTYPE else t


def cache_tensors(cache, contiguous=True):
    """Each layer's keys and values at the model's dtype (the past a decode step reads: contiguous, as a cache
    stores them; what a prefill writes: as it wrote them, a view returned is not copied)."""
    layers = getattr(cache, "layers", None)
    if not layers or any(getattr(layer, "keys", None) is None for layer in layers):
        raise ValueError("this architecture's cache (%s) holds more than keys and values per layer: only "
                         "attention KV caches are supported" % type(cache).__name__)
    return [t.contiguous() if contiguous else t for layer in layers for t in (layer.keys, layer.values)]


def get_inputs():
    vocab = BUILT[-1].net.config.vocab_size
    if PHASE == "prefill":
        return [torch.randint(0, vocab, (batch, prompt_tokens))]
    with torch.no_grad():
        past = BUILT[-1].net(input_ids=torch.randint(0, vocab, (batch, context_tokens)), use_cache=True,
                             logits_to_keep=1).past_key_values
    return [torch.randint(0, vocab, (batch, new_tokens))] + [stored(t) for t in cache_tensors(past)]


def get_init_inputs():
    return []
)PY";

} // namespace

std::string phaseName(Phase phase)
{
    return phase == Phase::Prefill ? "prefill" : "decode";
}

std::string tokensConstant(Phase phase)
{
    return phase == Phase::Prefill ? "prompt_tokens" : "context_tokens";
}

std::string kvCacheDtype(const ServingPoint& point)
{
    if (!point.kvDtype.empty())
        return point.kvDtype;
    return isQuantisedLinears(point.dtype) ? "bfloat16" : point.dtype;
}

bool isQuantisedLinears(const std::string& dtype)
{
    return dtype == "fp8" || dtype == "int4" || dtype == "int8" || dtype == "w8a8";
}

bool isKvCacheDtype(const std::string& name)
{
    static const std::set<std::string> names {"bfloat16", "float16", "float32", "float8_e4m3fn", "float8_e5m2"};
    return names.count(name) > 0;
}

std::string servingSource(const ModelConfig& config, const ServingPoint& point)
{
    std::ostringstream s;
    s << "# Generated by `solar llm` from " << config.path << ": one " << phaseName(point.phase) << " step of a '" << config.modelType
      << "' model,\n# built by transformers from its config alone (random weights; traced on fake tensors, nothing allocated).\n"
      << "# The config's size fields are the module constants below: validation runs this file with them scaled down together.\n"
      << "import json\nimport math\n\nimport torch\nimport transformers\n\n"
      << "CONFIG_JSON = " << pythonLiteral(config.json) << "\n\n"
      << "batch = " << point.batch << '\n'
      << tokensConstant(point.phase) << " = " << point.tokens << '\n';
    if (point.phase == Phase::Decode)
        s << "new_tokens = " << point.newTokens << '\n';
    std::string sizes;
    for (const auto& [name, value] : config.sizes) {
        if (!isPythonIdentifier(name) || name == "batch" || name == tokensConstant(point.phase) || name == "new_tokens")
            continue;
        s << name << " = " << value << '\n';
        sizes += (sizes.empty() ? "" : ", ") + name + "=" + name;
    }
    // fp8: the linear layers' weights and inputs in e4m3; int4 and int8: their weights only (4 bits with a scale per
    // group of 128 inputs as AWQ and GPTQ checkpoints are served; 8 bits with a scale per output channel); w8a8: weights
    // and inputs in int8. The LM head, embeddings, norms and activations stay bf16; the KV cache is KV_DTYPE.
    const bool quantised = isQuantisedLinears(point.dtype);
    s << "\nPHASE = \"" << phaseName(point.phase) << "\"\nDTYPE = torch." << (quantised ? "bfloat16" : point.dtype) << "\nKV_DTYPE = torch."
      << kvCacheDtype(point) << "\nLINEAR = " << (quantised ? "\"" + point.dtype + "\"" : std::string("None"))
      << "\nINT4_GROUP = 128\nBUILT = []\n\n\n"
      << "def SIZES():\n    return dict(" << sizes << ")\n"
      << kBody;
    return s.str();
}

} // namespace solar::serving
