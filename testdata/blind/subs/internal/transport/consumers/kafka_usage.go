// Package consumers adapts stream and queue messages to service calls.
package consumers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/segmentio/kafka-go"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/service/invoicing"
	"github.com/meterly/subs/internal/service/usage"
)

const (
	TopicUsageEvents       = "usage.events"
	TopicUsagePeriodClosed = "usage.period_closed"
)

type UsageIngester interface {
	Ingest(ctx context.Context, ev usage.Event) error
}

type PeriodCloser interface {
	ClosePeriod(ctx context.Context, pc invoicing.PeriodClosed) (billing.Invoice, error)
}

type UsageConsumers struct {
	usage  UsageIngester
	closer PeriodCloser
}

func NewUsageConsumers(u UsageIngester, c PeriodCloser) *UsageConsumers {
	return &UsageConsumers{usage: u, closer: c}
}

// HandleUsageEvent consumes usage.events (key: subscription id).
func (h *UsageConsumers) HandleUsageEvent(ctx context.Context, m kafka.Message) error {
	var ev usage.Event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		// Poison record: skip it rather than block the partition.
		return nil
	}
	if ev.SubscriptionID == "" {
		ev.SubscriptionID = string(m.Key)
	}
	return h.usage.Ingest(ctx, ev)
}

// HandlePeriodClosed consumes usage.period_closed, emitted by the
// scheduler when a subscription's billing period ends.
func (h *UsageConsumers) HandlePeriodClosed(ctx context.Context, m kafka.Message) error {
	var pc invoicing.PeriodClosed
	if err := json.Unmarshal(m.Value, &pc); err != nil {
		return nil
	}
	inv, err := h.closer.ClosePeriod(ctx, pc)
	if err != nil {
		return fmt.Errorf("close period %s: %w", pc.SubscriptionID, err)
	}
	_ = inv
	return nil
}
