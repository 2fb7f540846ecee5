package parties

import (
	"errors"
	"strings"
)

// Limits of a mailbox address (RFC 5321 §4.5.3.1 and RFC 1035 §2.3.4).
const (
	maxEmailLocal  = 64
	maxEmailDomain = 253
	maxEmailLabel  = 63
)

// emailLocalSpecials are the characters besides ASCII letters and digits that RFC 5322 allows
// in an unquoted (dot-atom) local part: o'brien@example.ie and first.last+tag@example.com are
// ordinary addresses. Quotes, parentheses (comments), angle brackets, commas, whitespace and
// backslashes are not among them, which is what keeps out quoted local parts, comments,
// display names and lists.
const emailLocalSpecials = "!#$%&'*+-/=?^_`{|}~"

// parseEmail applies the contact email rule. It trims surrounding whitespace; a blank value
// answers "" (omitted, not an error). Otherwise the value must be one mailbox address:
//   - ASCII only, exactly one @;
//   - local part: 1 to 64 characters, dot-separated atoms of letters, digits and
//     emailLocalSpecials (no leading, trailing or doubled dot);
//   - domain: at most 253 characters, at least two dot-separated labels of 1 to 63 letters,
//     digits and hyphens, no label starting or ending with a hyphen, and a last label that is
//     not all digits (so neither [127.0.0.1] nor a bare 127.0.0.1 passes as a domain).
//
// It checks form only: whether the mailbox exists is not its business.
func parseEmail(raw string) (string, error) {
	addr := strings.TrimSpace(raw)
	if addr == "" {
		return "", nil
	}
	for i := 0; i < len(addr); i++ {
		if addr[i] >= 0x80 {
			return "", errors.New("must contain only ASCII characters")
		}
	}
	if strings.Count(addr, "@") != 1 {
		return "", errors.New("must be one mailbox address with exactly one @")
	}
	local, domain, _ := strings.Cut(addr, "@")
	if err := checkEmailLocal(local); err != nil {
		return "", err
	}
	if err := checkEmailDomain(domain); err != nil {
		return "", err
	}
	return addr, nil
}

func checkEmailLocal(local string) error {
	if local == "" || len(local) > maxEmailLocal {
		return errors.New("the part before @ must be 1 to 64 characters")
	}
	for _, atom := range strings.Split(local, ".") {
		if atom == "" {
			return errors.New("the part before @ must not start or end with a dot or hold two dots in a row")
		}
		for i := 0; i < len(atom); i++ {
			if c := atom[i]; !isASCIIAlnum(c) && strings.IndexByte(emailLocalSpecials, c) < 0 {
				return errors.New("the part before @ may hold only letters, digits, dots and " + emailLocalSpecials +
					" (no display name, angle brackets, quotes, whitespace or comments)")
			}
		}
	}
	return nil
}

func checkEmailDomain(domain string) error {
	if strings.HasPrefix(domain, "[") {
		return errors.New("the domain must be a name, not an IP literal")
	}
	if domain == "" || len(domain) > maxEmailDomain {
		return errors.New("the domain must be 1 to 253 characters")
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return errors.New("the domain must have at least two labels (like example.com)")
	}
	for _, label := range labels {
		if label == "" || len(label) > maxEmailLabel {
			return errors.New("each domain label must be 1 to 63 characters (no leading, trailing or double dots)")
		}
		if label[0] == '-' || label[len(label)-1] == '-' {
			return errors.New("a domain label must not start or end with a hyphen")
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !isASCIIAlnum(c) && c != '-' {
				return errors.New("the domain may hold only letters, digits, hyphens and dots")
			}
		}
	}
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" {
		return errors.New("the domain must be a name, not an IP address")
	}
	return nil
}

func isASCIIAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
