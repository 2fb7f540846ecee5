package items

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/shared/tags"
)

// maxItemTags is how many tags one item may carry.
const maxItemTags = 100

// AddTag attaches a live tag of the tags catalogue to the item and returns the item. A tag the
// item already has changes nothing (no modifiedUtc move, no event).
func (s *Service) AddTag(ctx context.Context, tenantID, itemID, tagID string) (Item, error) {
	_, err := s.changeItemRecords(ctx, tenantID, itemID, "tagAdded", func(q db.Q, _ Item) (bool, error) {
		if err := s.tags.RequireLive(ctx, q, tenantID, tags.Tags, []string{tagID}, false); err != nil {
			return false, err
		}
		return s.store.addTag(ctx, q, tenantID, itemID, tagID)
	})
	if err != nil {
		return Item{}, err
	}
	return s.Get(ctx, tenantID, itemID)
}

// RemoveTag detaches a tag of the catalogue (deleted or not) from the item and reports
// whether the item had it.
func (s *Service) RemoveTag(ctx context.Context, tenantID, itemID, tagID string) (removed bool, err error) {
	return s.changeItemRecords(ctx, tenantID, itemID, "tagRemoved", func(q db.Q, _ Item) (bool, error) {
		if err := s.tags.RequireLive(ctx, q, tenantID, tags.Tags, []string{tagID}, true); err != nil {
			return false, err
		}
		return s.store.removeTag(ctx, q, tenantID, itemID, tagID)
	})
}

// ReplaceTags makes tagIDs (distinct live tags of the catalogue, at most maxItemTags) the
// item's tags and returns the item. The set the item already has changes nothing.
func (s *Service) ReplaceTags(ctx context.Context, tenantID, itemID string, tagIDs []string) (Item, error) {
	if err := checkTagIDs(tagIDs); err != nil {
		return Item{}, err
	}
	_, err := s.changeItemRecords(ctx, tenantID, itemID, "tagsReplaced", func(q db.Q, _ Item) (bool, error) {
		if err := s.tags.RequireLive(ctx, q, tenantID, tags.Tags, tagIDs, false); err != nil {
			return false, err
		}
		return s.store.replaceTags(ctx, q, tenantID, itemID, tagIDs)
	})
	if err != nil {
		return Item{}, err
	}
	return s.Get(ctx, tenantID, itemID)
}

// checkTagIDs holds for direct callers what the schema states: at most maxItemTags, distinct.
func checkTagIDs(ids []string) error {
	fields := apperr.Fields{}
	if len(ids) > maxItemTags {
		fields.Add("tagIds", "at most %d tags", maxItemTags)
	}
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if seen[id] {
			fields.Add("tagIds", "tag %s is listed twice", id)
			break
		}
		seen[id] = true
	}
	return fields.Err()
}

// loadTags fills the Tags of items in one query however many items: their links with the
// linked tags, in display order.
func (s *Service) loadTags(ctx context.Context, tenantID string, items []Item) error {
	if len(items) == 0 {
		return nil
	}
	itemIDs := make([]string, len(items))
	at := make(map[string]int, len(items))
	for i, it := range items {
		itemIDs[i] = it.ID
		at[it.ID] = i
		items[i].Tags = []tags.Tag{}
	}
	carried, err := s.store.carriedTags(ctx, s.pool, tenantID, itemIDs, s.tags.ShownSQL(tags.Tags, "l.tenant_id", "l.tag_id"))
	if err != nil {
		return err
	}
	for _, c := range carried {
		i := at[c.ItemID]
		items[i].Tags = append(items[i].Tags, c.Tag.Tag)
	}
	return nil
}
