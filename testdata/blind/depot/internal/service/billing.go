package service

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/psp"
	"github.com/depotworks/depot/internal/store"
)

// Charger collects money from a merchant's payment method.
type Charger interface {
	Charge(ctx context.Context, req psp.ChargeRequest) (*psp.Charge, error)
}

// BillingService computes and collects merchant fees.
type BillingService struct {
	base
	db        *sqlx.DB
	orders    *store.OrderRepo
	billing   *store.BillingRepo
	inventory *store.InventoryRepo
	psp       Charger
	fees      []FeeRule
	currency  string
}

// FeeRule prices one handling fee for a shipped order. A rule returning a
// zero quantity does not apply.
type FeeRule struct {
	Code  string
	Price func(o domain.Order, cartons []domain.Package) (qty int, cents int64)
}

// DefaultFees is the standard handling fee schedule.
var DefaultFees = []FeeRule{
	{Code: "ORDER_BASE", Price: func(domain.Order, []domain.Package) (int, int64) { return 1, 125 }},
	{Code: "PICK_ADDITIONAL", Price: func(o domain.Order, _ []domain.Package) (int, int64) {
		units := 0
		for _, l := range o.Lines {
			units += l.Qty
		}
		if units <= 1 {
			return 0, 0
		}
		return units - 1, int64(units-1) * 30
	}},
	{Code: "CARTON", Price: func(_ domain.Order, cartons []domain.Package) (int, int64) {
		return len(cartons), int64(len(cartons)) * 85
	}},
	{Code: "HEAVY", Price: func(_ domain.Order, cartons []domain.Package) (int, int64) {
		n := 0
		for _, c := range cartons {
			if c.WeightG > 20000 {
				n++
			}
		}
		return n, int64(n) * 400
	}},
}

// BillingOption configures a BillingService beyond the shared options.
type BillingOption func(*BillingService)

// WithFeeSchedule replaces the handling fee schedule.
func WithFeeSchedule(rules []FeeRule) BillingOption {
	return func(s *BillingService) { s.fees = rules }
}

// NewBillingService builds the service.
func NewBillingService(r *store.Repos, charger Charger, currency string, opts []Option, bopts ...BillingOption) *BillingService {
	s := &BillingService{
		base: newBase(opts), db: r.DB, orders: r.Orders, billing: r.Billing, inventory: r.Inventory,
		psp: charger, fees: DefaultFees, currency: currency,
	}
	for _, o := range bopts {
		o(s)
	}
	return s
}

// ChargeHandling books the handling fees for a shipped order.
func (s *BillingService) ChargeHandling(ctx context.Context, ev OrderEvent) error {
	o, err := s.orders.Get(ctx, s.db, ev.OrderID)
	if err != nil {
		return err
	}
	cartons, err := s.orders.Packages(ctx, o.ID)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	return db.InTx(ctx, s.db, func(tx *sqlx.Tx) error {
		for _, rule := range s.fees {
			qty, cents := rule.Price(o, cartons)
			if qty == 0 {
				continue
			}
			charge := domain.HandlingCharge{
				ID: "hc_" + s.ids.New(), MerchantID: o.MerchantID, OrderID: o.ID,
				FeeCode: rule.Code, Quantity: qty, AmountCents: cents, CreatedAt: now,
			}
			if err := s.billing.AddHandlingCharge(ctx, tx, charge); err != nil {
				return fmt.Errorf("fee %s on %s: %w", rule.Code, o.ID, err)
			}
		}
		return nil
	})
}

// PayInvoice collects an open invoice from the merchant's payment method.
// Each invoice has at most one live payment attempt, and that attempt's ID
// is the Idempotency-Key sent to Paystream.
func (s *BillingService) PayInvoice(ctx context.Context, invoiceID string) (domain.Invoice, error) {
	inv, err := s.billing.Invoice(ctx, invoiceID)
	if err != nil {
		return inv, err
	}
	if inv.Status == "paid" {
		return inv, nil
	}
	if inv.Status != "open" {
		return inv, fmt.Errorf("%w: invoice is %s", domain.ErrInvalidState, inv.Status)
	}
	m, err := s.billing.Merchant(ctx, inv.MerchantID)
	if err != nil {
		return inv, err
	}
	att, err := s.billing.ClaimPaymentAttempt(ctx, "pay_"+s.ids.New(), inv.ID, inv.TotalCents)
	if err != nil {
		return inv, err
	}
	if att.Status == "succeeded" {
		return s.billing.Invoice(ctx, invoiceID)
	}

	ch, err := s.psp.Charge(ctx, psp.ChargeRequest{
		CustomerID:     m.PSPCustomerID,
		AmountCents:    att.AmountCents,
		Currency:       inv.Currency,
		Description:    fmt.Sprintf("Invoice %s (%s)", inv.ID, inv.Period),
		Metadata:       map[string]string{"invoice_id": inv.ID, "attempt_id": att.ID},
		IdempotencyKey: att.ID,
	})
	if err != nil {
		var pe *psp.Error
		if errors.As(err, &pe) && !pe.Temporary() {
			msg := pe.Error()
			att.Status, att.Error = "failed", &msg
			if cerr := s.billing.CompletePaymentAttempt(ctx, att, s.clock.Now()); cerr != nil {
				s.log.Error("record failed payment", "attempt", att.ID, "err", cerr)
			}
		}
		return inv, err
	}
	att.Status, att.PSPChargeID = "succeeded", &ch.ID
	if err := s.billing.CompletePaymentAttempt(ctx, att, s.clock.Now()); err != nil {
		return inv, err
	}
	return s.billing.Invoice(ctx, invoiceID)
}

// CollectStorage bills every merchant for the storage they used in period
// (YYYY-MM) and collects the pending charges.
func (s *BillingService) CollectStorage(ctx context.Context, period string) (charged int, err error) {
	start, err := time.Parse("2006-01", period)
	if err != nil {
		return 0, fmt.Errorf("%w: period must be YYYY-MM", domain.ErrValidation)
	}
	days := start.AddDate(0, 1, 0).Sub(start).Hours() / 24

	merchants, err := s.billing.Merchants(ctx)
	if err != nil {
		return 0, err
	}
	byID := make(map[string]domain.Merchant, len(merchants))
	for _, m := range merchants {
		byID[m.ID] = m
		vol, err := s.inventory.StoredVolume(ctx, m.ID)
		if err != nil {
			return 0, err
		}
		cbmDays := vol * days
		amount := int64(math.Round(cbmDays * float64(m.StorageRateCentsPerCBMDay)))
		if amount == 0 {
			continue
		}
		if err := s.billing.OpenStorageCharge(ctx, domain.StorageCharge{
			ID: "sc_" + s.ids.New(), MerchantID: m.ID, Period: period, CBMDays: cbmDays, AmountCents: amount,
		}); err != nil {
			return 0, err
		}
	}

	pending, err := s.billing.PendingStorageCharges(ctx, period)
	if err != nil {
		return 0, err
	}
	for _, c := range pending {
		m := byID[c.MerchantID]
		ch, err := s.psp.Charge(ctx, psp.ChargeRequest{
			CustomerID:  m.PSPCustomerID,
			AmountCents: c.AmountCents,
			Currency:    s.currency,
			Description: fmt.Sprintf("Storage %s (%.1f m3-days)", c.Period, c.CBMDays),
			Metadata:    map[string]string{"storage_charge_id": c.ID, "period": c.Period},
		})
		if err != nil {
			s.log.Warn("storage charge failed", "merchant", c.MerchantID, "charge", c.ID, "err", err)
			_ = s.billing.MarkStorageChargeFailed(ctx, c.ID, err.Error())
			continue
		}
		if err := s.billing.MarkStorageCharged(ctx, c.ID, ch.ID, s.clock.Now()); err != nil {
			return charged, err
		}
		charged++
	}
	return charged, nil
}
