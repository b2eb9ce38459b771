// Package billing holds the retail billing services: invoice booking,
// credit notes, manual adjustments and dunning.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/shopspring/decimal"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

// ErrInvalid marks requests that will never succeed.
var ErrInvalid = errors.New("invalid request")

// InvoiceRepository is what InvoiceService needs inside its transaction.
type InvoiceRepository interface {
	GetAccount(ctx context.Context, id string) (*model.Account, error)
	GetTariff(ctx context.Context, code string) (*model.Tariff, error)
	UsageForAccount(ctx context.Context, accountID string, from, to time.Time) (decimal.Decimal, error)
	InsertInvoice(ctx context.Context, inv *model.Invoice) (bool, error)
	FindInvoiceByPeriod(ctx context.Context, accountID string, periodStart time.Time) (*model.Invoice, error)
	InsertInvoiceLines(ctx context.Context, lines []model.InvoiceLine) error
}

// CollectionQueue asks the collections worker to collect an invoice.
type CollectionQueue interface {
	Send(ctx context.Context, body any, groupID, dedupID string) error
}

// BookRequest asks for an account's invoice for a billing period.
type BookRequest struct {
	AccountID   string
	PeriodStart time.Time
	PeriodEnd   time.Time // exclusive
}

// CollectionRequest is the message sent to the collections queue.
type CollectionRequest struct {
	InvoiceID string `json:"invoice_id"`
}

// InvoiceService books invoices from metered usage.
type InvoiceService struct {
	uow          txn.Runner[InvoiceRepository]
	collections  CollectionQueue
	paymentTerms int
	newID        func() string
	now          func() time.Time
	log          *slog.Logger
}

// NewInvoiceService wires an InvoiceService.
func NewInvoiceService(uow txn.Runner[InvoiceRepository], collections CollectionQueue, paymentTermsDays int, newID func() string, now func() time.Time, log *slog.Logger) *InvoiceService {
	return &InvoiceService{uow: uow, collections: collections, paymentTerms: paymentTermsDays, newID: newID, now: now, log: log}
}

// Book creates the invoice for the account and period, or returns the one
// already booked, then hands it to collections.
func (s *InvoiceService) Book(ctx context.Context, req BookRequest) (*model.Invoice, error) {
	if !req.PeriodEnd.After(req.PeriodStart) {
		return nil, fmt.Errorf("%w: empty billing period", ErrInvalid)
	}
	var inv *model.Invoice
	err := s.uow.Do(ctx, func(r InvoiceRepository) error {
		acct, err := r.GetAccount(ctx, req.AccountID)
		if err != nil {
			return fmt.Errorf("account %s: %w", req.AccountID, err)
		}
		tariff, err := r.GetTariff(ctx, acct.TariffCode)
		if err != nil {
			return fmt.Errorf("tariff %s: %w", acct.TariffCode, err)
		}
		usage, err := r.UsageForAccount(ctx, acct.ID, req.PeriodStart, req.PeriodEnd)
		if err != nil {
			return err
		}
		lines, total := rateUsage(tariff, usage, req.PeriodStart, req.PeriodEnd)
		now := s.now()
		candidate := &model.Invoice{
			ID:           s.newID(),
			AccountID:    acct.ID,
			PeriodStart:  req.PeriodStart,
			PeriodEnd:    req.PeriodEnd,
			TotalPence:   total,
			BalancePence: total,
			Status:       model.InvoiceUnpaid,
			DueDate:      clock.SettlementDay(now).AddDate(0, 0, s.paymentTerms),
			CreatedAt:    now,
			UpdatedAt:    now,
		}
		created, err := r.InsertInvoice(ctx, candidate)
		if err != nil {
			return err
		}
		if !created {
			inv, err = r.FindInvoiceByPeriod(ctx, acct.ID, req.PeriodStart)
			return err
		}
		for i := range lines {
			lines[i].InvoiceID = candidate.ID
		}
		if err := r.InsertInvoiceLines(ctx, lines); err != nil {
			return err
		}
		inv = candidate
		return nil
	})
	if err != nil {
		return nil, err
	}
	if inv.Status == model.InvoiceUnpaid && inv.BalancePence > 0 {
		// Collection is keyed on the invoice, so handing it over again
		// after a redelivery is harmless.
		if err := s.collections.Send(ctx, CollectionRequest{InvoiceID: inv.ID}, "", ""); err != nil {
			return inv, fmt.Errorf("queue collection for %s: %w", inv.ID, err)
		}
	}
	return inv, nil
}

func rateUsage(t *model.Tariff, kwh decimal.Decimal, from, to time.Time) ([]model.InvoiceLine, int64) {
	days := decimal.NewFromInt(int64(to.Sub(from).Hours() / 24))
	energy := kwh.Mul(t.UnitRatePencePerKWh).Round(0)
	standing := days.Mul(t.StandingChargePence).Round(0)
	net := energy.Add(standing)
	vat := net.Mul(t.VATRate).Round(0)
	lines := []model.InvoiceLine{
		{LineNo: 1, Description: fmt.Sprintf("Electricity %s to %s", clock.FormatDate(from), clock.FormatDate(to.AddDate(0, 0, -1))), Quantity: kwh, AmountPence: energy.IntPart()},
		{LineNo: 2, Description: "Standing charge", Quantity: days, AmountPence: standing.IntPart()},
		{LineNo: 3, Description: "VAT at " + t.VATRate.Mul(decimal.NewFromInt(100)).StringFixed(0) + "%", Quantity: decimal.Zero, AmountPence: vat.IntPart()},
	}
	return lines, net.Add(vat).IntPart()
}
