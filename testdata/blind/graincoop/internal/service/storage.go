package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/idgen"
	"github.com/prairiegold/graincoop/internal/notify"
)

type StorageStore interface {
	OpenLots(ctx context.Context, period time.Time) ([]domain.StorageLot, error)
	AddFee(ctx context.Context, f *domain.StorageFee) error
	GrowersToInvoice(ctx context.Context, period time.Time) ([]int64, error)
	UninvoicedFees(ctx context.Context, growerID int64, period time.Time) ([]domain.StorageFee, error)
	RecordInvoice(ctx context.Context, inv *domain.StorageInvoice, feeIDs []string) (bool, error)
}

// StorageService accrues monthly storage charges on open warehouse
// receipts and invoices growers for them.
type StorageService struct {
	storage StorageStore
	growers GrowerReader
	mail    Mailer
	log     *slog.Logger
	now     Clock
}

func NewStorageService(st StorageStore, g GrowerReader, mail Mailer, log *slog.Logger, now Clock) *StorageService {
	return &StorageService{storage: st, growers: g, mail: mail, log: log, now: now}
}

// MonthStart normalises t to the first day of its month.
func MonthStart(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// Accrue charges every open lot for the month starting at period, prorated
// by the days the grain was in the bin.
func (s *StorageService) Accrue(ctx context.Context, period time.Time) (int, error) {
	period = MonthStart(period)
	end := period.AddDate(0, 1, 0)
	lots, err := s.storage.OpenLots(ctx, period)
	if err != nil {
		return 0, err
	}
	daysInMonth := decimal.NewFromInt(int64(end.Sub(period).Hours() / 24))
	n := 0
	for _, lot := range lots {
		from, to := period, end
		if lot.OpenedAt.After(from) {
			from = lot.OpenedAt
		}
		if lot.ClosedAt != nil && lot.ClosedAt.Before(to) {
			to = *lot.ClosedAt
		}
		days := decimal.NewFromInt(int64(to.Sub(from).Hours() / 24))
		if !days.IsPositive() {
			continue
		}
		amount := lot.Bushels.Mul(lot.RatePerBuMonth).Mul(days).Div(daysInMonth).Round(2)
		fee := &domain.StorageFee{
			ID:        idgen.Sortable(),
			LotID:     lot.ID,
			GrowerID:  lot.GrowerID,
			Period:    period,
			Bushels:   lot.Bushels,
			Rate:      lot.RatePerBuMonth,
			Amount:    amount,
			CreatedAt: s.now(),
		}
		if err := s.storage.AddFee(ctx, fee); err != nil {
			return n, fmt.Errorf("lot %d: %w", lot.ID, err)
		}
		n++
	}
	return n, nil
}

// Invoice emails each grower their storage invoice for period.
func (s *StorageService) Invoice(ctx context.Context, period time.Time) (int, error) {
	period = MonthStart(period)
	ids, err := s.storage.GrowersToInvoice(ctx, period)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, gid := range ids {
		if err := s.invoiceGrower(ctx, gid, period); err != nil {
			return n, fmt.Errorf("grower %d: %w", gid, err)
		}
		n++
	}
	return n, nil
}

func (s *StorageService) invoiceGrower(ctx context.Context, growerID int64, period time.Time) error {
	g, err := s.growers.Get(ctx, growerID)
	if err != nil {
		return notFound(err)
	}
	fees, err := s.storage.UninvoicedFees(ctx, growerID, period)
	if err != nil || len(fees) == 0 {
		return err
	}
	total := decimal.Zero
	ids := make([]string, 0, len(fees))
	for _, f := range fees {
		total = total.Add(f.Amount)
		ids = append(ids, f.ID)
	}
	label := period.Format("January 2006")
	if g.Email != "" {
		html, err := notify.RenderInvoice(g, label, fees, total.StringFixed(2))
		if err != nil {
			return err
		}
		if _, err := s.mail.Send(ctx, notify.EmailMessage{
			To:      g.Email,
			Subject: fmt.Sprintf("Storage invoice %s - $%s", label, total.StringFixed(2)),
			HTML:    html,
			Tags:    []string{"storage-invoice"},
		}); err != nil {
			return fmt.Errorf("email invoice: %w", err)
		}
	}
	now := s.now()
	_, err = s.storage.RecordInvoice(ctx, &domain.StorageInvoice{
		GrowerID: growerID, Period: period, Amount: total, Status: "emailed", EmailedAt: &now, CreatedAt: now,
	}, ids)
	return err
}
