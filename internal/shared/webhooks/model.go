// Package webhooks delivers a tenant's events to the URLs it subscribes: the subscriptions
// (service.go), the delivery log and replay (deliveries_*.go), the event catalogue
// (catalogue.go), where targets may point (targets.go), signatures (signing.go) and the
// worker that turns outbox events into signed, retried deliveries (worker*.go).
//
// Areas record events with the outbox package in the transaction of their change; they
// never import this package. The wiring registers the event types they emit.
package webhooks

import (
	"time"
)

// Subscription is a URL subscribed to a tenant's events.
type Subscription struct {
	ID          string
	URL         string
	EventTypes  []string // empty: every type
	IsActive    bool
	Description *string
	// PreviousSecretExpires is set while a rotated-out secret still signs.
	PreviousSecretExpires *time.Time
	FailingSince          *time.Time
	Disabled              *time.Time
	DisabledReason        *string
	Created               time.Time
	Modified              time.Time
}

// Write is what a subscription is made of: a create, or the result of a patch.
type Write struct {
	URL         string
	EventTypes  []string
	IsActive    bool
	Description *string
}

// Filter narrows the subscription list.
type Filter struct {
	IDs       []string
	IsActive  *bool
	EventType *string // subscriptions that receive this type (listing it, or every type)
}

// Secret is a subscription's signing secret, shown when created or rotated.
type Secret struct {
	SubscriptionID        string
	Secret                string
	PreviousSecretExpires *time.Time
}

// Delivery statuses.
const (
	StatusPending   = "pending"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
)

// Delivery is one event for one subscription.
type Delivery struct {
	ID             string
	SubscriptionID string
	EventID        string
	EventType      string
	RecordType     string
	RecordID       string
	Occurred       time.Time
	Status         string
	AttemptCount   int // of the current round
	NextAttempt    *time.Time
	LastAttempt    *time.Time
	Completed      *time.Time
	Created        time.Time
	Body           []byte // exactly as sent
	Attempts       []Attempt
}

// Attempt is one try to deliver.
type Attempt struct {
	Number     int
	At         time.Time
	StatusCode *int
	Succeeded  bool
	Duration   time.Duration
	Response   *string
	Error      *string
}

// DeliveryFilter narrows the delivery log.
type DeliveryFilter struct {
	Statuses      []string
	EventTypes    []string
	EventIDs      []string
	CreatedAfter  *time.Time
	CreatedBefore *time.Time
}

// Clock tells the time; tests move it by hand.
type Clock func() time.Time
