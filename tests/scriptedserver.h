// SPDX-License-Identifier: MIT
// A scripted OpenAI-compatible server on 127.0.0.1 for tests: each request gets the next scripted response (the
// last one repeats), and every request is recorded. It runs on the test's thread, so the client under test must
// run on another one while this one spins the event loop.
#pragma once

#include <QTcpServer>
#include <QTcpSocket>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

struct Scripted
{
    int status = 200;
    std::string body; // the whole HTTP body
    QByteArray extraHeaders; // "Retry-After: 0\r\n"
    bool stall = false; // never answer
};

inline std::string completion(const std::string& content)
{
    return nlohmann::json {{"model", "scripted-model"},
                           {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}}}}}
        .dump();
}

// A minimal HTTP/1.1 server: reads one request per connection (headers + Content-Length body), answers with the
// next scripted response, records every request.
class ScriptedServer : public QObject
{
public:
    explicit ScriptedServer(std::vector<Scripted> script)
        : m_script(std::move(script))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection()) {
                auto* buffer = new QByteArray;
                connect(s, &QTcpSocket::readyRead, this, [this, s, buffer] {
                    buffer->append(s->readAll());
                    const int end = buffer->indexOf("\r\n\r\n");
                    if (end < 0)
                        return;
                    const QByteArray head = buffer->left(end);
                    qsizetype length = 0;
                    for (const QByteArray& line : head.split('\n'))
                        if (line.toLower().startsWith("content-length:"))
                            length = line.mid(15).trimmed().toLongLong();
                    if (buffer->size() < end + 4 + length)
                        return;
                    requests.push_back({head, buffer->mid(end + 4, length)});
                    buffer->clear();
                    const Scripted r = m_next < m_script.size() ? m_script[m_next] : m_script.back();
                    ++m_next;
                    if (r.stall)
                        return;
                    QByteArray out = "HTTP/1.1 " + QByteArray::number(r.status) + " X\r\nContent-Type: application/json\r\nContent-Length: "
                        + QByteArray::number(static_cast<qint64>(r.body.size())) + "\r\nConnection: close\r\n" + r.extraHeaders + "\r\n";
                    out += QByteArray::fromStdString(r.body);
                    s->write(out);
                    s->disconnectFromHost();
                });
                connect(s, &QTcpSocket::disconnected, s, [s, buffer] {
                    delete buffer;
                    s->deleteLater();
                });
            }
        });
    }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(m_server.serverPort()) + "/v1"; }

    struct Request
    {
        QByteArray head, body;
    };
    std::vector<Request> requests;

private:
    QTcpServer m_server;
    std::vector<Scripted> m_script;
    size_t m_next = 0;
};
