package blob

import (
	"context"
	"fmt"
	"time"
)

// sweepBatch is how many keys SweepWith asks referenced about at once: few queries, each
// with a bounded parameter list.
const sweepBatch = 500

// SweepWith removes blobs older than grace (so an upload whose record is not committed
// yet is never swept) that referenced does not report as referenced, and returns how many
// it removed. It asks referenced about keys in batches of at most 500; referenced returns
// the subset that some record refers to (keys absent from the map, or false, are
// unreferenced) and must answer from committed data. When s is a TempCleaner, partial
// uploads older than grace are removed too (not counted).
//
// remove removes each orphan: key (last written at seen, as Walk reported) unless a record
// has come to refer to it since referenced answered, reporting whether it removed it. A
// caller whose records commit references under a lock passes a remove that takes the lock
// and checks again, since a store without StaleDeleter cannot tell a blob an upload is
// about to commit from an orphan. nil: RemoveStale, which keeps a blob written again
// between the walk and the removal when s is a StaleDeleter.
func SweepWith(ctx context.Context, s Store, grace time.Duration,
	referenced func(ctx context.Context, keys []string) (map[string]bool, error),
	remove func(ctx context.Context, key string, seen time.Time) (bool, error)) (int, error) {
	if remove == nil {
		remove = func(ctx context.Context, key string, seen time.Time) (bool, error) {
			return RemoveStale(ctx, s, key, seen)
		}
	}
	cutoff := time.Now().Add(-grace)
	if tc, ok := s.(TempCleaner); ok {
		if _, err := tc.CleanTemp(ctx, cutoff); err != nil {
			return 0, err
		}
	}
	removed := 0
	var keys []string
	var seen []time.Time
	flush := func() error {
		if len(keys) == 0 {
			return nil
		}
		refs, err := referenced(ctx, keys)
		if err != nil {
			return fmt.Errorf("blob: sweep: %w", err)
		}
		for i, key := range keys {
			if refs[key] {
				continue
			}
			deleted, err := remove(ctx, key, seen[i])
			if err != nil {
				return err
			}
			if deleted {
				removed++
			}
		}
		// Fresh slices: referenced may have kept the last ones.
		keys, seen = nil, nil
		return nil
	}

	err := s.Walk(ctx, func(key string, written time.Time) error {
		if !written.Before(cutoff) {
			return nil
		}
		keys = append(keys, key)
		seen = append(seen, written)
		if len(keys) == sweepBatch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return removed, err
	}
	return removed, flush()
}

// RemoveStale removes key unless it was written after seen, when s can tell (a
// StaleDeleter); otherwise it removes it. It reports whether it removed key.
func RemoveStale(ctx context.Context, s Store, key string, seen time.Time) (bool, error) {
	if stale, ok := s.(StaleDeleter); ok {
		return stale.DeleteStale(ctx, key, seen)
	}
	if err := s.Delete(ctx, key); err != nil {
		return false, err
	}
	return true, nil
}
