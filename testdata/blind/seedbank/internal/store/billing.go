package store

import (
	"context"
	"time"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/idgen"
)

// OpenFor returns the member's invoice for period, creating it on first use.
// (member_id, period) is unique, so concurrent callers converge on one row.
func (s *InvoiceStore) OpenFor(ctx context.Context, memberID, period string, amount int64, currency string) (*domain.DuesInvoice, error) {
	inv := &domain.DuesInvoice{
		ID:          idgen.New("inv"),
		MemberID:    memberID,
		Period:      period,
		AmountCents: amount,
		Currency:    currency,
		Status:      domain.InvoiceOpen,
	}
	if _, err := s.CreateOrSkip(ctx, inv, "member_id", "period"); err != nil {
		return nil, err
	}
	return s.FindOne(ctx, "member_id = ? AND period = ?", memberID, period)
}

// MarkPaid moves an invoice to paid once; it reports whether this call made
// the transition.
func (s *InvoiceStore) MarkPaid(ctx context.Context, invoiceID, chargeID string, at time.Time) (bool, error) {
	n, err := s.UpdateWhere(ctx,
		map[string]any{"status": domain.InvoicePaid, "charge_id": chargeID, "paid_at": at, "updated_at": at},
		"id = ? AND status <> ?", invoiceID, domain.InvoicePaid)
	return n == 1, err
}

// RecordCharge stores the charge; a charge id already on file is left as is.
func (s *PaymentStore) RecordCharge(ctx context.Context, p *domain.Payment) error {
	_, err := s.CreateOrSkip(ctx, p, "charge_id")
	return err
}
