package conditional

import (
	"strings"

	"mos/internal/platform/apperr"
)

// condition is a parsed If-Match or If-None-Match: "*", or a list of entity tags.
type condition struct {
	any  bool
	tags []entityTag
}

type entityTag struct {
	weak   bool
	opaque string // without its quotes
}

// parseCondition parses the values of header (RFC 9110: "*" or a comma-separated list of
// entity tags, each "…" or W/"…"); a malformed value is a 400 naming the header.
func parseCondition(header string, values []string) (condition, error) {
	var c condition
	for _, v := range values {
		s := strings.TrimSpace(v)
		if s == "*" {
			c.any = true
			continue
		}
		for s != "" {
			var t entityTag
			if strings.HasPrefix(s, "W/") {
				t.weak = true
				s = s[2:]
			}
			if !strings.HasPrefix(s, `"`) {
				return condition{}, malformed(header)
			}
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return condition{}, malformed(header)
			}
			t.opaque = s[1 : end+1]
			c.tags = append(c.tags, t)
			s = strings.TrimSpace(s[end+2:])
			if s == "" {
				break
			}
			if !strings.HasPrefix(s, ",") {
				return condition{}, malformed(header)
			}
			s = strings.TrimSpace(strings.TrimLeft(s, ","))
		}
	}
	if !c.any && len(c.tags) == 0 {
		return condition{}, malformed(header)
	}
	return c, nil
}

func malformed(header string) error {
	return apperr.Field(header, `must be * or a list of entity tags as ETag answers them, such as "3"`)
}

// matchesStrong is If-Match's comparison: "*" matches any current version, a weak tag never
// matches, a strong one when it is the current tag character for character.
func (c condition) matchesStrong(current string) bool {
	if c.any {
		return true
	}
	for _, t := range c.tags {
		if !t.weak && t.opaque == current {
			return true
		}
	}
	return false
}

// matchesWeak is If-None-Match's comparison: "*" matches any current version, a tag when its
// opaque part is the current tag, weak or not.
func (c condition) matchesWeak(current string) bool {
	if c.any {
		return true
	}
	for _, t := range c.tags {
		if t.opaque == current {
			return true
		}
	}
	return false
}

// quoted is the ETag header's value for a tag.
func quoted(tag string) string { return `"` + tag + `"` }

// NoneMatch reports whether If-None-Match's value names current (an unquoted entity tag), as
// RFC 9110 compares it: "*", or any listed tag weak or strong. A malformed value is a 400
// naming the header. For representations that compute their own tag (a rendered document)
// rather than a declared record's version.
func NoneMatch(ifNoneMatch, current string) (bool, error) {
	c, err := parseCondition("If-None-Match", []string{ifNoneMatch})
	if err != nil {
		return false, err
	}
	return c.matchesWeak(current), nil
}
