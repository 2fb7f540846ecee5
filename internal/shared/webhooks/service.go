package webhooks

import (
	"context"
	"fmt"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// maxDescription is the longest description a subscription keeps.
const maxDescription = 2000

// DefaultGracePeriod is how long a rotated-out secret keeps signing unless the rotation
// says otherwise.
const DefaultGracePeriod = 24 * time.Hour

// Service holds the rules of subscriptions and of the delivery log.
type Service struct {
	pool      *db.Pool
	store     store
	catalogue *Catalogue
	targets   Targets
	now       Clock
}

// NewService returns the webhooks service: events from catalogue, targets allowed by targets.
func NewService(pool *db.Pool, catalogue *Catalogue, targets Targets) *Service {
	return &Service{pool: pool, catalogue: catalogue, targets: targets.orDefault(), now: time.Now}
}

// UseClock makes the service read the time from clock (tests).
func (s *Service) UseClock(clock Clock) { s.now = clock }

// EventTypes answers the event catalogue.
func (s *Service) EventTypes() []EventType { return s.catalogue.Types() }

// Create stores a subscription and answers its id with its new secret, shown this once.
func (s *Service) Create(ctx context.Context, tenantID string, w Write) (Secret, error) {
	w, err := s.normalize(ctx, w)
	if err != nil {
		return Secret{}, err
	}
	secret := Secret{SubscriptionID: ids.New(), Secret: newSecret()}
	if err := s.store.insert(ctx, s.pool, tenantID, secret.SubscriptionID, w, secret.Secret); err != nil {
		return Secret{}, err
	}
	return secret, nil
}

// Get answers one subscription of the tenant.
func (s *Service) Get(ctx context.Context, tenantID, id string) (Subscription, error) {
	return s.store.get(ctx, s.pool, tenantID, id)
}

// Patch saves what change makes of the subscription (the caller applies a JSON Patch to
// it) under the create rules; change runs on the locked row.
func (s *Service) Patch(ctx context.Context, tenantID, id string, change func(current Subscription) (Write, error)) (Subscription, error) {
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		current, err := s.store.getForUpdate(ctx, q, tenantID, id)
		if err != nil {
			return err
		}
		next, err := change(current)
		if err != nil {
			return err
		}
		if next, err = s.normalize(ctx, next); err != nil {
			return err
		}
		return s.store.update(ctx, q, tenantID, id, next)
	})
	if err != nil {
		return Subscription{}, err
	}
	return s.Get(ctx, tenantID, id)
}

// Delete removes a subscription with its deliveries and reports whether there was one.
func (s *Service) Delete(ctx context.Context, tenantID, id string) (bool, error) {
	return s.store.delete(ctx, s.pool, tenantID, id)
}

// List answers the tenant's subscriptions matching f, oldest first unless r sorts otherwise.
func (s *Service) List(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Subscription, error) {
	page, err := listing.Resolve(r, listSpec)
	if err != nil {
		return nil, err
	}
	return s.store.list(ctx, s.pool, tenantID, f, page)
}

// MaxGracePeriod is the longest a rotated-out secret may keep signing.
const MaxGracePeriod = 7 * 24 * time.Hour

// RotateSecret gives the subscription a new secret and answers it; the one it replaces
// keeps signing for grace (not at all when grace is 0).
func (s *Service) RotateSecret(ctx context.Context, tenantID, id string, grace time.Duration) (Secret, error) {
	if grace < 0 || grace > MaxGracePeriod {
		return Secret{}, apperr.Field("gracePeriodHours", "must be between 0 and %d", int(MaxGracePeriod/time.Hour))
	}
	out := Secret{SubscriptionID: id, Secret: newSecret()}
	if grace > 0 {
		until := s.now().UTC().Add(grace).Truncate(time.Microsecond)
		out.PreviousSecretExpires = &until
	}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getForUpdate(ctx, q, tenantID, id); err != nil {
			return err
		}
		return s.store.rotateSecret(ctx, q, tenantID, id, out.Secret, out.PreviousSecretExpires)
	})
	if err != nil {
		return Secret{}, err
	}
	return out, nil
}

// normalize applies the write rules, naming each offending field: the URL a target the
// server allows, event types from the catalogue (kept once, in catalogue order), a blank
// description stored as none.
func (s *Service) normalize(ctx context.Context, w Write) (Write, error) {
	fields := apperr.Fields{}
	url, err := s.targets.Check(ctx, w.URL)
	if err != nil {
		if e, ok := apperr.As(err); ok && len(e.Fields) > 0 {
			fields.Merge("", e.Fields)
		} else {
			return Write{}, err
		}
	}
	w.URL = url
	for i, t := range w.EventTypes {
		if !s.catalogue.Known(t) {
			fields.Add(fmt.Sprintf("eventTypes.%d", i), "%s", apperr.NotOneOf(t, s.typeNames()))
		}
	}
	w.EventTypes = s.catalogue.order(w.EventTypes)
	if w.Description != nil {
		if d := strings.TrimSpace(*w.Description); d == "" {
			w.Description = nil
		} else {
			w.Description = fields.OptionalText("description", &d, maxDescription)
		}
	}
	return w, fields.Err()
}

func (s *Service) typeNames() []string {
	names := make([]string, 0, len(s.catalogue.types))
	for _, t := range s.catalogue.types {
		names = append(names, t.Name)
	}
	return names
}
