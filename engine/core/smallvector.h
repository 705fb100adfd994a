// SPDX-License-Identifier: MIT
// A vector of trivially copyable values that keeps its first N elements inline. Affine forms have one to four
// terms almost always, and are built by the thousand per lifted node; a heap allocation per form dominated
// lifting time (docs/perf.md). The standard library has no small-buffer vector.
#pragma once

#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace solar {

template<typename T, std::size_t N>
class SmallVector
{
    static_assert(std::is_trivially_copyable_v<T>, "SmallVector holds plain values");

public:
    using value_type = T;

    SmallVector() = default;

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    T* begin() { return data(); }
    T* end() { return data() + m_size; }
    const T* begin() const { return data(); }
    const T* end() const { return data() + m_size; }
    T& operator[](std::size_t i) { return data()[i]; }
    const T& operator[](std::size_t i) const { return data()[i]; }
    T& back() { return data()[m_size - 1]; }

    void push_back(const T& value)
    {
        if (m_size < N) {
            m_inline[m_size++] = value;
            return;
        }
        if (m_size == N)
            m_heap.assign(m_inline, m_inline + N);
        m_heap.push_back(value);
        ++m_size;
    }

    template<typename... Args>
    void emplace_back(Args&&... args)
    {
        push_back(T {std::forward<Args>(args)...});
    }

    void clear()
    {
        m_size = 0;
        m_heap.clear();
    }

    friend bool operator==(const SmallVector& a, const SmallVector& b)
    {
        return a.m_size == b.m_size && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    T* data() { return m_size <= N ? m_inline : m_heap.data(); }
    const T* data() const { return m_size <= N ? m_inline : m_heap.data(); }

    T m_inline[N] {};
    std::vector<T> m_heap; // holds every element once the size exceeds N
    std::size_t m_size = 0;
};

} // namespace solar
