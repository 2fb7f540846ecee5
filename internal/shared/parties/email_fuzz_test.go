package parties

import (
	"net/mail"
	"strings"
	"testing"
)

// FuzzParseEmail: whatever a client sends as a contact's email, the rule either refuses it
// or keeps it trimmed and unchanged; what it keeps is one bare mailbox that Go's RFC 5322
// parser reads back as itself (no display name, comment or second address slipping through),
// within the length limits, and keeping it again changes nothing.
func FuzzParseEmail(f *testing.F) {
	for _, s := range []string{
		"a@b.co", " Dana.Reyes@Dayton-Precision.Example\t", "Dana <d@x.com>", `"quoted"@example.com`,
		"a@[127.0.0.1]", "a@127.0.0.1", "a(comment)@example.com", "a@b.co, c@d.co", "a..b@example.com",
		"ü@example.com", "a@-example.com", "a@example.com\x00", strings.Repeat("l", 65) + "@example.com",
		"!#$%&'*+-/=?^_`{|}~@example.com", "a@b", "@", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := parseEmail(raw)
		if err != nil {
			if got != "" {
				t.Fatalf("parseEmail(%q) refused with %v but kept %q", raw, err, got)
			}
			return
		}
		if got == "" {
			if strings.TrimSpace(raw) != "" {
				t.Fatalf("parseEmail(%q) kept nothing of a value that is not blank", raw)
			}
			return
		}
		if got != strings.TrimSpace(raw) {
			t.Fatalf("parseEmail(%q) = %q, not the value trimmed", raw, got)
		}
		local, domain, _ := strings.Cut(got, "@")
		if len(local) > maxEmailLocal || len(domain) > maxEmailDomain {
			t.Fatalf("parseEmail(%q) kept a local part of %d or a domain of %d characters", raw, len(local), len(domain))
		}
		addr, perr := mail.ParseAddress(got)
		if perr != nil || addr.Name != "" || addr.Address != got {
			t.Fatalf("parseEmail kept %q, which net/mail reads as %+v, %v", got, addr, perr)
		}
		if again, err := parseEmail(got); err != nil || again != got {
			t.Fatalf("parseEmail(%q) = %q, %v on a kept value", got, again, err)
		}
	})
}
