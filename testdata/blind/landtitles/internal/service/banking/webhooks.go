// Package banking applies the escrow bank's wire status notifications.
package banking

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// Event is a bank webhook notification. The bank retries a notification
// with the same ID until it receives a 2xx.
type Event struct {
	ID           string    `json:"id"`
	Type         string    `json:"type"`
	TransferID   string    `json:"transfer_id"`
	AmountCents  int64     `json:"amount_cents"`
	ReturnReason string    `json:"return_reason,omitempty"`
	OccurredAt   time.Time `json:"occurred_at"`
}

// EventLog remembers handled events.
type EventLog interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID, eventType string, at time.Time) error
}

// Disbursements updates disbursements by bank transfer.
type Disbursements interface {
	ByTransfer(ctx context.Context, transferID string) (*domain.Disbursement, error)
	MarkSettled(ctx context.Context, transferID string, at time.Time) (bool, error)
	SetStatus(ctx context.Context, id, status string) error
}

// Closings reads closings.
type Closings interface {
	Get(ctx context.Context, id string) (*domain.Closing, error)
}

// Ledger posts ledger entries.
type Ledger interface {
	PostLedger(ctx context.Context, entries ...domain.LedgerEntry) error
}

// Outbox queues domain events.
type Outbox interface {
	Enqueue(ctx context.Context, topic, key string, payload any) error
}

// WebhookService applies bank notifications.
type WebhookService struct {
	tx            *txm.Manager
	events        EventLog
	disbursements Disbursements
	closings      Closings
	ledger        Ledger
	outbox        Outbox
	now           func() time.Time
	newID         func() string
}

// NewWebhookService returns a WebhookService.
func NewWebhookService(tx *txm.Manager, events EventLog, disbursements Disbursements,
	closings Closings, ledger Ledger, outbox Outbox) *WebhookService {
	return &WebhookService{
		tx: tx, events: events, disbursements: disbursements, closings: closings,
		ledger: ledger, outbox: outbox, now: time.Now, newID: ids.KSUID,
	}
}

type wireReturned struct {
	DisbursementID string `json:"disbursement_id"`
	ClosingID      string `json:"closing_id"`
	AmountCents    int64  `json:"amount_cents"`
	Reason         string `json:"reason"`
}

// Handle applies one notification.
func (s *WebhookService) Handle(ctx context.Context, ev Event) error {
	seen, err := s.events.Seen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		slog.DebugContext(ctx, "bank event already handled", "event", ev.ID)
		return nil
	}
	now := s.now().UTC()
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		switch ev.Type {
		case "wire.settled":
			if _, err := s.disbursements.MarkSettled(ctx, ev.TransferID, now); err != nil {
				return err
			}
		case "wire.returned":
			if err := s.applyReturn(ctx, ev, now); err != nil {
				return err
			}
		default:
			slog.InfoContext(ctx, "ignoring bank event", "type", ev.Type, "event", ev.ID)
		}
		return s.events.Record(ctx, ev.ID, ev.Type, now)
	})
}

// applyReturn puts a returned wire back into the escrow account so the
// closer can re-send it.
func (s *WebhookService) applyReturn(ctx context.Context, ev Event, now time.Time) error {
	d, err := s.disbursements.ByTransfer(ctx, ev.TransferID)
	if err != nil {
		return err
	}
	c, err := s.closings.Get(ctx, d.ClosingID)
	if err != nil {
		return err
	}
	if err := s.disbursements.SetStatus(ctx, d.ID, domain.DisbReturned); err != nil {
		return err
	}
	if err := s.ledger.PostLedger(ctx, domain.LedgerEntry{
		ID: s.newID(), AccountID: c.EscrowAccountID, EntryType: domain.EntryWireReturn,
		AmountCents: ev.AmountCents, RefType: "disbursement", RefID: d.ID,
		Memo: fmt.Sprintf("wire returned: %s", ev.ReturnReason), PostedAt: now,
	}); err != nil {
		return err
	}
	return s.outbox.Enqueue(ctx, "escrow.wires.v1", d.ClosingID, wireReturned{
		DisbursementID: d.ID, ClosingID: d.ClosingID, AmountCents: ev.AmountCents, Reason: ev.ReturnReason,
	})
}
