package webhooks

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"mos/internal/platform/apperr"
)

// Targets decides where subscriptions may send: public https URLs, and plain http or
// non-public addresses only for the hosts the operator allows (MOS_WEBHOOK_ALLOWED_HOSTS),
// so that a tenant cannot make the server reach into its own network (SSRF).
type Targets struct {
	names    map[string]bool // host names allowed as they are, whatever they resolve to
	prefixes []netip.Prefix  // addresses allowed
	resolver resolver
}

// resolver finds a host's addresses (net.DefaultResolver; tests give their own).
type resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// resolveTimeout bounds the lookup a create or update makes of its URL's host.
const resolveTimeout = 3 * time.Second

// ParseAllowedHosts reads a comma-separated list of host names, addresses and CIDR ranges
// (for example "127.0.0.1,localhost,10.20.0.0/16"). An empty list allows public https only.
func ParseAllowedHosts(list string) (Targets, error) {
	t := Targets{names: map[string]bool{}, resolver: net.DefaultResolver}
	for _, entry := range strings.Split(list, ",") {
		entry = strings.ToLower(strings.TrimSpace(entry))
		switch {
		case entry == "":
		case strings.Contains(entry, "/"):
			p, err := netip.ParsePrefix(entry)
			if err != nil {
				return Targets{}, fmt.Errorf("allowed webhook host %q is not a valid CIDR range", entry)
			}
			t.prefixes = append(t.prefixes, p.Masked())
		default:
			if a, err := netip.ParseAddr(strings.Trim(entry, "[]")); err == nil {
				t.prefixes = append(t.prefixes, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
				continue
			}
			t.names[entry] = true
		}
	}
	return t, nil
}

// orDefault is t, or the targets of an empty list (public https only) when t is the zero
// value.
func (t Targets) orDefault() Targets {
	if t.resolver == nil {
		t.resolver = net.DefaultResolver
	}
	return t
}

// listed reports whether the operator allows host (a name or an address literal).
func (t Targets) listed(host string) bool {
	host = strings.ToLower(host)
	if t.names[host] {
		return true
	}
	if a, err := netip.ParseAddr(host); err == nil {
		return t.addrAllowed(a)
	}
	return false
}

// addrAllowed reports whether the operator allows connecting to a.
func (t Targets) addrAllowed(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range t.prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// nonPublic are ranges beside the private, loopback, link-local, multicast and unspecified
// ones that no public receiver lives in: "this network", shared address space (carrier NAT),
// IETF protocol assignments, benchmarking, reserved, broadcast, NAT64 (which can reach
// private IPv4) and site-local IPv6.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"), netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"), netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"), netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("fec0::/10"),
}

// isPublic reports whether a is an address on the public internet.
func isPublic(a netip.Addr) bool {
	a = a.Unmap()
	if a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() || !a.IsValid() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// Check answers raw as a URL a subscription may send to, or a 400 naming url. A host that
// does not resolve now is accepted: every delivery checks the address it connects to.
func (t Targets) Check(ctx context.Context, raw string) (string, error) {
	refuse := func(format string, args ...any) (string, error) {
		return "", apperr.Field("url", "%q %s", raw, fmt.Sprintf(format, args...))
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || !u.IsAbs() || u.Host == "" || u.Hostname() == "" {
		return refuse("is not an absolute URL with a host")
	}
	if u.User != nil {
		return refuse("carries credentials (user:password@): receivers authenticate requests by their signature")
	}
	if u.Fragment != "" || strings.Contains(raw, "#") {
		return refuse("has a fragment, which is never sent")
	}
	host := u.Hostname()
	switch u.Scheme {
	case "https":
	case "http":
		if !t.listed(host) {
			return refuse("is plain http: use https (http is allowed only for hosts the server's operator lists)")
		}
	default:
		return refuse("must use https")
	}
	if t.listed(host) {
		return u.String(), nil
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if !isPublic(a) {
			return refuse("points to %s, a private, loopback, link-local or otherwise non-public address the server does not allow", a.Unmap())
		}
		return u.String(), nil
	}
	lookup, cancel := context.WithTimeout(ctx, resolveTimeout)
	defer cancel()
	addrs, err := t.resolver.LookupNetIP(lookup, "ip", host)
	if err != nil {
		return u.String(), nil
	}
	for _, a := range addrs {
		if !isPublic(a) && !t.addrAllowed(a) {
			return refuse("resolves to %s, a private, loopback, link-local or otherwise non-public address the server does not allow", a.Unmap())
		}
	}
	return u.String(), nil
}

// errTargetRefused marks an attempt refused before it was sent because its target is no
// longer allowed (the operator's list changed, or the name now resolves elsewhere).
type errTargetRefused struct{ reason string }

func (e errTargetRefused) Error() string { return e.reason }

// checkBeforeSend refuses an attempt whose URL the operator's list no longer allows.
func (t Targets) checkBeforeSend(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return errTargetRefused{"the URL cannot be parsed"}
	}
	if u.Scheme != "https" && !t.listed(u.Hostname()) {
		return errTargetRefused{"plain http to a host the server no longer allows"}
	}
	return nil
}

// dialContext connects as net.Dialer does, refusing a connection to an address the
// operator does not allow unless the host name itself is listed: checked on the address
// actually dialled, after resolution, so a name that resolves to a private address at
// delivery time (DNS rebinding) is not reached.
func (t Targets) dialContext(timeout time.Duration) func(ctx context.Context, network, address string) (net.Conn, error) {
	return func(ctx context.Context, network, address string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return nil, err
		}
		d := net.Dialer{Timeout: timeout}
		if !t.names[strings.ToLower(host)] {
			d.Control = func(_, address string, _ syscall.RawConn) error {
				ip, _, err := net.SplitHostPort(address)
				if err != nil {
					return err
				}
				a, err := netip.ParseAddr(ip)
				if err != nil {
					return errTargetRefused{"unparseable address " + ip}
				}
				if !isPublic(a) && !t.addrAllowed(a) {
					return errTargetRefused{fmt.Sprintf("%s is a non-public address the server does not allow", a.Unmap())}
				}
				return nil
			}
		}
		return d.DialContext(ctx, network, address)
	}
}
