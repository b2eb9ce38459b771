// Package billing owns invoices, card payments, deposits and per-haul
// charges, and reacts to the payment provider's webhooks.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/platform/idgen"
	"github.com/haulcore/wastehaul/internal/platform/money"
	"github.com/haulcore/wastehaul/internal/providers/payments"
	"github.com/haulcore/wastehaul/internal/store"
)

// Service is the billing use-case surface.
type Service interface {
	PayInvoice(ctx context.Context, invoiceID string, paymentMethodID uuid.UUID) (store.Payment, error)
	Autopay(ctx context.Context, invoiceID string) error
	RefundDeposit(ctx context.Context, r store.Rental, actor string) error
	PostHaulCharge(ctx context.Context, stop store.Stop) error
	RunRentalCycle(ctx context.Context, periodStart time.Time) (int, error)
	EventHandlers() map[string]EventHandler
}

// ErrNothingDue is returned when an invoice has no balance.
var ErrNothingDue = errors.New("invoice has no balance due")

// Deps groups collaborators for fx.
type Deps struct {
	DB        *store.DB
	Invoices  store.Invoices
	Payments  store.Payments
	Customers store.Customers
	Rentals   store.Rentals
	Ledger    store.Ledger
	Inbox     store.Inbox
	Jobs      jobargs.Enqueuer
	Charger   Charger
	Log       *slog.Logger
}

// Pricing holds the flat rates billing applies.
type Pricing struct {
	HaulCents    money.Cents
	NetTermsDays int
}

// DefaultPricing is used when no override is configured.
var DefaultPricing = Pricing{HaulCents: 8500, NetTermsDays: 15}

type service struct {
	Deps
	pricing Pricing
	newID   idgen.Func
	now     func() time.Time
}

// New returns the billing service.
func New(d Deps) Service {
	return &service{Deps: d, pricing: DefaultPricing, newID: idgen.Default, now: time.Now}
}

func (s *service) PayInvoice(ctx context.Context, invoiceID string, paymentMethodID uuid.UUID) (store.Payment, error) {
	inv, err := s.Invoices.Get(ctx, s.DB.Q(), invoiceID)
	if err != nil {
		return store.Payment{}, err
	}
	if inv.BalanceCents <= 0 {
		return store.Payment{}, ErrNothingDue
	}
	cust, err := s.Customers.Get(ctx, s.DB.Q(), inv.CustomerID)
	if err != nil {
		return store.Payment{}, err
	}
	pm, err := s.Customers.GetPaymentMethod(ctx, s.DB.Q(), cust.ID, paymentMethodID)
	if err != nil {
		return store.Payment{}, err
	}

	p, err := s.Payments.Insert(ctx, s.DB.Q(), store.Payment{
		ID:              s.newID(),
		InvoiceID:       inv.ID,
		CustomerID:      cust.ID,
		PaymentMethodID: &pm.ID,
		AmountCents:     inv.BalanceCents,
		Source:          store.PaymentSourcePortal,
	})
	if err != nil {
		return store.Payment{}, err
	}
	return s.charge(ctx, p, cust, pm.ProviderPMID, payments.WithIdempotencyKey(p.ID))
}

func (s *service) Autopay(ctx context.Context, invoiceID string) error {
	inv, err := s.Invoices.Get(ctx, s.DB.Q(), invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != "open" || inv.BalanceCents <= 0 {
		return nil
	}
	cust, err := s.Customers.Get(ctx, s.DB.Q(), inv.CustomerID)
	if err != nil {
		return err
	}
	if !cust.Autopay {
		return nil
	}
	pm, err := s.Customers.DefaultPaymentMethod(ctx, s.DB.Q(), cust.ID)
	if errors.Is(err, store.ErrNotFound) {
		s.Log.WarnContext(ctx, "autopay customer has no default card", "customer", cust.ID)
		return nil
	}
	if err != nil {
		return err
	}

	p, err := s.Payments.InsertAutopayIfAbsent(ctx, s.DB.Q(), store.Payment{
		ID:              s.newID(),
		InvoiceID:       inv.ID,
		CustomerID:      cust.ID,
		PaymentMethodID: &pm.ID,
		AmountCents:     inv.BalanceCents,
	})
	if err != nil {
		return err
	}
	if p.Status != store.PaymentPending {
		return nil
	}
	_, err = s.charge(ctx, p, cust, pm.ProviderPMID, payments.WithIdempotencyKey("autopay_"+p.ID))
	return err
}

// charge sends the charge for a recorded payment and stores the outcome.
func (s *service) charge(ctx context.Context, p store.Payment, cust store.Customer, providerPM string, opts ...payments.CallOption) (store.Payment, error) {
	if cust.ProviderCustomer == nil {
		return store.Payment{}, fmt.Errorf("customer %s has no payments profile", cust.ID)
	}
	ch, err := s.Charger.CreateCharge(ctx, payments.ChargeRequest{
		Customer:      *cust.ProviderCustomer,
		PaymentMethod: providerPM,
		AmountCents:   p.AmountCents,
		Description:   "Invoice " + p.InvoiceID,
		Capture:       true,
		Metadata:      map[string]string{"invoice_id": p.InvoiceID, "payment_id": p.ID},
	}, opts...)
	if err != nil {
		return store.Payment{}, fmt.Errorf("create charge: %w", err)
	}
	err = s.DB.InTx(ctx, func(tx pgx.Tx) error {
		if ch.Succeeded() {
			return s.Payments.MarkSucceeded(ctx, tx, p.ID, ch.ID)
		}
		return s.Payments.MarkFailed(ctx, tx, p.ID, ch.FailureCode)
	})
	if err != nil {
		return store.Payment{}, err
	}
	return s.Payments.Get(ctx, s.DB.Q(), p.ID)
}

func (s *service) RefundDeposit(ctx context.Context, r store.Rental, actor string) error {
	ref := r.ID
	return s.DB.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.Customers.AddCredit(ctx, tx, r.CustomerID, r.DepositCents); err != nil {
			return err
		}
		_, err := s.Ledger.Insert(ctx, tx, store.LedgerEntry{
			ID:          s.newID(),
			CustomerID:  r.CustomerID,
			Kind:        store.LedgerDepositRefund,
			AmountCents: r.DepositCents,
			Reference:   &ref,
			CreatedBy:   &actor,
		})
		return err
	})
}

func (s *service) PostHaulCharge(ctx context.Context, stop store.Stop) error {
	return s.DB.InTx(ctx, func(tx pgx.Tx) error {
		inv, err := s.openInvoice(ctx, tx, stop.CustomerID, store.InvoiceHaul)
		if err != nil {
			return err
		}
		amount := int64(s.pricing.HaulCents)
		pickupID := stop.PickupID
		if err := s.Invoices.InsertLine(ctx, tx, store.InvoiceLine{
			ID:          s.newID(),
			InvoiceID:   &inv.ID,
			CustomerID:  stop.CustomerID,
			PickupID:    &pickupID,
			Description: fmt.Sprintf("Container haul %s (%s)", stop.ContainerID, stop.SiteLabel),
			Quantity:    1,
			AmountCents: amount,
		}); err != nil {
			return err
		}
		return s.Invoices.AddCharge(ctx, tx, inv.ID, amount)
	})
}

// openInvoice returns the customer's open invoice of kind, creating one.
func (s *service) openInvoice(ctx context.Context, tx pgx.Tx, customerID, kind string) (store.Invoice, error) {
	inv, err := s.Invoices.OpenInvoiceOfKind(ctx, tx, customerID, kind)
	if err == nil {
		return inv, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return store.Invoice{}, err
	}
	due := s.now().AddDate(0, 0, s.pricing.NetTermsDays)
	return s.Invoices.Insert(ctx, tx, store.Invoice{
		ID:         s.newID(),
		CustomerID: customerID,
		Kind:       kind,
		DueOn:      &due,
	})
}

func (s *service) RunRentalCycle(ctx context.Context, periodStart time.Time) (int, error) {
	periodStart = time.Date(periodStart.Year(), periodStart.Month(), 1, 0, 0, 0, 0, time.UTC)
	periodEnd := periodStart.AddDate(0, 1, -1)
	daysInPeriod := periodEnd.Day()

	rentals, err := s.Rentals.ListActive(ctx, s.DB.Q())
	if err != nil {
		return 0, err
	}
	billed := 0
	for _, r := range rentals {
		cust, err := s.Customers.Get(ctx, s.DB.Q(), r.CustomerID)
		if err != nil {
			return billed, fmt.Errorf("rental %s: %w", r.ID, err)
		}
		days := daysInPeriod
		if r.StartsOn.After(periodStart) {
			days = periodEnd.Day() - r.StartsOn.Day() + 1
		}
		amount := money.Prorate(money.Cents(r.MonthlyRateCents), days, daysInPeriod)
		if amount <= 0 {
			continue
		}

		rentalID := r.ID
		err = s.DB.InTx(ctx, func(tx pgx.Tx) error {
			due := periodStart.AddDate(0, 0, s.pricing.NetTermsDays)
			inv, err := s.Invoices.Insert(ctx, tx, store.Invoice{
				ID:          s.newID(),
				CustomerID:  r.CustomerID,
				RentalID:    &rentalID,
				Kind:        store.InvoiceRental,
				PeriodStart: &periodStart,
				PeriodEnd:   &periodEnd,
				TotalCents:  int64(amount),
				DueOn:       &due,
			})
			if err != nil {
				return err
			}
			if err := s.Invoices.InsertLine(ctx, tx, store.InvoiceLine{
				ID:          s.newID(),
				InvoiceID:   &inv.ID,
				CustomerID:  r.CustomerID,
				Description: fmt.Sprintf("%d yd container rent %s (%d/%d days)", r.SizeYards, periodStart.Format("Jan 2006"), days, daysInPeriod),
				Quantity:    1,
				AmountCents: int64(amount),
			}); err != nil {
				return err
			}
			if !cust.Autopay {
				return nil
			}
			_, err = s.Jobs.InsertTx(ctx, tx, jobargs.Autopay{InvoiceID: inv.ID}, nil)
			return err
		})
		if err != nil {
			return billed, fmt.Errorf("rental %s: %w", r.ID, err)
		}
		billed++
	}
	return billed, nil
}
