// qwirkle web binding — a minimal JSON writer: the binding answers every query with one JSON text,
// which the JavaScript side parses once (one crossing of the wasm boundary per call).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace qwirkle::web {

class json {
public:
    json& begin_object() { return open('{'); }
    json& end_object() { return close('}'); }
    json& begin_array() { return open('['); }
    json& end_array() { return close(']'); }
    /// A key inside an object; the value follows.
    json& key(std::string_view k) {
        comma();
        quote(k);
        s_ += ':';
        after_key_ = true;
        return *this;
    }
    json& value(std::string_view v) {
        comma();
        quote(v);
        return *this;
    }
    json& value(const char* v) { return value(std::string_view(v)); }
    json& value(const std::string& v) { return value(std::string_view(v)); }
    json& value(bool v) {
        comma();
        s_ += v ? "true" : "false";
        return *this;
    }
    json& value(int v) { return number(std::to_string(v)); }
    json& value(unsigned v) { return number(std::to_string(v)); }
    json& value(long v) { return number(std::to_string(v)); }
    json& value(long long v) { return number(std::to_string(v)); }
    json& value(unsigned long v) { return number(std::to_string(v)); }
    json& value(unsigned long long v) { return number(std::to_string(v)); }
    json& value(double v) {
        if (!std::isfinite(v)) return null();  // JSON has no inf or nan ("%g" would write them)
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", v);
        return number(buf);
    }
    json& null() { return number("null"); }
    /// Text that is already JSON.
    json& raw(std::string_view v) { return number(v); }
    template <class T>
    json& field(std::string_view k, const T& v) {
        key(k);
        return value(v);
    }
    const std::string& str() const noexcept { return s_; }
    std::string take() { return std::move(s_); }

private:
    json& open(char c) {
        comma();
        s_ += c;
        first_ = true;
        return *this;
    }
    json& close(char c) {
        s_ += c;
        first_ = false;
        after_key_ = false;
        return *this;
    }
    json& number(std::string_view v) {
        comma();
        s_ += v;
        return *this;
    }
    void comma() {
        if (after_key_) {
            after_key_ = false;
            first_ = false;
            return;
        }
        if (!first_ && !s_.empty()) s_ += ',';
        first_ = false;
    }
    void quote(std::string_view v) {
        s_ += '"';
        for (const char ch : v) {
            const auto c = static_cast<unsigned char>(ch);
            switch (ch) {
                case '"': s_ += "\\\""; break;
                case '\\': s_ += "\\\\"; break;
                case '\n': s_ += "\\n"; break;
                case '\r': s_ += "\\r"; break;
                case '\t': s_ += "\\t"; break;
                default:
                    if (c < 0x20) {
                        char buf[8];
                        std::snprintf(buf, sizeof buf, "\\u%04x", c);
                        s_ += buf;
                    } else {
                        s_ += ch;
                    }
            }
        }
        s_ += '"';
    }

    std::string s_;
    bool first_ = true;
    bool after_key_ = false;
};

}  // namespace qwirkle::web
