// SPDX-License-Identifier: MIT
#include "engine/core/message.h"

namespace solar {

std::string fillMessage(const std::string& format, const std::vector<std::string>& args)
{
    // One pass, so that a value holding "%2" is never substituted again.
    std::string out;
    out.reserve(format.size() + 16 * args.size());
    for (size_t i = 0; i < format.size(); ++i) {
        const char c = format[i];
        if (c == '%' && i + 1 < format.size()) {
            const char next = format[i + 1];
            if (next == '%') {
                out += '%';
                ++i;
                continue;
            }
            if (next >= '1' && next <= '9' && static_cast<size_t>(next - '1') < args.size()) {
                out += args[static_cast<size_t>(next - '1')];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::vector<std::string> messageTexts(const std::vector<Message>& messages)
{
    std::vector<std::string> texts;
    texts.reserve(messages.size());
    for (const Message& m : messages)
        texts.push_back(m.text());
    return texts;
}

std::string Message::text() const
{
    return fillMessage(format, args);
}

} // namespace solar
