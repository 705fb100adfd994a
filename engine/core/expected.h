// SPDX-License-Identifier: MIT
// Expected<T>: a value or the diagnostics that explain why there is none (std::expected is C++23).
// Warnings can travel with a value; an Expected without a value always holds at least one error.
#pragma once

#include "engine/core/diagnostic.h"

#include <cassert>
#include <optional>
#include <utility>

namespace solar {

template<typename T>
class Expected
{
public:
    Expected(T value, Diagnostics warnings = {})
        : m_value(std::move(value))
        , m_diagnostics(std::move(warnings))
    { }
    static Expected failure(Diagnostics diagnostics)
    {
        assert(hasErrors(diagnostics));
        Expected e;
        e.m_diagnostics = std::move(diagnostics);
        return e;
    }
    static Expected failure(Diagnostic diagnostic) { return failure(Diagnostics {std::move(diagnostic)}); }

    bool hasValue() const { return m_value.has_value(); }
    explicit operator bool() const { return hasValue(); }
    const T& value() const& { return *m_value; }
    T& value() & { return *m_value; }
    T&& value() && { return std::move(*m_value); }
    const T* operator->() const { return &*m_value; }
    T* operator->() { return &*m_value; }
    const T& operator*() const { return *m_value; }
    const Diagnostics& diagnostics() const { return m_diagnostics; }

private:
    Expected() = default;
    std::optional<T> m_value;
    Diagnostics m_diagnostics;
};

} // namespace solar
