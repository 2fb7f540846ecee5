package webhooks

import (
	"fmt"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// EventType is one entry of the event catalogue.
type EventType struct {
	Name          string
	Description   string // when it fires
	PayloadSchema string // its payload's schema in the spec
}

// Catalogue is the event catalogue: the types the spec publishes (the WebhookEventType
// schema, each with a payload schema named <type>Event) in the spec's order. The areas that
// record the events join it at wiring (Emits), and Check proves the two agree, so the spec
// never promises an event nothing sends, nor does an area send one the spec does not name.
type Catalogue struct {
	types   []EventType
	emitted map[string]bool
}

// NewCatalogue reads the catalogue from the served spec.
func NewCatalogue(spec *openapi3.T) (*Catalogue, error) {
	ref := spec.Components.Schemas["WebhookEventType"]
	if ref == nil || ref.Value == nil {
		return nil, fmt.Errorf("webhooks: the spec has no WebhookEventType schema")
	}
	c := &Catalogue{emitted: map[string]bool{}}
	for _, v := range ref.Value.Enum {
		name, _ := v.(string)
		schema := name + "Event"
		payload := spec.Components.Schemas[schema]
		if payload == nil || payload.Value == nil {
			return nil, fmt.Errorf("webhooks: event type %s has no %s schema in the spec", name, schema)
		}
		c.types = append(c.types, EventType{Name: name, Description: strings.TrimSpace(payload.Value.Description), PayloadSchema: schema})
	}
	return c, nil
}

// Emits registers an event type an area records in the outbox.
func (c *Catalogue) Emits(eventType string) { c.emitted[eventType] = true }

// Check answers an error unless the published types are exactly the registered ones.
func (c *Catalogue) Check() error {
	var problems []string
	for _, t := range c.types {
		if !c.emitted[t.Name] {
			problems = append(problems, t.Name+" is published but no area emits it")
		}
	}
	for name := range c.emitted {
		if !c.Known(name) {
			problems = append(problems, name+" is emitted but not published in WebhookEventType")
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return fmt.Errorf("webhooks: the event catalogue does not match: %s", strings.Join(problems, "; "))
	}
	return nil
}

// Types answers the catalogue in the spec's order.
func (c *Catalogue) Types() []EventType { return slices.Clone(c.types) }

// Known reports whether name is a published event type.
func (c *Catalogue) Known(name string) bool {
	return slices.ContainsFunc(c.types, func(t EventType) bool { return t.Name == name })
}

// order sorts and deduplicates types in catalogue order.
func (c *Catalogue) order(types []string) []string {
	out := make([]string, 0, len(types))
	for _, t := range c.types {
		if slices.Contains(types, t.Name) {
			out = append(out, t.Name)
		}
	}
	return out
}
