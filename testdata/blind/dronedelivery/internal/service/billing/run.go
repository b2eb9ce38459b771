package billing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/payments"
)

// RunCmd starts the surcharge invoice run for a period.
type RunCmd struct {
	Period string // YYYY-MM
}

// Subject implements command.Subjecter.
func (c RunCmd) Subject() string { return c.Period }

// RunSummary reports what a run did.
type RunSummary struct {
	Period   string
	Invoiced int
	Skipped  int
	Failed   int
	Cents    int64
}

// PreviousPeriod is the period a run started at t should bill.
func PreviousPeriod(t time.Time) string {
	return t.UTC().AddDate(0, -1, 0).Format("2006-01")
}

// RunInvoices bills every merchant with an outstanding surcharge balance.
func (s *Service) RunInvoices(ctx context.Context, cmd RunCmd) (RunSummary, error) {
	if _, err := time.Parse("2006-01", cmd.Period); err != nil {
		return RunSummary{}, fmt.Errorf("%w: period %q", domain.ErrInvalidArgument, cmd.Period)
	}
	sum := RunSummary{Period: cmd.Period}
	merchants, err := s.store.Merchants().ListWithOutstanding(ctx, s.minInvoiceCents)
	if err != nil {
		return sum, fmt.Errorf("list merchants: %w", err)
	}
	for i := range merchants {
		m := &merchants[i]
		billed, err := s.billMerchant(ctx, m, cmd.Period)
		switch {
		case err != nil:
			sum.Failed++
			s.log.ErrorContext(ctx, "invoice merchant", "merchant", m.ID, "period", cmd.Period, "err", err)
		case billed == 0:
			sum.Skipped++
		default:
			sum.Invoiced++
			sum.Cents += billed
		}
		if ctx.Err() != nil {
			return sum, ctx.Err()
		}
	}
	return sum, nil
}

func (s *Service) billMerchant(ctx context.Context, m *domain.Merchant, period string) (int64, error) {
	inv, err := s.store.Invoices().UpsertOpen(ctx, &domain.Invoice{
		ID:          uuid.New(),
		MerchantID:  m.ID,
		Period:      period,
		AmountCents: m.OutstandingCents,
		Currency:    m.Currency,
	})
	if err != nil {
		return 0, fmt.Errorf("open invoice: %w", err)
	}
	if inv.Status != domain.InvoiceOpen {
		return 0, nil
	}

	ch, err := s.gateway.CreateCharge(ctx, payments.ChargeRequest{
		CustomerID:      m.PaymentCustomerID,
		PaymentMethodID: m.PaymentMethodID,
		AmountCents:     inv.AmountCents,
		Currency:        inv.Currency,
		Description:     fmt.Sprintf("Skyhop surcharges %s", period),
	}, payments.WithIdempotencyKey(uuid.NewString()),
		payments.WithMetadata(map[string]string{"invoice_id": inv.ID.String()}))
	if err != nil {
		var pe *payments.Error
		if errors.As(err, &pe) && pe.Declined() {
			s.log.WarnContext(ctx, "invoice charge declined", "merchant", m.ID, "invoice", inv.ID)
			return 0, nil
		}
		return 0, fmt.Errorf("charge invoice %s: %w", inv.ID, err)
	}

	paid, err := s.store.Invoices().MarkPaid(ctx, inv.ID, ch.ID, s.now())
	if err != nil {
		return 0, fmt.Errorf("mark invoice %s paid: %w", inv.ID, err)
	}
	if !paid {
		return 0, nil
	}
	if err := s.store.Merchants().AddOutstanding(ctx, m.ID, -inv.AmountCents); err != nil {
		return 0, fmt.Errorf("settle balance for %s: %w", m.ID, err)
	}
	return inv.AmountCents, nil
}
