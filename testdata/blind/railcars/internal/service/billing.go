package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
	"github.com/ironbridge-leasing/railcars/internal/repo"
)

// BillingService issues lease invoices, credit memos and mileage credits.
type BillingService struct {
	tx        *db.TxRunner
	leases    LeaseStore
	schedules ScheduleStore
	invoices  InvoiceStore
	memos     CreditMemoStore
	demurrage DemurrageStore
	mileage   MileageStore
	events    EventStore
	now       Clock
	log       *slog.Logger
	netDays   int
}

// BillingDeps are the BillingService's collaborators.
type BillingDeps struct {
	Tx        *db.TxRunner
	Leases    LeaseStore
	Schedules ScheduleStore
	Invoices  InvoiceStore
	Memos     CreditMemoStore
	Demurrage DemurrageStore
	Mileage   MileageStore
	Events    EventStore
	Clock     Clock
	Log       *slog.Logger
	NetDays   int
}

// NewBillingService wires a BillingService.
func NewBillingService(d BillingDeps) *BillingService {
	if d.Clock == nil {
		d.Clock = SystemClock
	}
	if d.NetDays == 0 {
		d.NetDays = 30
	}
	return &BillingService{tx: d.Tx, leases: d.Leases, schedules: d.Schedules, invoices: d.Invoices,
		memos: d.Memos, demurrage: d.Demurrage, mileage: d.Mileage, events: d.Events,
		now: d.Clock, log: d.Log, netDays: d.NetDays}
}

// InvoiceRun summarises a monthly invoicing run.
type InvoiceRun struct {
	Issued  int
	Skipped int
}

// RunMonthly issues the invoice for every lease whose billing period has
// started on or before asOf.
func (s *BillingService) RunMonthly(ctx context.Context, asOf time.Time) (InvoiceRun, error) {
	var run InvoiceRun
	due, err := s.schedules.ListDue(ctx, s.tx.Q(ctx), asOf)
	if err != nil {
		return run, err
	}
	for _, d := range due {
		issued, err := s.invoicePeriod(ctx, d)
		if err != nil {
			return run, fmt.Errorf("lease %s period %s: %w", d.LeaseID, d.PeriodStart.Format("2006-01"), err)
		}
		if issued {
			run.Issued++
		} else {
			run.Skipped++
		}
	}
	return run, nil
}

func (s *BillingService) invoicePeriod(ctx context.Context, d repo.Due) (bool, error) {
	return db.InTxResult(ctx, s.tx, func(ctx context.Context) (bool, error) {
		q := s.tx.Q(ctx)
		l, err := s.leases.Get(ctx, q, d.LeaseID)
		if err != nil {
			return false, err
		}
		cars, err := s.leases.Cars(ctx, q, l.ID)
		if err != nil {
			return false, err
		}
		periodEnd := d.PeriodStart.AddDate(0, 1, 0)
		rent := l.MonthlyRateCents * int64(len(cars))
		daysInPeriod := int64(periodEnd.Sub(d.PeriodStart).Hours() / 24)
		abatement := l.MonthlyRateCents * int64(l.OffrentDays) / daysInPeriod
		nDem, demCents, err := s.demurrage.Uninvoiced(ctx, q, l.ID, d.PeriodStart)
		if err != nil {
			return false, err
		}
		mileageCredit, err := s.mileage.UnappliedCredits(ctx, q, l.ID)
		if err != nil {
			return false, err
		}

		inv := &domain.Invoice{
			ID:            ids.New(),
			InvoiceNumber: ids.InvoiceNumber(l.LeaseNumber, d.PeriodStart),
			LeaseID:       l.ID,
			CustomerID:    l.CustomerID,
			PeriodStart:   d.PeriodStart,
			PeriodEnd:     periodEnd.AddDate(0, 0, -1),
			TotalCents:    rent - abatement + demCents - mileageCredit,
			DueDate:       s.now().AddDate(0, 0, s.netDays),
		}
		created, err := s.invoices.Create(ctx, q, inv)
		if err != nil {
			return false, err
		}
		if created {
			lines := []domain.InvoiceLine{
				{Kind: domain.LineRent, Description: fmt.Sprintf("Rent, %d %s cars", len(cars), l.CarType), AmountCents: rent},
			}
			if abatement > 0 {
				lines = append(lines, domain.InvoiceLine{Kind: domain.LineAdjustment,
					Description: fmt.Sprintf("Shop abatement, %d off-rent days", l.OffrentDays), AmountCents: -abatement})
			}
			if nDem > 0 {
				lines = append(lines, domain.InvoiceLine{Kind: domain.LineDemurrage,
					Description: fmt.Sprintf("Demurrage, %d car-days", nDem), AmountCents: demCents})
			}
			if mileageCredit > 0 {
				lines = append(lines, domain.InvoiceLine{Kind: domain.LineMileageCredit,
					Description: "Railroad mileage credit", AmountCents: -mileageCredit})
			}
			for i, line := range lines {
				line.ID = fmt.Sprintf("%s-%02d", inv.ID, i+1)
				line.InvoiceID = inv.ID
				if err := s.invoices.AddLine(ctx, q, line); err != nil {
					return false, err
				}
			}
			if err := s.demurrage.AttachToInvoice(ctx, q, l.ID, inv.ID, d.PeriodStart); err != nil {
				return false, err
			}
			if err := s.mileage.MarkApplied(ctx, q, l.ID); err != nil {
				return false, err
			}
			if err := s.leases.ResetOffrentDays(ctx, q, l.ID); err != nil {
				return false, err
			}
			if err := emit(ctx, s.tx, s.events, domain.EventInvoiceIssued, inv.ID, domain.InvoiceIssued{
				InvoiceID: inv.ID, CustomerID: inv.CustomerID, TotalCents: inv.TotalCents,
			}); err != nil {
				return false, err
			}
		}
		return created, s.schedules.Advance(ctx, q, l.ID, d.PeriodStart, periodEnd)
	})
}

// CreditMemoInput is a credit against an open invoice.
type CreditMemoInput struct {
	Reference   string `json:"reference"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	IssuedBy    string `json:"-"`
}

// IssueCreditMemo credits an invoice. The reference is the customer service
// case number the memo settles.
func (s *BillingService) IssueCreditMemo(ctx context.Context, invoiceID string, in CreditMemoInput) (*domain.CreditMemo, error) {
	if in.Reference == "" || in.AmountCents <= 0 {
		return nil, invalid("reference and a positive amount_cents are required")
	}
	if err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		inv, err := s.invoices.GetForUpdate(ctx, q, invoiceID)
		if err != nil {
			return err
		}
		if inv.Status == domain.InvoiceVoid {
			return fmt.Errorf("%w: invoice is void", ErrConflict)
		}
		if in.AmountCents > inv.BalanceDueCents {
			return invalid("credit exceeds the balance due")
		}
		return s.invoices.AdjustBalance(ctx, q, inv.ID, -in.AmountCents)
	}); err != nil {
		return nil, err
	}

	memo := &domain.CreditMemo{
		ID:          ids.New(),
		InvoiceID:   invoiceID,
		Reference:   in.Reference,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		IssuedBy:    in.IssuedBy,
		CreatedAt:   s.now(),
	}
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		created, err := s.memos.Insert(ctx, q, memo)
		if err != nil || !created {
			return err
		}
		return s.invoices.AddLine(ctx, q, domain.InvoiceLine{
			ID: memo.ID, InvoiceID: invoiceID, Kind: domain.LineAdjustment,
			Description: "Credit memo " + memo.Reference, AmountCents: -memo.AmountCents,
		})
	})
	if err != nil {
		return nil, err
	}
	return memo, nil
}

// MileageClaimInput is a lessee's report of railroad mileage for a car.
type MileageClaimInput struct {
	CustomerID  string    `json:"customer_id"`
	LeaseID     string    `json:"lease_id"`
	Railroad    string    `json:"railroad"`
	ReportMonth time.Time `json:"report_month"`
	CarMark     string    `json:"car_mark"`
	LoadedMiles int       `json:"loaded_miles"`
	EmptyMiles  int       `json:"empty_miles"`
}

// SubmitMileageClaim records a mileage claim; the credit is computed when
// the mileage.reported event is consumed.
func (s *BillingService) SubmitMileageClaim(ctx context.Context, in MileageClaimInput) (*domain.MileageClaim, error) {
	if in.LoadedMiles < 0 || in.EmptyMiles < 0 || in.CarMark == "" || in.LeaseID == "" {
		return nil, invalid("lease_id, car_mark and non-negative miles are required")
	}
	c := &domain.MileageClaim{
		ID:          ids.New(),
		CustomerID:  in.CustomerID,
		LeaseID:     in.LeaseID,
		Railroad:    in.Railroad,
		ReportMonth: truncateDay(in.ReportMonth).AddDate(0, 0, 1-in.ReportMonth.Day()),
		CarMark:     normalizeMark(in.CarMark),
		LoadedMiles: in.LoadedMiles,
		EmptyMiles:  in.EmptyMiles,
	}
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		l, err := s.leases.Get(ctx, q, c.LeaseID)
		if err != nil {
			return err
		}
		if l.CustomerID != c.CustomerID {
			return invalid("lease does not belong to customer")
		}
		if err := s.mileage.InsertClaim(ctx, q, c); err != nil {
			return err
		}
		return emit(ctx, s.tx, s.events, domain.EventMileageReported, c.ID, domain.MileageReported{
			ClaimID: c.ID, LeaseID: c.LeaseID, CustomerID: c.CustomerID, LoadedMiles: c.LoadedMiles,
		})
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// HandleMileageReported computes the credit for a mileage claim.
func (s *BillingService) HandleMileageReported(ctx context.Context, e domain.Event) error {
	var p domain.MileageReported
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		l, err := s.leases.Get(ctx, q, p.LeaseID)
		if err != nil {
			return err
		}
		return s.mileage.InsertCredit(ctx, q, domain.MileageCredit{
			ClaimID:     p.ClaimID,
			LeaseID:     l.ID,
			CustomerID:  p.CustomerID,
			CreditCents: int64(p.LoadedMiles) * l.MileageCreditCents,
		})
	})
}
