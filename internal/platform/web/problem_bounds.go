package web

import (
	"fmt"
	"unicode/utf8"

	"mos/internal/platform/apperr"
)

// Every problem leaves bounded, whatever the request held: an answer never grows with the
// request (a body of a hundred thousand bad members, a path of a megabyte, a message quoting
// a huge value). The budgets are bytes of the JSON encoding, escapes included, and together
// keep a problem under MaxProblemBytes.
const (
	// MaxProblemBytes is what the budgets below add up to, with room to spare: no problem
	// body is larger.
	MaxProblemBytes = 64 << 10

	detailBudget   = 8 << 10  // the detail
	instanceBudget = 1 << 10  // the instance (the request path)
	errorsBudget   = 40 << 10 // the errors map, keys and messages
	keyBudget      = 256      // one field name
	messageBudget  = 1 << 10  // one message
)

// bound applies the budgets to p: the errors map keeps at most apperr.MaxProblemFields
// fields (in apperr's order) that fit errorsBudget, each with at most
// apperr.MaxFieldMessages messages, and errorsOmitted counts the fields left out.
func (p *problem) bound() {
	p.Detail = clipJSON(p.Detail, detailBudget)
	p.Instance = clipJSON(p.Instance, instanceBudget)
	if len(p.Errors) == 0 {
		return
	}
	all := apperr.Fields(p.Errors)
	names := all.Names()
	kept := make(map[string][]string, min(len(names), apperr.MaxProblemFields))
	used := 2 // {}
	for _, name := range names {
		if len(kept) == apperr.MaxProblemFields {
			break
		}
		key := clipJSON(name, keyBudget)
		if _, dup := kept[key]; dup {
			continue // two names alike up to the clip: the first stands for both
		}
		msgs := all[name]
		var out []string
		cost := jsonLen(key) + 6 // "key":[],
		for i, m := range msgs {
			if i == apperr.MaxFieldMessages {
				out = append(out, fmt.Sprintf("and %d more", len(msgs)-i))
				cost += 32
				break
			}
			m = clipJSON(m, messageBudget)
			out = append(out, m)
			cost += jsonLen(m) + 3 // "m",
		}
		if used+cost > errorsBudget {
			break
		}
		kept[key] = out
		used += cost
	}
	p.Errors = kept
	p.ErrorsOmitted = len(names) - len(kept)
}

// ellipsis marks a clipped text.
const ellipsis = "…"

// clipJSON cuts s so that its JSON encoding takes at most budget bytes (quotes aside),
// marking the cut with an ellipsis.
func clipJSON(s string, budget int) string {
	if jsonLen(s) <= budget {
		return s
	}
	limit := budget - len(ellipsis)
	used := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		c := runeJSONLen(r, size)
		if used+c > limit {
			return s[:i] + ellipsis
		}
		used += c
		i += size
	}
	return s
}

// jsonLen is how many bytes encoding/json takes at most to write s (quotes aside).
func jsonLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		n += runeJSONLen(r, size)
		i += size
	}
	return n
}

// runeJSONLen bounds the bytes one rune of a string takes in JSON: control characters,
// HTML-sensitive characters, U+2028/U+2029 and invalid bytes are written as \uXXXX.
func runeJSONLen(r rune, size int) int {
	switch {
	case r == utf8.RuneError && size == 1:
		return 6
	case r < 0x20, r == '<', r == '>', r == '&', r == '\u2028', r == '\u2029':
		return 6
	case r == '"', r == '\\':
		return 2
	}
	return size
}
