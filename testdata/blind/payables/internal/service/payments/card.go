// Package payments implements payment runs, card payments and settlement.
package payments

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/provider/stripepay"
	"github.com/northwind/payables/internal/repo"
)

// CardPaymentInput pays one invoice immediately by card.
type CardPaymentInput struct {
	TenantID       string
	InvoiceID      string
	AmountMinor    int64
	IdempotencyKey string
}

func (in CardPaymentInput) hash() string {
	h := sha256.Sum256([]byte(in.TenantID + "|" + in.InvoiceID + "|" + strconv.FormatInt(in.AmountMinor, 10)))
	return hex.EncodeToString(h[:])
}

// CardPayer pays invoices by card through Stripe.
type CardPayer interface {
	PayByCard(ctx context.Context, in CardPaymentInput) (domain.Payment, error)
}

type cardPayer struct {
	log       *slog.Logger
	tx        database.Transactor
	tenants   repo.TenantRepo
	invoices  repo.InvoiceRepo
	suppliers repo.SupplierRepo
	payments  repo.PaymentRepo
	idem      repo.IdempotencyRepo
	stripe    stripepay.Payments
}

// NewCardPayer returns a CardPayer.
func NewCardPayer(log *slog.Logger, tx database.Transactor, tenants repo.TenantRepo, invoices repo.InvoiceRepo,
	suppliers repo.SupplierRepo, payments repo.PaymentRepo, idem repo.IdempotencyRepo, stripe stripepay.Payments) CardPayer {
	return &cardPayer{log: log, tx: tx, tenants: tenants, invoices: invoices, suppliers: suppliers,
		payments: payments, idem: idem, stripe: stripe}
}

const cardScope = "card_payment"

// PayByCard claims the caller's Idempotency-Key together with a pending
// payment row, then charges the card using the payment ID as Stripe's
// idempotency key. A retry with the same key resumes the same payment.
func (c *cardPayer) PayByCard(ctx context.Context, in CardPaymentInput) (domain.Payment, error) {
	if in.IdempotencyKey == "" {
		return domain.Payment{}, httpx.BadRequest("Idempotency-Key header is required")
	}
	var (
		pay     domain.Payment
		sup     domain.Supplier
		newPay  = ids.NewUUID().String()
		reqHash = in.hash()
	)
	err := c.tx.InTx(ctx, func(tx *sql.Tx) error {
		rec, claimed, err := c.idem.WithTx(tx).Claim(ctx, repo.IdempotencyRecord{
			TenantID: in.TenantID, Scope: cardScope, Key: in.IdempotencyKey, RequestHash: reqHash, ResourceID: newPay,
		})
		if err != nil {
			return err
		}
		if !claimed {
			if rec.RequestHash != reqHash {
				return httpx.Conflict("Idempotency-Key reused with a different request")
			}
			pay, err = c.payments.WithTx(tx).Get(ctx, rec.ResourceID)
			if err != nil {
				return err
			}
			sup, err = c.suppliers.WithTx(tx).Get(ctx, pay.TenantID, pay.SupplierID)
			return err
		}
		inv, err := c.invoices.WithTx(tx).GetForUpdate(ctx, in.InvoiceID)
		if errors.Is(err, database.ErrNotFound) || (err == nil && inv.TenantID != in.TenantID) {
			return httpx.NotFound("invoice %s", in.InvoiceID)
		}
		if err != nil {
			return err
		}
		if inv.Status != domain.InvoiceApproved {
			return httpx.Conflict("invoice %s is %s", inv.ID, inv.Status)
		}
		if open := inv.AmountDueMinor - inv.AmountPaidMinor; in.AmountMinor <= 0 || in.AmountMinor > open {
			return httpx.Unprocessable("amount must be between 1 and %d", open)
		}
		sup, err = c.suppliers.WithTx(tx).Get(ctx, in.TenantID, inv.SupplierID)
		if err != nil {
			return err
		}
		if !sup.CardEnabled || sup.StripeAccountID == "" {
			return httpx.Unprocessable("supplier %s does not accept card payments", sup.ID)
		}
		pay = domain.Payment{
			ID:           newPay,
			TenantID:     in.TenantID,
			InvoiceID:    inv.ID,
			SupplierID:   sup.ID,
			Method:       domain.MethodCard,
			AmountMinor:  in.AmountMinor,
			Currency:     inv.Currency,
			Status:       domain.PaymentProcessing,
			ScheduledFor: time.Now().UTC(),
		}
		if err := c.payments.WithTx(tx).Insert(ctx, &pay); err != nil {
			return err
		}
		return c.invoices.WithTx(tx).SetStatus(ctx, inv.ID, domain.InvoiceScheduled)
	})
	if err != nil {
		return domain.Payment{}, err
	}
	if pay.Status != domain.PaymentProcessing {
		return pay, nil // already submitted or finished
	}

	tenant, err := c.tenants.Get(ctx, in.TenantID)
	if err != nil {
		return domain.Payment{}, err
	}
	pi, err := c.stripe.ChargeCard(ctx, stripepay.CardCharge{
		CustomerID:         tenant.StripeCustomerID,
		PaymentMethodID:    tenant.DefaultCardMethod,
		AmountMinor:        pay.AmountMinor,
		Currency:           pay.Currency,
		DestinationAccount: sup.StripeAccountID,
		Description:        fmt.Sprintf("Invoice %s", pay.InvoiceID),
		Metadata:           map[string]string{"payment_id": pay.ID, "tenant_id": pay.TenantID},
	}, stripepay.IdempotencyKey("card-payment:"+pay.ID))
	if err != nil {
		return domain.Payment{}, fmt.Errorf("charge card: %w", err)
	}

	err = c.tx.InTx(ctx, func(tx *sql.Tx) error {
		if err := c.payments.WithTx(tx).MarkSubmitted(ctx, pay.ID, pi.ID); err != nil {
			return err
		}
		pay.Status, pay.ProviderRef = domain.PaymentSubmitted, pi.ID
		body, _ := json.Marshal(pay)
		return c.idem.WithTx(tx).Complete(ctx, in.TenantID, cardScope, in.IdempotencyKey, 201, body)
	})
	return pay, err
}
