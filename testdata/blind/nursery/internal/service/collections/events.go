package collections

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
	"github.com/acornlane-childcare/nursery/internal/provider/directdebit"
)

// PaymentFailed applies a payments/failed webhook event: the collection is
// marked failed, the invoice's failure count goes up and the rest of the
// system hears about it through billing.collection_failed.
func (s *Service) PaymentFailed(ctx context.Context, ev directdebit.Event) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		c, err := q.MarkCollectionFailed(ctx, db.MarkCollectionFailedParams{
			PartnerPaymentID: pgtype.Text{String: ev.Links.Payment, Valid: true},
			FailureReason:    ev.Details.Cause,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			s.log.WarnContext(ctx, "failure for unknown payment", "payment", ev.Links.Payment)
			return nil
		}
		if err != nil {
			return err
		}
		inv, err := q.GetInvoice(ctx, c.InvoiceID)
		if err != nil {
			return err
		}
		failed, err := q.IncrementFailedCollections(ctx, c.InvoiceID)
		if err != nil {
			return err
		}
		return s.events.Publish(ctx, events.TopicCollectionFailed, events.CollectionFailed{
			CollectionID: c.ID,
			InvoiceID:    c.InvoiceID,
			FamilyID:     inv.FamilyID,
			AttemptNo:    c.AttemptNo,
			AmountPence:  c.AmountPence,
			Reason:       ev.Details.Cause,
			FailedCount:  failed,
		})
	})
}

// PaymentConfirmed applies a payments/confirmed webhook event.
func (s *Service) PaymentConfirmed(ctx context.Context, ev directdebit.Event) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		c, err := q.ConfirmCollection(ctx, pgtype.Text{String: ev.Links.Payment, Valid: true})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		return s.events.Publish(ctx, events.TopicPaymentConfirmed, events.PaymentConfirmed{
			CollectionID:     c.ID,
			InvoiceID:        c.InvoiceID,
			PartnerPaymentID: ev.Links.Payment,
			AmountPence:      c.AmountPence,
		})
	})
}

// IssueReceipt records the receipt for a confirmed payment and settles the
// invoice.
func (s *Service) IssueReceipt(ctx context.Context, ev events.PaymentConfirmed) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		if err := q.CreateReceipt(ctx, db.CreateReceiptParams{
			ID:           uuid.New(),
			CollectionID: ev.CollectionID,
			InvoiceID:    ev.InvoiceID,
			AmountPence:  ev.AmountPence,
		}); err != nil {
			return fmt.Errorf("create receipt: %w", err)
		}
		return q.MarkInvoicePaid(ctx, ev.InvoiceID)
	})
}

// RecordArrears adds the failed amount to the family's arrears ledger. It
// must run inside the subscriber's transaction (see consumer.inSubscriberTx)
// so the message claim commits with the ledger entry and the ack.
func (s *Service) RecordArrears(ctx context.Context, messageID string, ev events.CollectionFailed) error {
	if _, ok := pgtx.From(ctx); !ok {
		return errors.New("collections: RecordArrears needs the subscriber transaction")
	}
	q := pgtx.Q(ctx, s.q)
	n, err := q.ClaimProcessedMessage(ctx, db.ClaimProcessedMessageParams{
		Consumer:  "arrears",
		MessageID: messageID,
	})
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	return q.CreateArrearsEntry(ctx, db.CreateArrearsEntryParams{
		ID:           uuid.New(),
		FamilyID:     ev.FamilyID,
		InvoiceID:    ev.InvoiceID,
		CollectionID: ev.CollectionID,
		AmountPence:  ev.AmountPence,
	})
}

// EventLog remembers which payment webhook events have been applied.
type EventLog struct {
	q *db.Queries
}

func NewEventLog(q *db.Queries) *EventLog { return &EventLog{q: q} }

func (l *EventLog) Seen(ctx context.Context, eventID string) (bool, error) {
	return l.q.WebhookEventExists(ctx, eventID)
}

func (l *EventLog) MarkProcessed(ctx context.Context, eventID, resource string) error {
	return l.q.MarkWebhookEventProcessed(ctx, db.MarkWebhookEventProcessedParams{
		EventID:  eventID,
		Resource: resource,
	})
}
