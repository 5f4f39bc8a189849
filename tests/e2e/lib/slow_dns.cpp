// LD_PRELOAD shim for tests/e2e/probe.sh: a name lookup of a host ending in ".slow-dns"
// takes 6 seconds and then fails, as with a name server that does not answer; every
// other name is looked up as usual.
//
//   c++ -shared -fPIC -o slow_dns.so slow_dns.cpp -ldl
#include <dlfcn.h>
#include <netdb.h>
#include <unistd.h>

#include <string_view>

extern "C" int getaddrinfo(const char* node, const char* service, const addrinfo* hints, addrinfo** res) {
    if (node != nullptr && std::string_view(node).ends_with(".slow-dns")) {
        ::sleep(6);
        return EAI_AGAIN;
    }
    using Real = int (*)(const char*, const char*, const addrinfo*, addrinfo**);
    auto real = reinterpret_cast<Real>(::dlsym(RTLD_NEXT, "getaddrinfo"));
    return real(node, service, hints, res);
}
