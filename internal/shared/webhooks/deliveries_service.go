package webhooks

import (
	"context"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// DeliveryPage is a page of the delivery log.
type DeliveryPage struct {
	Rows []Delivery
	listing.Envelope
}

// ListDeliveries answers a page of the subscription's deliveries with their attempts,
// newest first unless r sorts otherwise; an unknown subscription is NotFound.
func (s *Service) ListDeliveries(ctx context.Context, tenantID, subscriptionID string, f DeliveryFilter, r listing.Request) (DeliveryPage, error) {
	page, err := listing.Resolve(r, deliveryListSpec)
	if err != nil {
		return DeliveryPage{}, err
	}
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "createdAfterUtc", f.CreatedAfter)
	utctime.CheckFilterBound(fields, "createdBeforeUtc", f.CreatedBefore)
	if err := fields.Err(); err != nil {
		return DeliveryPage{}, err
	}
	if _, err := s.store.get(ctx, s.pool, tenantID, subscriptionID); err != nil {
		return DeliveryPage{}, err
	}
	rows, total, err := s.store.deliveries(ctx, s.pool, tenantID, subscriptionID, f, page)
	if err != nil {
		return DeliveryPage{}, err
	}
	return DeliveryPage{Rows: rows, Envelope: listing.NewEnvelope(page, total, len(rows))}, nil
}

// GetDelivery answers one delivery of the subscription with its attempts.
func (s *Service) GetDelivery(ctx context.Context, tenantID, subscriptionID, id string) (Delivery, error) {
	return s.getDelivery(ctx, s.pool, tenantID, subscriptionID, id)
}

func (s *Service) getDelivery(ctx context.Context, q db.Q, tenantID, subscriptionID, id string) (Delivery, error) {
	return s.store.delivery(ctx, q, tenantID, subscriptionID, id)
}

// Replay makes one delivery pending and due now with a new round of attempts, whatever its
// status, and answers it.
func (s *Service) Replay(ctx context.Context, tenantID, subscriptionID, id string) (Delivery, error) {
	var out Delivery
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		ok, err := s.store.replayOne(ctx, q, tenantID, subscriptionID, id, s.now().UTC())
		if err != nil {
			return err
		}
		if !ok {
			return apperr.NotFound("webhook delivery %s not found", id)
		}
		out, err = s.getDelivery(ctx, q, tenantID, subscriptionID, id)
		return err
	})
	return out, err
}

// ReplayFailedSince replays every failed delivery of the subscription created at or after
// since and answers how many.
func (s *Service) ReplayFailedSince(ctx context.Context, tenantID, subscriptionID string, since time.Time) (int, error) {
	fields := apperr.Fields{}
	utctime.CheckFilterBound(fields, "sinceUtc", &since)
	if err := fields.Err(); err != nil {
		return 0, err
	}
	var n int
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		if _, err := s.store.getForUpdate(ctx, q, tenantID, subscriptionID); err != nil {
			return err
		}
		var err error
		n, err = s.store.replayFailedSince(ctx, q, tenantID, subscriptionID, since, s.now().UTC())
		return err
	})
	return n, err
}
