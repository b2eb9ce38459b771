package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/events"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/usage"
)

// InvoiceRunner builds and finalizes monthly invoices.
type InvoiceRunner struct {
	db        *gorm.DB
	invoices  *InvoiceRepository
	subs      *SubscriptionRepository
	usage     *usage.Repository
	customers *customers.Repository
	events    Publisher
	log       *slog.Logger
	currency  string
	netDays   int
}

// NewInvoiceRunner wires an InvoiceRunner.
func NewInvoiceRunner(db *gorm.DB, inv *InvoiceRepository, subs *SubscriptionRepository, u *usage.Repository,
	cust *customers.Repository, pub Publisher, log *slog.Logger, currency string) *InvoiceRunner {
	return &InvoiceRunner{db: db, invoices: inv, subs: subs, usage: u, customers: cust, events: pub, log: log,
		currency: currency, netDays: 14}
}

// RunSummary reports one invoicing pass.
type RunSummary struct {
	Period    string
	Customers int
	Finalized int
}

// Run invoices every billable customer for the month that contains periodStart.
func (r *InvoiceRunner) Run(ctx context.Context, periodStart time.Time) (RunSummary, error) {
	from, to := monthBounds(periodStart)
	sum := RunSummary{Period: Period(from)}
	after := uuid.Nil
	for {
		page, err := r.customers.ListBillable(ctx, after, 200)
		if err != nil {
			return sum, err
		}
		if len(page) == 0 {
			return sum, nil
		}
		for i := range page {
			cust := &page[i]
			after = cust.ID
			sum.Customers++
			finalized, err := r.invoiceCustomer(ctx, cust.ID, from, to)
			if err != nil {
				r.log.Error("invoice customer", "customer_id", cust.ID, "period", sum.Period, "error", err)
				continue
			}
			if finalized {
				sum.Finalized++
			}
		}
	}
}

func (r *InvoiceRunner) invoiceCustomer(ctx context.Context, customerID uuid.UUID, from, to time.Time) (bool, error) {
	period := Period(from)
	var inv *Invoice
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		invRepo := r.invoices.WithTx(tx)
		var err error
		inv, _, err = invRepo.CreateForPeriod(ctx, &Invoice{
			CustomerID: customerID,
			Period:     period,
			Status:     InvoiceDraft,
			Currency:   r.currency,
		})
		if err != nil {
			return err
		}
		if inv, err = invRepo.LockForUpdate(ctx, inv.ID); err != nil {
			return err
		}
		if inv.Status != InvoiceDraft {
			return nil
		}

		subs, err := r.subs.WithTx(tx).ActiveInPeriod(ctx, customerID, from, to)
		if err != nil {
			return err
		}
		for _, sub := range subs {
			start, end := from, to
			if sub.StartedAt.After(start) {
				start = sub.StartedAt
			}
			if sub.EndedAt != nil && sub.EndedAt.Before(end) {
				end = *sub.EndedAt
			}
			ref := fmt.Sprintf("sub:%s:%s", sub.ServerID, period)
			amount := prorate(sub.MonthlyCents, start, end)
			if err := invRepo.AddLine(ctx, &InvoiceLine{
				InvoiceID:   inv.ID,
				Description: fmt.Sprintf("Server %s (%s), %s", sub.ServerID.String()[:8], sub.PlanID, period),
				Quantity:    1,
				UnitCents:   amount,
				AmountCents: amount,
				SourceRef:   &ref,
			}); err != nil {
				return err
			}
		}

		usageRepo := r.usage.WithTx(tx)
		recs, err := usageRepo.UnbilledRecords(ctx, customerID, to)
		if err != nil {
			return err
		}
		for _, rec := range recs {
			ref := "usage:" + rec.ID.String()
			if err := invRepo.AddLine(ctx, &InvoiceLine{
				InvoiceID:   inv.ID,
				Description: fmt.Sprintf("%s %s – %s", rec.Metric, rec.WindowStart.Format("Jan 2 15:04"), rec.WindowEnd.Format("15:04")),
				Quantity:    rec.Quantity,
				UnitCents:   rec.UnitCents,
				AmountCents: rec.AmountCents(),
				SourceRef:   &ref,
			}); err != nil {
				return err
			}
		}

		hours, err := usageRepo.UnbilledVolumeHours(ctx, customerID, to)
		if err != nil {
			return err
		}
		perVolume := map[uuid.UUID]float64{}
		unit := int64(0)
		for _, h := range hours {
			perVolume[h.VolumeID] += h.GBHours
			unit = h.UnitCents
		}
		for volID, gbh := range perVolume {
			ref := fmt.Sprintf("volume:%s:%s", volID, period)
			amount := int64(gbh * float64(unit) / 1000)
			if err := invRepo.AddLine(ctx, &InvoiceLine{
				InvoiceID:   inv.ID,
				Description: fmt.Sprintf("Volume %s, %.0f GB-hours", volID.String()[:8], gbh),
				Quantity:    gbh,
				UnitCents:   unit,
				AmountCents: amount,
				SourceRef:   &ref,
			}); err != nil {
				return err
			}
		}
		if err := usageRepo.MarkInvoiced(ctx, customerID, to, time.Now().UTC()); err != nil {
			return err
		}
		if err := invRepo.Recalculate(ctx, inv.ID); err != nil {
			return err
		}

		cust, err := r.customers.WithTx(tx).LockForUpdate(ctx, customerID)
		if err != nil {
			return err
		}
		fresh, err := invRepo.Get(ctx, inv.ID)
		if err != nil {
			return err
		}
		if apply := min(cust.BalanceCents, fresh.TotalCents); apply > 0 {
			if err := r.customers.WithTx(tx).AdjustBalance(ctx, customerID, -apply); err != nil {
				return err
			}
			if err := invRepo.ApplyCredit(ctx, inv.ID, apply); err != nil {
				return err
			}
			if err := invRepo.Recalculate(ctx, inv.ID); err != nil {
				return err
			}
		}
		if _, err := invRepo.Finalize(ctx, inv.ID, time.Now().AddDate(0, 0, r.netDays).UTC()); err != nil {
			return err
		}
		inv, err = invRepo.Get(ctx, inv.ID)
		return err
	})
	if err != nil {
		return false, err
	}
	if inv.Status != InvoiceOpen {
		return false, nil
	}

	err = r.events.Publish(ctx, events.TopicInvoiceFinalized, events.InvoiceFinalized{
		InvoiceID:   inv.ID,
		CustomerID:  inv.CustomerID,
		Period:      inv.Period,
		TotalCents:  inv.TotalCents,
		Currency:    inv.Currency,
		FinalizedAt: *inv.FinalizedAt,
	},
		messaging.WithMessageID("invoice-finalized-"+inv.ID.String()),
		messaging.WithPartitionKey(inv.CustomerID.String()),
	)
	return err == nil, err
}

// ListForCustomer pages through a customer's invoices.
func (r *InvoiceRunner) ListForCustomer(ctx context.Context, customerID uuid.UUID, cursor string, limit int) ([]Invoice, error) {
	return r.invoices.ListByCustomer(ctx, customerID, cursor, limit)
}
