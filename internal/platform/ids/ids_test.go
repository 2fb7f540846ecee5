package ids

import (
	"regexp"
	"testing"
)

func TestNewIsTwentyFourLowercaseHexAndUnique(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`^[0-9a-f]{24}$`)
	seen := map[string]bool{}
	prev := ""
	for range 10000 {
		id := New()
		if !re.MatchString(id) {
			t.Fatalf("id %q is not 24 lowercase hex characters", id)
		}
		if seen[id] {
			t.Fatalf("duplicate id %q", id)
		}
		seen[id] = true
		if id[:8] < prev {
			t.Fatalf("id %q sorts before an earlier id's time %q", id, prev)
		}
		prev = id[:8]
	}
}

func TestNewSubIsThirtySixCharacterUUID(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	if id := NewSub(); !re.MatchString(id) {
		t.Fatalf("sub id %q is not a version 7 UUID", id)
	}
}
