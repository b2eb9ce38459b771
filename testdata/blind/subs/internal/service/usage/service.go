// Package usage ingests metered usage and warns customers approaching
// their included quota.
package usage

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/ksuid"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/ids"
)

// Event is the JSON body of a usage.events record.
type Event struct {
	EventID        string    `json:"event_id"`
	SubscriptionID string    `json:"subscription_id"`
	Metric         string    `json:"metric"`
	Quantity       int64     `json:"quantity"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// ThresholdChecker is notified after usage is written.
type ThresholdChecker interface {
	Check(ctx context.Context, subscriptionID, metric string) error
}

type Service struct {
	usage  billing.UsageRepository
	alerts ThresholdChecker
	log    *slog.Logger
}

func NewService(usage billing.UsageRepository, alerts ThresholdChecker, log *slog.Logger) *Service {
	return &Service{usage: usage, alerts: alerts, log: log.With("service", "usage")}
}

// Ingest stores one streamed usage event and evaluates quota alerts.
func (s *Service) Ingest(ctx context.Context, ev Event) error {
	if ev.Quantity <= 0 {
		s.log.DebugContext(ctx, "dropping non-positive usage", "event_id", ev.EventID)
		return nil
	}
	rec := billing.UsageRecord{
		ID:             "ur_" + ksuid.New().String(),
		SubscriptionID: ev.SubscriptionID,
		Metric:         ev.Metric,
		Quantity:       ev.Quantity,
		Source:         "stream",
		OccurredAt:     ev.OccurredAt,
	}
	if err := s.usage.Insert(ctx, rec); err != nil {
		return fmt.Errorf("usage: ingest %s: %w", ev.EventID, err)
	}
	return s.alerts.Check(ctx, ev.SubscriptionID, ev.Metric)
}

type RecordRequest struct {
	SubscriptionID string
	Metric         string
	Quantity       int64
	IdempotencyKey string
	OccurredAt     time.Time
}

// Record stores usage reported through the internal API. The caller's
// idempotency key is the row's natural key: a repeat is ignored.
func (s *Service) Record(ctx context.Context, req RecordRequest) (bool, error) {
	if req.IdempotencyKey == "" {
		return false, fmt.Errorf("usage: idempotency key required")
	}
	occurred := req.OccurredAt
	if occurred.IsZero() {
		occurred = time.Now().UTC()
	}
	return s.usage.InsertDedup(ctx, billing.UsageRecord{
		ID:             ids.New("ur"),
		SubscriptionID: req.SubscriptionID,
		Metric:         req.Metric,
		Quantity:       req.Quantity,
		Source:         "api",
		DedupKey:       sql.NullString{String: req.IdempotencyKey, Valid: true},
		OccurredAt:     occurred,
	})
}
