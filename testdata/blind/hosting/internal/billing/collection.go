package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/events"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/platform/idempotency"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/providers/payments"
)

// Charger is the card-charging side of the payment provider.
type Charger interface {
	Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.ChargeResult, error)
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...messaging.PublishOption) error
}

var errNoPaymentMethod = errors.New("no saved card")

// Collector charges invoices to the customer's saved card.
type Collector struct {
	db          *gorm.DB
	invoices    *InvoiceRepository
	payments    *PaymentRepository
	customers   *customers.Repository
	charger     Charger
	events      Publisher
	log         *slog.Logger
	maxAttempts int
	retryAfter  time.Duration
}

// CollectorOption configures a Collector.
type CollectorOption func(*Collector)

// WithMaxAttempts caps dunning attempts per invoice.
func WithMaxAttempts(n int) CollectorOption { return func(c *Collector) { c.maxAttempts = n } }

// WithRetryAfter sets the delay advertised before the next dunning attempt.
func WithRetryAfter(d time.Duration) CollectorOption { return func(c *Collector) { c.retryAfter = d } }

// NewCollector wires a Collector.
func NewCollector(db *gorm.DB, inv *InvoiceRepository, pay *PaymentRepository, cust *customers.Repository,
	charger Charger, pub Publisher, log *slog.Logger, opts ...CollectorOption) *Collector {
	c := &Collector{
		db: db, invoices: inv, payments: pay, customers: cust, charger: charger, events: pub, log: log,
		maxAttempts: 4, retryAfter: 72 * time.Hour,
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

func (c *Collector) chargeRequest(cust *customers.Customer, inv *Invoice) (payments.ChargeRequest, error) {
	if cust.StripeCustomerID == nil || cust.DefaultPaymentMethod == nil {
		return payments.ChargeRequest{}, fmt.Errorf("customer %s: %w", cust.ID, errNoPaymentMethod)
	}
	return payments.ChargeRequest{
		CustomerRef:   *cust.StripeCustomerID,
		PaymentMethod: *cust.DefaultPaymentMethod,
		AmountCents:   inv.AmountDue(),
		Currency:      inv.Currency,
		Description:   fmt.Sprintf("Nimbusrack invoice %s", inv.Period),
	}, nil
}

// CollectFinalized makes the first collection attempt for a finalized invoice.
func (c *Collector) CollectFinalized(ctx context.Context, invoiceID uuid.UUID) error {
	inv, err := c.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != InvoiceOpen {
		return nil
	}
	if inv.AmountDue() <= 0 {
		return c.invoices.SetStatus(ctx, inv.ID, InvoicePaid)
	}
	cust, err := c.customers.Get(ctx, inv.CustomerID)
	if err != nil {
		return err
	}

	p, err := c.payments.ClaimAttempt(ctx, &Payment{
		InvoiceID:   inv.ID,
		CustomerID:  inv.CustomerID,
		Attempt:     1,
		AmountCents: inv.AmountDue(),
		Currency:    inv.Currency,
	})
	if err != nil {
		return err
	}
	if p.Status != PaymentPending {
		return nil
	}

	req, err := c.chargeRequest(cust, inv)
	if err != nil {
		return c.settle(ctx, p, nil, err)
	}
	req.AmountCents = p.AmountCents
	res, chargeErr := c.charger.Charge(ctx, req,
		payments.WithIdempotencyKey(p.IdempotencyKey),
		payments.WithMetadata("payment_id", p.ID.String()),
		payments.WithMetadata("invoice_id", inv.ID.String()),
	)
	return c.settle(ctx, p, res, chargeErr)
}

// PayNow lets a customer pay an open or past-due invoice from the dashboard.
func (c *Collector) PayNow(ctx context.Context, customerID, invoiceID uuid.UUID, key string) (*Payment, error) {
	if key == "" {
		return nil, httpx.NewError(http.StatusBadRequest, "idempotency_key_required", "Idempotency-Key header is required")
	}
	p, _, err := idempotency.Do(ctx, c.db, "invoices.pay", key, &customerID, func(tx *gorm.DB) (Payment, error) {
		inv, err := c.invoices.WithTx(tx).LockForUpdate(ctx, invoiceID)
		if err != nil || inv.CustomerID != customerID {
			return Payment{}, httpx.NewError(http.StatusNotFound, "not_found", "invoice not found")
		}
		if inv.Status != InvoiceOpen && inv.Status != InvoicePastDue {
			return Payment{}, httpx.NewError(http.StatusConflict, "not_payable", "invoice is "+inv.Status)
		}
		payRepo := c.payments.WithTx(tx)
		latest, err := payRepo.LatestAttempt(ctx, inv.ID)
		if err != nil {
			return Payment{}, err
		}
		if latest != nil && latest.Status == PaymentPending {
			return *latest, nil
		}
		next := 1
		if latest != nil {
			next = latest.Attempt + 1
		}
		stored, err := payRepo.ClaimAttempt(ctx, &Payment{
			InvoiceID:   inv.ID,
			CustomerID:  customerID,
			Attempt:     next,
			AmountCents: inv.AmountDue(),
			Currency:    inv.Currency,
		})
		if err != nil {
			return Payment{}, err
		}
		return *stored, nil
	})
	if errors.Is(err, idempotency.ErrInFlight) {
		return nil, httpx.NewError(http.StatusConflict, "request_in_progress", err.Error())
	}
	if err != nil {
		return nil, err
	}

	current, err := c.payments.Get(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	if current.Status != PaymentPending {
		return current, nil
	}
	inv, err := c.invoices.Get(ctx, current.InvoiceID)
	if err != nil {
		return nil, err
	}
	cust, err := c.customers.Get(ctx, customerID)
	if err != nil {
		return nil, err
	}
	req, err := c.chargeRequest(cust, inv)
	if err != nil {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "no_payment_method", err.Error())
	}
	req.AmountCents = current.AmountCents
	res, chargeErr := c.charger.Charge(ctx, req,
		payments.WithIdempotencyKey(current.IdempotencyKey),
		payments.WithMetadata("payment_id", current.ID.String()),
	)
	if err := c.settle(ctx, current, res, chargeErr); err != nil {
		return nil, err
	}
	return c.payments.Get(ctx, current.ID)
}

// RetryPastDue runs one dunning pass over past-due invoices.
func (c *Collector) RetryPastDue(ctx context.Context, batch int) (int, error) {
	due, err := c.invoices.PastDue(ctx, batch)
	if err != nil {
		return 0, err
	}
	attempted := 0
	for i := range due {
		inv := &due[i]
		latest, err := c.payments.LatestAttempt(ctx, inv.ID)
		if err != nil {
			return attempted, err
		}
		if latest != nil && latest.Attempt >= c.maxAttempts {
			continue
		}
		if latest != nil && latest.Status != PaymentPending && time.Since(latest.UpdatedAt) < c.retryAfter {
			continue
		}

		var p *Payment
		if latest != nil && latest.Status == PaymentPending {
			p = latest
		} else {
			next := 1
			if latest != nil {
				next = latest.Attempt + 1
			}
			p, err = c.payments.ClaimAttempt(ctx, &Payment{
				InvoiceID:   inv.ID,
				CustomerID:  inv.CustomerID,
				Attempt:     next,
				AmountCents: inv.AmountDue(),
				Currency:    inv.Currency,
			})
			if err != nil {
				return attempted, err
			}
		}

		cust, err := c.customers.Get(ctx, inv.CustomerID)
		if err != nil {
			return attempted, err
		}
		req, err := c.chargeRequest(cust, inv)
		if err != nil {
			c.log.Warn("dunning skipped", "invoice_id", inv.ID, "error", err)
			continue
		}
		req.AmountCents = p.AmountCents
		res, chargeErr := c.charger.Charge(ctx, req,
			payments.WithMetadata("payment_id", p.ID.String()),
			payments.WithMetadata("dunning_attempt", fmt.Sprint(p.Attempt)),
		)
		if err := c.settle(ctx, p, res, chargeErr); err != nil {
			return attempted, err
		}
		attempted++
	}
	return attempted, nil
}

// settle records the outcome of a charge and announces it.
func (c *Collector) settle(ctx context.Context, p *Payment, res *payments.ChargeResult, chargeErr error) error {
	if chargeErr != nil && res == nil {
		if !errors.Is(chargeErr, errNoPaymentMethod) {
			return chargeErr
		}
		res = &payments.ChargeResult{Status: "failed", FailureCode: "no_payment_method"}
	}

	if res.Status == "succeeded" {
		changed := false
		err := c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			ok, err := c.payments.WithTx(tx).MarkSucceeded(ctx, p.ID)
			if err != nil || !ok {
				return err
			}
			changed = true
			ref := res.ProviderRef
			if err := c.payments.WithTx(tx).Settle(ctx, p.ID, PaymentSucceeded, &ref, nil); err != nil {
				return err
			}
			return c.invoices.WithTx(tx).RecordPayment(ctx, p.InvoiceID, p.AmountCents)
		})
		if err != nil || !changed {
			return err
		}
		return c.events.Publish(ctx, events.TopicPaymentSucceeded, events.PaymentSucceeded{
			PaymentID: p.ID, InvoiceID: p.InvoiceID, CustomerID: p.CustomerID,
			AmountCents: p.AmountCents, Currency: p.Currency,
		}, messaging.WithMessageID("payment-succeeded-"+p.ID.String()), messaging.WithPartitionKey(p.CustomerID.String()))
	}

	code := res.FailureCode
	var ref *string
	if res.ProviderRef != "" {
		ref = &res.ProviderRef
	}
	err := c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := c.payments.WithTx(tx).Settle(ctx, p.ID, PaymentFailed, ref, &code); err != nil {
			return err
		}
		return c.invoices.WithTx(tx).SetStatus(ctx, p.InvoiceID, InvoicePastDue)
	})
	if err != nil {
		return err
	}
	return c.events.Publish(ctx, events.TopicPaymentFailed, events.PaymentFailed{
		PaymentID: p.ID, InvoiceID: p.InvoiceID, CustomerID: p.CustomerID, Attempt: p.Attempt,
		AmountCents: p.AmountCents, FailureCode: code, NextRetryAt: time.Now().Add(c.retryAfter).UTC(),
	}, messaging.WithMessageID("payment-failed-"+p.ID.String()), messaging.WithPartitionKey(p.CustomerID.String()))
}

// ApplyAsyncSuccess settles a payment that Stripe confirmed asynchronously.
func (c *Collector) ApplyAsyncSuccess(ctx context.Context, paymentID uuid.UUID, providerRef string) error {
	p, err := c.payments.Get(ctx, paymentID)
	if err != nil {
		return err
	}
	return c.settle(ctx, p, &payments.ChargeResult{ProviderRef: providerRef, Status: "succeeded"}, nil)
}

// ApplyAsyncFailure marks a payment failed after an asynchronous decline.
func (c *Collector) ApplyAsyncFailure(ctx context.Context, paymentID uuid.UUID, providerRef, code string) error {
	p, err := c.payments.Get(ctx, paymentID)
	if err != nil {
		return err
	}
	if p.Status != PaymentPending {
		return nil
	}
	return c.settle(ctx, p, &payments.ChargeResult{ProviderRef: providerRef, Status: "failed", FailureCode: code}, nil)
}
