// gym-otel-env's --probe: one empty OTLP export request per enabled signal, all at once,
// to where the OpenTelemetry SDK would send it with this process's environment (the
// run's, as gym-otel-env hands it over), then one line per signal on stdout. Exit 0 when
// every signal is accepted, 1 otherwise, 2 for a bad command line. A separate, dynamically
// linked program, so that gym-otel-env itself stays static and links no libcurl.
//
//   probe [--total-ms N]
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <curl/curl.h>
#include <fmt/format.h>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/probe/probe_plan.hpp"
#include "gym_otel_env/probe/probe_verdict.hpp"

extern char** environ;

namespace {

using goe::probe::Outcome;
using goe::probe::Target;
using goe::probe::Transport;

// One request in flight and what its answer said so far.
struct Transfer {
    const Target* target = nullptr;
    goe::probe::Request request;
    std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> easy{nullptr, &curl_easy_cleanup};
    std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headers{nullptr, &curl_slist_free_all};
    std::string error = std::string(CURL_ERROR_SIZE, '\0');
    std::string content_type;
    std::optional<int> grpc_status;
    std::string grpc_message;
    CURLcode result = CURLE_OK;
};

// Called for each header line, the trailers of an HTTP/2 answer (grpc-status) included.
size_t on_header(char* data, size_t size, size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    std::string_view line(data, size * count);
    if (line.starts_with("HTTP/")) {  // a new answer (after a 100 Continue): start over
        t->content_type.clear();
        t->grpc_status.reset();
        t->grpc_message.clear();
        return size * count;
    }
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return size * count;
    std::string key = goe::ascii_lower(line.substr(0, colon));
    std::string value(goe::trim(line.substr(colon + 1)));
    if (key == "content-type") t->content_type = goe::ascii_lower(value);
    else if (key == "grpc-message") t->grpc_message = value;
    else if (key == "grpc-status" && !value.empty() && value.size() < 4 &&
             value.find_first_not_of("0123456789") == std::string::npos)
        t->grpc_status = std::stoi(value);
    return size * count;
}

size_t on_body(char*, size_t size, size_t count, void*) { return size * count; }  // not needed: dropped

std::string request_url(const goe::probe::Url& u) {
    return fmt::format("{}://{}{}{}{}{}{}{}", u.scheme, u.userinfo, u.userinfo.empty() ? "" : "@", u.host,
                       u.port.empty() ? "" : ":", u.port, u.path, u.query.empty() ? "" : "?" + u.query);
}

bool set_up(Transfer& t) {
    const Target& target = *t.target;
    t.easy.reset(curl_easy_init());
    if (!t.easy) return false;
    CURL* e = t.easy.get();
    auto add = [&](const std::string& line) {
        curl_slist* next = curl_slist_append(t.headers.get(), line.c_str());
        if (next) {
            (void)t.headers.release();
            t.headers.reset(next);
        }
    };
    add("Content-Type: " + t.request.content_type);
    add("Expect:");  // no 100-continue round trip
    for (const auto& h : t.request.headers) add(h);
    for (const auto& h : target.headers) add(h.value.empty() ? h.key + ";" : h.key + ": " + h.value);
    std::string url = request_url(target.url);
    curl_easy_setopt(e, CURLOPT_URL, url.c_str());
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_POST, 1L);
    curl_easy_setopt(e, CURLOPT_POSTFIELDS, t.request.body.data());
    curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE, static_cast<long>(t.request.body.size()));
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, t.headers.get());
    curl_easy_setopt(e, CURLOPT_USERAGENT, "gym-otel-env-probe/" GOE_VERSION);
    long version = CURL_HTTP_VERSION_1_1;  // what the OTLP/HTTP exporters speak
    if (t.request.http2) version = target.tls ? CURL_HTTP_VERSION_2TLS : CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE;
    curl_easy_setopt(e, CURLOPT_HTTP_VERSION, version);
    curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, target.timeout_ms);
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    // A lookup that times out is otherwise waited for (libcurl joins its resolver thread),
    // which blocks every transfer well past the limit when a name server does not answer.
    // The probe exits right after, so the abandoned thread costs nothing.
    curl_easy_setopt(e, CURLOPT_QUICK_EXIT, 1L);
    if (!target.certificate.empty()) curl_easy_setopt(e, CURLOPT_CAINFO, target.certificate.c_str());
    if (!target.client_certificate.empty()) curl_easy_setopt(e, CURLOPT_SSLCERT, target.client_certificate.c_str());
    if (!target.client_key.empty()) curl_easy_setopt(e, CURLOPT_SSLKEY, target.client_key.c_str());
    curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(e, CURLOPT_HEADERDATA, &t);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t.error.data());
    return true;
}

Transport transport_of(CURLcode code) {
    switch (code) {
        case CURLE_OK: return Transport::answered;
        case CURLE_COULDNT_RESOLVE_HOST:
        case CURLE_COULDNT_RESOLVE_PROXY: return Transport::dns;
        case CURLE_COULDNT_CONNECT: return Transport::connect;
        case CURLE_OPERATION_TIMEDOUT: return Transport::timeout;
        case CURLE_PEER_FAILED_VERIFICATION: return Transport::untrusted;
        case CURLE_SSL_CACERT_BADFILE:
        case CURLE_SSL_CERTPROBLEM:
        case CURLE_SSL_CRL_BADFILE: return Transport::tls_files;
        case CURLE_SSL_CONNECT_ERROR:
        case CURLE_SSL_ENGINE_NOTFOUND:
        case CURLE_SSL_ENGINE_SETFAILED:
        case CURLE_SSL_CIPHER:
        case CURLE_SSL_SHUTDOWN_FAILED:
        case CURLE_SSL_ISSUER_ERROR:
        case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
        case CURLE_SSL_INVALIDCERTSTATUS: return Transport::tls;
        case CURLE_UNSUPPORTED_PROTOCOL:  // "Received HTTP/0.9 when not allowed": HTTP/2 frames read as HTTP/1
        case CURLE_WEIRD_SERVER_REPLY:
        case CURLE_HTTP2:
        case CURLE_HTTP2_STREAM:
        case CURLE_GOT_NOTHING:
        case CURLE_SEND_ERROR:  // the other end hung up on the first bytes
        case CURLE_RECV_ERROR: return Transport::garbled;
        default: return Transport::other;
    }
}

Outcome outcome_of(Transfer& t) {
    Outcome o;
    CURL* e = t.easy.get();
    o.transport = transport_of(t.result);
    long status = 0, version = 0, os_errno = 0;
    curl_off_t elapsed_us = 0;
    curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_getinfo(e, CURLINFO_HTTP_VERSION, &version);
    curl_easy_getinfo(e, CURLINFO_TOTAL_TIME_T, &elapsed_us);
    curl_easy_getinfo(e, CURLINFO_OS_ERRNO, &os_errno);
    o.status = status;
    o.http_version = version == CURL_HTTP_VERSION_2_0 ? 2 : version == CURL_HTTP_VERSION_3 ? 3 : 1;
    o.elapsed_ms = static_cast<long>((elapsed_us + 500) / 1000);
    o.content_type = t.content_type;
    o.grpc_status = t.grpc_status;
    o.grpc_message = t.grpc_message;
    if (o.transport == Transport::answered && status == 0) o.transport = Transport::garbled;
    std::string error = t.error.c_str();
    if (error.empty()) error = curl_easy_strerror(t.result);
    if (o.transport == Transport::connect && os_errno != 0)
        error = goe::ascii_lower(std::strerror(static_cast<int>(os_errno)));
    o.error = error;
    return o;
}

// Runs every transfer to its end; each carries its own time limit.
bool run_all(std::vector<Transfer>& transfers) {
    std::unique_ptr<CURLM, decltype(&curl_multi_cleanup)> multi(curl_multi_init(), &curl_multi_cleanup);
    if (!multi) return false;
    for (auto& t : transfers) curl_multi_add_handle(multi.get(), t.easy.get());
    int running = 1;
    while (running > 0) {
        if (curl_multi_perform(multi.get(), &running) != CURLM_OK) return false;
        int left = 0;
        while (CURLMsg* m = curl_multi_info_read(multi.get(), &left)) {
            if (m->msg != CURLMSG_DONE) continue;
            for (auto& t : transfers)
                if (t.easy.get() == m->easy_handle) t.result = m->data.result;
        }
        if (running > 0 && curl_multi_poll(multi.get(), nullptr, 0, 100, nullptr) != CURLM_OK) return false;
    }
    for (auto& t : transfers) curl_multi_remove_handle(multi.get(), t.easy.get());
    return true;
}

void say(const std::string& line) { std::fputs(fmt::format("gym-otel-env: probe: {}\n", line).c_str(), stdout); }

int run(int argc, char** argv) {
    long total_ms = goe::probe::kDefaultTotalMs;
    for (int i = 1; i < argc; i += 2) {
        std::string_view arg = argv[i];
        std::string_view value = i + 1 < argc ? argv[i + 1] : "";
        if (arg != "--total-ms" || value.empty() || value.size() > 6 ||
            value.find_first_not_of("0123456789") != std::string_view::npos || std::stol(std::string(value)) == 0) {
            std::fputs("gym-otel-env: probe: usage: probe [--total-ms N]\n", stdout);
            return 2;
        }
        total_ms = std::stol(std::string(value));
    }
    goe::Environment env;
    for (char** e = environ; e && *e; ++e) {
        std::string_view entry = *e;
        size_t eq = entry.find('=');
        if (eq != std::string_view::npos) env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
    }
    auto plan = goe::probe::plan(env, total_ms);
    if (auto verdict = goe::probe::without_requests(plan)) {
        say(verdict->line);
        return verdict->accepted ? 0 : 1;
    }
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        say("error: libcurl cannot start");
        return 1;
    }
    std::vector<Transfer> transfers;
    transfers.reserve(plan.targets.size());
    for (const auto& target : plan.targets) {
        if (!target.invalid.empty()) continue;
        auto& t = transfers.emplace_back();
        t.target = &target;
        t.request = goe::probe::request(target.protocol);
        if (!set_up(t)) {
            say("error: libcurl cannot make a request");
            return 1;
        }
    }
    if (!run_all(transfers)) {
        say("error: libcurl failed to run the requests");
        return 1;
    }
    bool all = true;
    for (const auto& target : plan.targets) {
        Outcome o;
        for (auto& t : transfers)
            if (t.target == &target) o = outcome_of(t);
        auto verdict = goe::probe::judge(target, o);
        all = all && verdict.accepted;
        say(verdict.line);
    }
    transfers.clear();
    curl_global_cleanup();
    std::fflush(stdout);
    return all ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) try { return run(argc, argv); } catch (...) {
    // Out of memory, or a bug: gym-otel-env reports the status as the probe's failure.
    std::fputs("gym-otel-env: probe: internal error\n", stdout);
    return 70;
}
