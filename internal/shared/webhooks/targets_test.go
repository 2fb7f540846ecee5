package webhooks

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"mos/internal/platform/apperr"
)

// fakeResolver answers names from a table; other names do not resolve.
type fakeResolver map[string][]string

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	addrs, ok := f[host]
	if !ok {
		return nil, errors.New("no such host")
	}
	out := make([]netip.Addr, len(addrs))
	for i, a := range addrs {
		out[i] = netip.MustParseAddr(a)
	}
	return out, nil
}

// Targets take public https, refuse what could reach the server's own network unless the
// operator lists it, and name url with the URL in every refusal.
func TestTargetsRefuseNonPublicAddressesUnlessListed(t *testing.T) {
	t.Parallel()
	targets, err := ParseAllowedHosts(" 127.0.0.1, dev.internal ,10.20.0.0/16,::1")
	if err != nil {
		t.Fatal(err)
	}
	targets.resolver = fakeResolver{
		"erp.example.com":   {"93.184.215.14"},
		"intranet.example":  {"93.184.215.14", "10.0.0.7"},
		"metadata.example":  {"169.254.169.254"},
		"mapped.example":    {"::ffff:192.168.1.1"},
		"cgnat.example":     {"100.64.1.1"},
		"dev.internal":      {"10.1.1.1"},
		"lab.example":       {"10.20.3.4"},
		"six.example":       {"2606:4700::1111"},
		"sitelocal.example": {"fec0::1"},
	}
	for _, tc := range []struct {
		url    string
		refuse string // "" accepts
	}{
		{"https://erp.example.com/hooks/mos", ""},
		{"https://93.184.215.14:8443/hook", ""},
		{"https://six.example/hook", ""},
		{"https://not-resolving.example/hook", ""}, // checked again at delivery
		{"http://127.0.0.1:9000/hook", ""},         // listed
		{"https://[::1]/hook", ""},                 // listed
		{"http://dev.internal/hook", ""},           // listed name, whatever it resolves to
		{"https://lab.example/hook", ""},           // resolves into a listed range
		{"https://10.20.0.9/hook", ""},             // in a listed range
		{"http://erp.example.com/hook", "plain http"},
		{"https://10.0.0.1/x", "non-public"},
		{"https://192.168.1.5/", "non-public"},
		{"https://169.254.169.254/latest/meta-data", "non-public"},
		{"https://[fe80::1]/", "non-public"},
		{"https://0.0.0.0/", "non-public"},
		{"https://127.0.0.2/", "non-public"},
		{"https://intranet.example/", "resolves to 10.0.0.7"},
		{"https://metadata.example/", "resolves to 169.254.169.254"},
		{"https://mapped.example/", "resolves to 192.168.1.1"},
		{"https://cgnat.example/", "resolves to 100.64.1.1"},
		{"https://sitelocal.example/", "resolves to fec0::1"},
		{"ftp://erp.example.com/", "https"},
		{"https://user:secret@erp.example.com/", "credentials"},
		{"https://erp.example.com/hook#part", "fragment"},
		{"/relative/hook", "absolute URL"},
		{"https://", "absolute URL"},
		{"not a url at all", "absolute URL"},
	} {
		got, err := targets.Check(t.Context(), tc.url)
		if tc.refuse == "" {
			if err != nil || got == "" {
				t.Errorf("%s: refused (%v), want accepted", tc.url, err)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.KindInvalid || len(e.Fields["url"]) != 1 {
			t.Errorf("%s: %v, want a 400 naming url", tc.url, err)
			continue
		}
		if msg := e.Fields["url"][0]; !strings.Contains(msg, tc.refuse) || !strings.Contains(msg, tc.url) {
			t.Errorf("%s: %q, want it to quote the URL and say %q", tc.url, msg, tc.refuse)
		}
	}
}

func TestParseAllowedHostsRefusesABadRange(t *testing.T) {
	t.Parallel()
	if _, err := ParseAllowedHosts("10.0.0.0/33"); err == nil {
		t.Fatal("a /33 range was accepted")
	}
	empty, err := ParseAllowedHosts("")
	if err != nil || empty.listed("127.0.0.1") || empty.listed("localhost") {
		t.Fatalf("the empty list allows something: %v", err)
	}
}

// Public addresses are the ones outside every private, loopback, link-local, multicast,
// unspecified and reserved range, in IPv4, IPv6 and IPv4 mapped into IPv6.
func TestIsPublic(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]bool{
		"93.184.215.14": true, "8.8.8.8": true, "2606:4700::1111": true,
		"10.1.2.3": false, "172.16.0.1": false, "192.168.0.1": false, "127.0.0.1": false,
		"169.254.1.1": false, "100.64.0.1": false, "0.1.2.3": false, "224.0.0.1": false,
		"255.255.255.255": false, "::1": false, "fe80::1": false, "fc00::1": false, "::": false,
		"::ffff:10.0.0.1": false, "::ffff:8.8.8.8": true, "64:ff9b::a00:1": false,
	} {
		if got := isPublic(netip.MustParseAddr(addr)); got != want {
			t.Errorf("isPublic(%s) = %v, want %v", addr, got, want)
		}
	}
}
