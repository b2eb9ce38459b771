// Package discounts implements early-payment (dynamic) discounting.
package discounts

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/repo"
)

// EarlyPaymentInput accepts the early-payment discount on an invoice.
type EarlyPaymentInput struct {
	TenantID  string
	InvoiceID string
	PayOn     time.Time
}

// SweepResult summarises an offer sweep.
type SweepResult struct {
	Considered int `json:"considered"`
	Offered    int `json:"offered"`
}

// Service is the discounting API.
type Service interface {
	TakeEarlyPayment(ctx context.Context, in EarlyPaymentInput) (domain.Payment, error)
	SweepOffers(ctx context.Context, tenantID string, asOf time.Time) (SweepResult, error)
}

type service struct {
	log      *slog.Logger
	tx       database.Transactor
	invoices repo.InvoiceRepo
	payments repo.PaymentRepo
	offers   repo.DiscountRepo
	outbox   repo.OutboxRepo
	clock    func() time.Time
	// offerTTL is how long a supplier has to accept an offer.
	offerTTL time.Duration
}

// New returns the discount Service.
func New(log *slog.Logger, tx database.Transactor, invoices repo.InvoiceRepo, payments repo.PaymentRepo,
	offers repo.DiscountRepo, outbox repo.OutboxRepo) Service {
	return &service{
		log: log, tx: tx, invoices: invoices, payments: payments, offers: offers, outbox: outbox,
		clock: time.Now, offerTTL: 72 * time.Hour,
	}
}

// discountFor returns the discount in minor units, rounded down.
func discountFor(amountMinor int64, bps int) int64 {
	return amountMinor * int64(bps) / 10_000
}

// TakeEarlyPayment applies the invoice's early-payment discount and
// schedules a payment for the discounted amount.
func (s *service) TakeEarlyPayment(ctx context.Context, in EarlyPaymentInput) (domain.Payment, error) {
	inv, err := s.invoices.Get(ctx, in.TenantID, in.InvoiceID)
	if errors.Is(err, database.ErrNotFound) {
		return domain.Payment{}, httpx.NotFound("invoice %s", in.InvoiceID)
	}
	if err != nil {
		return domain.Payment{}, err
	}
	now := s.clock().UTC()
	switch {
	case inv.Status != domain.InvoiceApproved:
		return domain.Payment{}, httpx.Conflict("invoice %s is %s", inv.ID, inv.Status)
	case inv.DiscountTakenAt != nil:
		return domain.Payment{}, httpx.Conflict("discount already taken on %s", inv.DiscountTakenAt.Format(time.DateOnly))
	case inv.DiscountBps == 0 || inv.DiscountUntil == nil || in.PayOn.After(*inv.DiscountUntil):
		return domain.Payment{}, httpx.Unprocessable("invoice %s has no discount available for %s", inv.ID, in.PayOn.Format(time.DateOnly))
	}

	discount := discountFor(inv.AmountDueMinor, inv.DiscountBps)
	if err := s.invoices.ApplyDiscount(ctx, inv.ID, discount, now); err != nil {
		return domain.Payment{}, fmt.Errorf("apply discount: %w", err)
	}
	pay := domain.Payment{
		ID:           ids.DeriveString("early-payment", inv.ID),
		TenantID:     inv.TenantID,
		InvoiceID:    inv.ID,
		SupplierID:   inv.SupplierID,
		Method:       domain.MethodBankTransfer,
		AmountMinor:  inv.AmountDueMinor - discount - inv.AmountPaidMinor,
		Currency:     inv.Currency,
		ScheduledFor: in.PayOn,
	}
	if err := s.payments.Insert(ctx, &pay); err != nil {
		return domain.Payment{}, fmt.Errorf("schedule early payment: %w", err)
	}
	if err := s.invoices.SetStatus(ctx, inv.ID, domain.InvoiceScheduled); err != nil {
		return domain.Payment{}, err
	}
	return pay, nil
}

// OfferCreated is queued for the supplier-notification service.
type OfferCreated struct {
	OfferID     domain.OfferID `json:"offer_id"`
	TenantID    string         `json:"tenant_id"`
	InvoiceID   string         `json:"invoice_id"`
	SupplierID  string         `json:"supplier_id"`
	DiscountBps int            `json:"discount_bps"`
	PayOn       time.Time      `json:"pay_on"`
	ExpiresAt   time.Time      `json:"expires_at"`
}

// SweepOffers proposes early payment to suppliers of approved invoices
// that still have a discount window open.
func (s *service) SweepOffers(ctx context.Context, tenantID string, asOf time.Time) (SweepResult, error) {
	invs, err := s.invoices.ListDiscountEligible(ctx, tenantID, asOf)
	if err != nil {
		return SweepResult{}, err
	}
	res := SweepResult{Considered: len(invs)}
	for _, inv := range invs {
		offer := domain.DiscountOffer{
			ID:          ids.Make[domain.OfferID](),
			TenantID:    inv.TenantID,
			InvoiceID:   inv.ID,
			DiscountBps: inv.DiscountBps,
			PayOn:       nextBusinessDay(asOf),
			ExpiresAt:   minTime(asOf.Add(s.offerTTL), *inv.DiscountUntil),
		}
		err := s.tx.InTx(ctx, func(tx *sql.Tx) error {
			if err := s.offers.WithTx(tx).InsertOffer(ctx, &offer); err != nil {
				return err
			}
			payload, _ := json.Marshal(OfferCreated{
				OfferID: offer.ID, TenantID: offer.TenantID, InvoiceID: inv.ID, SupplierID: inv.SupplierID,
				DiscountBps: offer.DiscountBps, PayOn: offer.PayOn, ExpiresAt: offer.ExpiresAt,
			})
			return s.outbox.WithTx(tx).Add(ctx, domain.OutboxMessage{
				ID:          ids.DeriveString("discount.offered", string(offer.ID)),
				Topic:       "discount.offered",
				AggregateID: inv.ID,
				TenantID:    inv.TenantID,
				Payload:     payload,
			})
		})
		if err != nil {
			return res, fmt.Errorf("offer for invoice %s: %w", inv.ID, err)
		}
		res.Offered++
	}
	return res, nil
}

func nextBusinessDay(t time.Time) time.Time {
	d := t.AddDate(0, 0, 1)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
