package parties

import (
	"strings"
	"testing"
)

func TestParseEmailAcceptsOnlyOneWellFormedMailbox(t *testing.T) {
	t.Parallel()
	label63 := strings.Repeat("a", 63)
	// The longest domain allowed: 253 characters.
	domain253 := label63 + "." + label63 + "." + label63 + "." + strings.Repeat("b", 58) + ".io"
	if len(domain253) != 253 {
		t.Fatalf("fixture: domain is %d characters", len(domain253))
	}
	cases := []struct {
		in    string
		want  string // stored value; "" with valid means omitted
		valid bool
	}{
		// Valid mailboxes, stored trimmed and as written (case kept).
		{"a@b.co", "a@b.co", true},
		{"first.last+tag@sub.example.com", "first.last+tag@sub.example.com", true},
		{"o'brien@example.ie", "o'brien@example.ie", true},
		{"Dana.Reyes@Dayton-Precision.Example", "Dana.Reyes@Dayton-Precision.Example", true},
		{"  dana@example.com \t\n", "dana@example.com", true},
		{"user_name-1@example.co.uk", "user_name-1@example.co.uk", true},
		{"!#$%&'*+-/=?^_`{|}~@example.com", "!#$%&'*+-/=?^_`{|}~@example.com", true},
		{"1234@123.example", "1234@123.example", true},
		{"d@xn--bcher-kva.example", "d@xn--bcher-kva.example", true},
		{"d@a-b.example.com", "d@a-b.example.com", true},
		{strings.Repeat("l", 64) + "@example.com", strings.Repeat("l", 64) + "@example.com", true},
		{"d@" + label63 + ".com", "d@" + label63 + ".com", true},
		{"d@" + domain253, "d@" + domain253, true},
		// Blank counts as omitted.
		{"", "", true},
		{"   ", "", true},
		{"\t\n ", "", true},
		// Invalid: display names, brackets, quotes, comments, whitespace.
		{"Dana <d@x.com>", "", false},
		{"<d@x.com>", "", false},
		{`"d"@x.com`, "", false},
		{`"d e"@x.com`, "", false},
		{"d(comment)@x.com", "", false},
		{"d@x.com(comment)", "", false},
		{"d @x.com", "", false},
		{"d@ x.com", "", false},
		{"d\t@x.com", "", false},
		{"a@x.com, b@x.com", "", false},
		{"a@x.com;b@x.com", "", false},
		{`d\@x.com`, "", false},
		// Invalid: the @.
		{"dx.com", "", false},
		{"d@@x.com", "", false},
		{"d@e@x.com", "", false},
		{"@x.com", "", false},
		{"d@", "", false},
		// Invalid: domain shape and IP literals.
		{"d@x", "", false},
		{"d@x..com", "", false},
		{"d@.x.com", "", false},
		{"d@x.com.", "", false},
		{"d@-x.com", "", false},
		{"d@x-.com", "", false},
		{"d@x_y.com", "", false},
		{"d@[127.0.0.1]", "", false},
		{"d@[IPv6:::1]", "", false},
		{"d@127.0.0.1", "", false},
		// Invalid: local part dots.
		{".d@x.com", "", false},
		{"d.@x.com", "", false},
		{"d..e@x.com", "", false},
		// Invalid: non-ASCII anywhere.
		{"dö@x.com", "", false},
		{"d@exämple.com", "", false},
		{"d@x.cöm", "", false},
		// Invalid: length limits.
		{strings.Repeat("l", 65) + "@example.com", "", false},
		{"d@" + strings.Repeat("a", 64) + ".com", "", false},
		{"d@a" + domain253, "", false},
	}
	for _, c := range cases {
		got, err := parseEmail(c.in)
		if c.valid && (err != nil || got != c.want) {
			t.Errorf("parseEmail(%q) = %q, %v; want %q, nil", c.in, got, err, c.want)
		}
		if !c.valid && err == nil {
			t.Errorf("parseEmail(%q) = %q, nil; want an error", c.in, got)
		}
	}
}
