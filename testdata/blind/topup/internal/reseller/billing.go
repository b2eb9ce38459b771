package reseller

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/ids"
	"github.com/example/topup/internal/jobs"
)

type BillingService struct {
	db        *sqlx.DB
	billing   BillingRepository
	resellers ResellerRepository
	queue     jobs.Queue
	log       *slog.Logger
}

func NewBillingService(db *sqlx.DB, billing BillingRepository, resellers ResellerRepository, q jobs.Queue, log *slog.Logger) *BillingService {
	return &BillingService{db: db, billing: billing, resellers: resellers, queue: q, log: log.With("svc", "billing")}
}

// TopUpCompleted is published by the reporting pipeline for every reseller
// top-up the carrier confirmed.
type TopUpCompleted struct {
	TopUpID     uuid.UUID `json:"topup_id"`
	ResellerID  uuid.UUID `json:"reseller_id"`
	AmountCents int64     `json:"amount_cents"`
	CompletedAt time.Time `json:"completed_at"`
}

// RecordCommission accrues the reseller's commission on a completed top-up.
func (s *BillingService) RecordCommission(ctx context.Context, ev TopUpCompleted) error {
	r, err := s.resellers.Get(ctx, s.db, ev.ResellerID)
	if err != nil {
		return err
	}
	amount := ev.AmountCents * int64(r.CommissionBps) / 10_000
	if amount == 0 {
		return nil
	}
	c := domain.Commission{
		ID:          uuid.New(),
		ResellerID:  r.ID,
		TopUpID:     ev.TopUpID,
		AmountCents: amount,
	}
	if err := s.billing.InsertCommission(ctx, s.db, c); err != nil {
		return fmt.Errorf("insert commission: %w", err)
	}

	return s.queue.Enqueue(ctx, jobs.TypeSendWebhook, jobs.SendWebhook{
		ResellerID: r.ID,
		EventType:  "commission.accrued",
		Data: map[string]any{
			"topup_id":     ev.TopUpID,
			"amount_cents": amount,
		},
	}, ids.NewReference("WH"))
}

// GenerateInvoice builds the monthly commission invoice for a reseller.
func (s *BillingService) GenerateInvoice(ctx context.Context, p jobs.GenerateInvoice) (*domain.Invoice, error) {
	if _, err := time.Parse("2006-01", p.Period); err != nil {
		return nil, fmt.Errorf("%w: bad period %q", domain.ErrValidation, p.Period)
	}
	total, err := s.billing.CommissionTotal(ctx, s.db, p.ResellerID, p.Period)
	if err != nil {
		return nil, err
	}
	inv, created, err := s.billing.CreateInvoice(ctx, s.db, domain.Invoice{
		ID:         uuid.New(),
		ResellerID: p.ResellerID,
		Period:     p.Period,
		Number:     ids.NewReference("INV"),
		TotalCents: total,
	})
	if err != nil {
		return nil, err
	}
	if !created {
		s.log.Info("invoice already exists", "reseller", p.ResellerID, "period", p.Period, "number", inv.Number)
		return inv, nil
	}
	err = s.queue.Enqueue(ctx, jobs.TypeSendWebhook, jobs.SendWebhook{
		ResellerID: inv.ResellerID,
		EventType:  "invoice.created",
		Data: map[string]any{
			"invoice_number": inv.Number,
			"period":         inv.Period,
			"total_cents":    inv.TotalCents,
		},
	}, "webhook:invoice:"+inv.ID.String())
	return inv, err
}
