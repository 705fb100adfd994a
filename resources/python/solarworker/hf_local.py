# SPDX-License-Identifier: MIT
"""`from_pretrained` on a local folder that holds a config.json and no weights — KernelBench level 4's pattern
(`AutoConfig.from_pretrained(name)`, `AutoModelFor...from_pretrained(name, config=config)`) with the hub name
replaced by a folder beside the source. The model is built from the config (`_from_config`), random weights, the
dtype the call asks for; the shapes, and so the bounds, are those of the pretrained model. A folder with weight
files loads as transformers would.

The config's integer size fields (the rule of engine/serving/modelconfig.cpp: `*_size`, `*_dim`, `num_*`, `n_*`,
..., never token ids) become size constants named `config_<field>`, like the module's own constants: validation
sets them to a small point (engine/frontend/trace/configsizes.cpp) and the worker builds the same architecture
there. Every config loaded from a local folder shares these names. Imports transformers only when called."""
import os

PREFIX = "config_"
_WEIGHTS = (".safetensors", ".bin", ".pt", ".pth", ".msgpack", ".h5", ".ckpt", ".gguf")
_state = {"directory": "", "sizes": {}, "constants": None}
_installed = [False]


def is_size_field(name):
    if name.endswith("_id") or name.endswith("_ids"):
        return False
    if any(name.endswith(s) for s in ("_size", "_dim", "_rank", "_len", "_length", "_embeddings", "_positions")):
        return True
    return name.startswith("num_") or name.startswith("n_") or name in ("sliding_window", "dim")


def _local_folder(path):
    """The folder a name refers to: as given, or beside the source file; None for anything else (a hub name)."""
    if not isinstance(path, (str, os.PathLike)):
        return None
    for candidate in (os.fspath(path), os.path.join(_state["directory"], os.fspath(path))):
        if os.path.isfile(os.path.join(candidate, "config.json")):
            return candidate
    return None


def _required_folder(name):
    """The local folder `name` refers to; a hub name is refused at once (solar analyses from a model card's
    config.json and never downloads: a hub download is weights, gigabytes, and without a network a minute of retries)."""
    folder = _local_folder(name)
    if folder is None and isinstance(name, (str, os.PathLike)) and not os.path.exists(os.fspath(name)):
        raise FileNotFoundError(
            "'%s' is not a folder holding config.json (looked in the working directory and in %s); solar does not "
            "download models: put the model card's config.json in a folder and pass its path" % (os.fspath(name), _state["directory"]))
    return folder


def _has_weights(folder):
    return any(name.endswith(_WEIGHTS) for name in os.listdir(folder))


def _sized(config):
    """Records the config's size fields as constants and applies the requested overrides, in place."""
    constants = _state["constants"]
    for field, value in list(config.to_dict().items()):
        if not is_size_field(field) or isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            continue
        name = PREFIX + field
        if constants is not None and name not in constants:
            constants[name] = value
        if name in _state["sizes"]:
            setattr(config, field, int(_state["sizes"][name]))
    return config


def begin(filename, sizes, constants):
    """Before a source's module body runs: where relative folders are looked up, the overrides, the constants dict
    that receives the config's sizes (also when a config is loaded later, in Model.__init__)."""
    _state["directory"] = os.path.dirname(os.path.abspath(filename))
    _state["sizes"] = {k: v for k, v in (sizes or {}).items() if k.startswith(PREFIX)}
    _state["constants"] = constants
    if _installed[0]:
        return
    import transformers
    from transformers import PretrainedConfig, PreTrainedModel

    auto_config = transformers.AutoConfig.from_pretrained.__func__
    config_from = PretrainedConfig.from_pretrained.__func__
    model_from = PreTrainedModel.from_pretrained.__func__

    from transformers.models.auto.auto_factory import _BaseAutoModelClass
    auto_model = _BaseAutoModelClass.from_pretrained.__func__

    def sized(folder, result):
        # return_unused_kwargs=True (the auto classes ask for it) returns (config, kwargs)
        if folder:
            _sized(result[0] if isinstance(result, tuple) else result)
        return result

    def auto_config_from_pretrained(cls, name, *args, **kwargs):
        folder = _required_folder(name)
        return sized(folder, auto_config(cls, folder or name, *args, **kwargs))

    def config_from_pretrained(cls, name, *args, **kwargs):
        folder = _required_folder(name)
        return sized(folder, config_from(cls, folder or name, *args, **kwargs))

    def auto_model_from_pretrained(cls, name, *args, **kwargs):
        return auto_model(cls, _required_folder(name) or name, *args, **kwargs)

    def model_from_pretrained(cls, name, *args, config=None, **kwargs):
        folder = _required_folder(name)
        if folder is None or _has_weights(folder):
            return model_from(cls, folder or name, *args, config=config, **kwargs)
        if config is None or isinstance(config, (str, os.PathLike)):
            config = transformers.AutoConfig.from_pretrained(config or folder)
        dtype = kwargs.get("dtype", kwargs.get("torch_dtype"))
        if dtype == "auto":
            dtype = getattr(config, "dtype", None) or getattr(config, "torch_dtype", None)
        if isinstance(dtype, str):
            import torch
            dtype = getattr(torch, dtype)
        extra = {k: kwargs[k] for k in ("attn_implementation",) if k in kwargs}
        model = cls._from_config(config, **extra)
        if dtype is not None:
            model = model.to(dtype)
        return model.eval()  # as from_pretrained returns it

    transformers.AutoConfig.from_pretrained = classmethod(auto_config_from_pretrained)
    PretrainedConfig.from_pretrained = classmethod(config_from_pretrained)
    PreTrainedModel.from_pretrained = classmethod(model_from_pretrained)
    _BaseAutoModelClass.from_pretrained = classmethod(auto_model_from_pretrained)
    _installed[0] = True

