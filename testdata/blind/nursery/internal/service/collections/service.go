// Package collections collects issued invoices by direct debit, retries
// failed collections and applies the partner's payment events.
package collections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
	"github.com/acornlane-childcare/nursery/internal/provider/directdebit"
)

// Partner is the part of the direct-debit client used here.
type Partner interface {
	CreatePayment(ctx context.Context, req directdebit.PaymentRequest, opts ...directdebit.CallOption) (directdebit.Payment, error)
}

// Config tunes retries of failed collections.
type Config struct {
	MaxAttempts int32
	RetryAfter  time.Duration
}

type Service struct {
	q       *db.Queries
	tx      pgtx.Transactor
	partner Partner
	events  events.Publisher
	cfg     Config
	now     func() time.Time
	log     *slog.Logger
}

func NewService(q *db.Queries, tx pgtx.Transactor, partner Partner, pub events.Publisher, cfg Config, log *slog.Logger) *Service {
	if cfg.MaxAttempts == 0 {
		cfg.MaxAttempts = 3
	}
	if cfg.RetryAfter == 0 {
		cfg.RetryAfter = 5 * 24 * time.Hour
	}
	return &Service{q: q, tx: tx, partner: partner, events: pub, cfg: cfg, now: time.Now, log: log}
}

// Collect submits the first collection for a newly issued invoice.
func (s *Service) Collect(ctx context.Context, ev events.InvoiceIssued) error {
	// Anything after the first attempt is driven by Retry.
	if _, err := s.q.GetLatestCollectionForInvoice(ctx, ev.InvoiceID); err == nil {
		return nil
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}

	mandate, err := s.q.GetActiveMandateForFamily(ctx, ev.FamilyID)
	if errors.Is(err, pgx.ErrNoRows) {
		s.log.InfoContext(ctx, "no mandate, invoice left for manual payment", "invoice_id", ev.InvoiceID)
		return nil
	}
	if err != nil {
		return err
	}

	payment, err := s.partner.CreatePayment(ctx, directdebit.PaymentRequest{
		AmountPence: ev.AmountPence,
		MandateID:   mandate.PartnerMandateID,
		Reference:   "ACORN " + ev.Period,
		Description: "Nursery fees " + ev.Period,
		Metadata:    map[string]string{"invoice_id": ev.InvoiceID.String()},
	},
		directdebit.WithIdempotencyKey(uuid.NewString()),
		directdebit.WithReference(ev.InvoiceID.String()),
	)
	if err != nil {
		return fmt.Errorf("create payment: %w", err)
	}

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		c, err := q.CreateCollection(ctx, db.CreateCollectionParams{
			ID:          uuid.New(),
			InvoiceID:   ev.InvoiceID,
			AttemptNo:   1,
			MandateID:   mandate.ID,
			AmountPence: ev.AmountPence,
			Status:      "pending",
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		_, err = q.SetCollectionSubmitted(ctx, db.SetCollectionSubmittedParams{
			ID:               c.ID,
			PartnerPaymentID: pgtype.Text{String: payment.ID, Valid: true},
			ChargeDate:       chargeDate(payment.ChargeDate),
		})
		return err
	})
}

// Retry re-presents a failed collection after the configured delay. The
// next attempt's row is written before the partner is called and its id is
// the partner's idempotency key.
func (s *Service) Retry(ctx context.Context, ev events.CollectionFailed) error {
	if ev.FailedCount >= s.cfg.MaxAttempts {
		s.log.WarnContext(ctx, "collection attempts exhausted", "invoice_id", ev.InvoiceID, "attempts", ev.FailedCount)
		return nil
	}
	prev, err := s.q.GetCollection(ctx, ev.CollectionID)
	if err != nil {
		return err
	}
	mandate, err := s.q.GetActiveMandateForFamily(ctx, ev.FamilyID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}

	var next db.Collection
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		c, err := q.CreateCollection(ctx, db.CreateCollectionParams{
			ID:          uuid.New(),
			InvoiceID:   prev.InvoiceID,
			AttemptNo:   prev.AttemptNo + 1,
			MandateID:   mandate.ID,
			AmountPence: prev.AmountPence,
			Status:      "pending",
		})
		if errors.Is(err, pgx.ErrNoRows) {
			c, err = q.GetCollectionByAttempt(ctx, db.GetCollectionByAttemptParams{
				InvoiceID: prev.InvoiceID,
				AttemptNo: prev.AttemptNo + 1,
			})
		}
		next = c
		return err
	})
	if err != nil {
		return fmt.Errorf("record retry: %w", err)
	}
	if next.PartnerPaymentID.Valid {
		return nil
	}

	payment, err := s.partner.CreatePayment(ctx, directdebit.PaymentRequest{
		AmountPence: next.AmountPence,
		MandateID:   mandate.PartnerMandateID,
		ChargeDate:  s.now().Add(s.cfg.RetryAfter).Format(time.DateOnly),
		Reference:   fmt.Sprintf("ACORN R%d", next.AttemptNo),
		Metadata:    map[string]string{"invoice_id": next.InvoiceID.String(), "collection_id": next.ID.String()},
	},
		directdebit.WithIdempotencyKey("collection-"+next.ID.String()),
		directdebit.WithReference(next.ID.String()),
	)
	if err != nil {
		return fmt.Errorf("re-present payment: %w", err)
	}
	_, err = s.q.SetCollectionSubmitted(ctx, db.SetCollectionSubmittedParams{
		ID:               next.ID,
		PartnerPaymentID: pgtype.Text{String: payment.ID, Valid: true},
		ChargeDate:       chargeDate(payment.ChargeDate),
	})
	return err
}

func chargeDate(s string) pgtype.Date {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return pgtype.Date{}
	}
	return pgtype.Date{Time: t, Valid: true}
}
