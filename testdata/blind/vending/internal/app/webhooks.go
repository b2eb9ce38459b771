package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/ids"
)

// CardEvent is a settlement-side notification from the card processor.
// The processor redelivers an event until it receives a 2xx.
type CardEvent struct {
	ID          string
	Type        string
	CaptureID   string
	AmountCents domain.Cents
	FeeCents    domain.Cents
	OccurredAt  time.Time
}

const (
	CardEventSettled    = "capture.settled"
	CardEventChargeback = "chargeback.created"
)

// WebhookService applies card processor notifications.
type WebhookService struct {
	tx       TxRunner
	repo     WebhookRepository
	payments PaymentRepository
	clock    Clock
	log      *slog.Logger
}

func NewWebhookService(tx TxRunner, repo WebhookRepository, payments PaymentRepository, clock Clock, log *slog.Logger) *WebhookService {
	return &WebhookService{tx: tx, repo: repo, payments: payments, clock: clock, log: log.With("svc", "webhooks")}
}

// LogDelivery keeps one row per delivery attempt for support.
func (s *WebhookService) LogDelivery(ctx context.Context, eventID, eventType string, signatureOK bool) {
	err := s.repo.LogDelivery(ctx, WebhookDelivery{
		ID:          ids.New(),
		EventID:     eventID,
		EventType:   eventType,
		SignatureOK: signatureOK,
		ReceivedAt:  s.clock.Now(),
	})
	if err != nil {
		s.log.WarnContext(ctx, "webhook delivery not logged", "event_id", eventID, "err", err)
	}
}

// HandleCardEvent applies a processor event once.
func (s *WebhookService) HandleCardEvent(ctx context.Context, evt CardEvent) error {
	seen, err := s.repo.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		switch evt.Type {
		case CardEventSettled:
			p, _, err := s.payments.MarkSettledByCapture(ctx, evt.CaptureID)
			if err != nil {
				return fmt.Errorf("settle capture %s: %w", evt.CaptureID, err)
			}
			return s.repo.AppendLedger(ctx, LedgerEntry{
				ID:              ids.New(),
				PaymentID:       p.ID,
				Kind:            "settlement",
				AmountCents:     evt.AmountCents,
				FeeCents:        evt.FeeCents,
				ProviderEventID: evt.ID,
				CreatedAt:       evt.OccurredAt,
			})
		case CardEventChargeback:
			p, err := s.payments.GetByCapture(ctx, evt.CaptureID)
			if err != nil {
				return fmt.Errorf("chargeback on capture %s: %w", evt.CaptureID, err)
			}
			return s.repo.AppendLedger(ctx, LedgerEntry{
				ID:              ids.New(),
				PaymentID:       p.ID,
				Kind:            "chargeback",
				AmountCents:     -evt.AmountCents,
				FeeCents:        evt.FeeCents,
				ProviderEventID: evt.ID,
				CreatedAt:       evt.OccurredAt,
			})
		default:
			s.log.InfoContext(ctx, "ignoring card event", "type", evt.Type, "event_id", evt.ID)
			return nil
		}
	})
	if err != nil {
		return err
	}
	return s.repo.MarkSeen(ctx, evt.ID)
}
