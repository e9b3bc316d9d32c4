// The C API of CPhoneNumbers.h over libphonenumber's PhoneNumberUtil (thread-safe; its
// metadata is compiled into Debian's libphonenumber).
#include "CPhoneNumbers.h"

#include <cstring>
#include <set>
#include <string>

#include <phonenumbers/logger.h>
#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

/// The shared instance, created once (C++ static initialisation is thread-safe), silent.
const PhoneNumberUtil &util() {
    static PhoneNumberUtil *instance = [] {
        PhoneNumberUtil *u = PhoneNumberUtil::GetInstance();
        u->SetLogger(new i18n::phonenumbers::NullLogger());
        return u;
    }();
    return *instance;
}

/// `s` when it is 1 to `limit` bytes, each accepted by `ok`; nullptr-safe.
template <typename Predicate>
bool bounded(const char *s, size_t limit, Predicate ok) {
    if (s == nullptr) return false;
    size_t n = 0;
    for (; s[n] != '\0'; ++n) {
        if (n >= limit || !ok(s[n], n)) return false;
    }
    return n > 0;
}

bool isRegion(const char *region) {
    return bounded(region, 3, [](char c, size_t) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

void copy(const std::string &s, char *out, size_t capacity) {
    if (capacity == 0) return;
    size_t n = s.size() < capacity - 1 ? s.size() : capacity - 1;
    std::memcpy(out, s.data(), n);
    out[n] = '\0';
}

}  // namespace

extern "C" int tappable_phone_parse(const char *digits, const char *region, TappablePhoneNumber *out) {
    if (out == nullptr) return 0;
    std::memset(out, 0, sizeof *out);
    bool wellFormed = bounded(digits, 40, [](char c, size_t i) { return (c >= '0' && c <= '9') || (c == '+' && i == 0); });
    if (!wellFormed || !isRegion(region)) return 0;
    PhoneNumber number;
    if (util().Parse(digits, region, &number) != PhoneNumberUtil::NO_PARSING_ERROR) return 0;
    std::string e164, regionCode;
    util().Format(number, PhoneNumberUtil::E164, &e164);
    util().GetRegionCodeForNumber(number, &regionCode);
    out->valid = util().IsValidNumber(number) ? 1 : 0;
    out->countryCode = number.country_code();
    copy(e164, out->e164, sizeof out->e164);
    copy(regionCode, out->region, sizeof out->region);
    return 1;
}

extern "C" int tappable_phone_country_code(const char *region) {
    if (!isRegion(region)) return 0;
    return util().GetCountryCodeForRegion(region);
}

extern "C" void tappable_phone_national_prefix(const char *region, char *out, size_t capacity) {
    if (out == nullptr || capacity == 0) return;
    out[0] = '\0';
    if (!isRegion(region)) return;
    std::string prefix;
    util().GetNddPrefixForRegion(region, true, &prefix);
    copy(prefix, out, capacity);
}

extern "C" int tappable_phone_region_count(void) {
    std::set<std::string> regions;
    util().GetSupportedRegions(&regions);
    return static_cast<int>(regions.size());
}
