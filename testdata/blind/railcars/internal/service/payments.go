package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
	"github.com/ironbridge-leasing/railcars/internal/provider/ach"
	"github.com/ironbridge-leasing/railcars/internal/provider/stripepay"
)

// CardGateway is the card processor.
type CardGateway interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest, opts ...stripepay.CallOption) (*stripepay.ChargeResult, error)
	Refund(ctx context.Context, paymentIntentID string, amountCents int64, opts ...stripepay.CallOption) (string, error)
	CreateCustomer(ctx context.Context, name, email string, opts ...stripepay.CallOption) (string, error)
	AttachPaymentMethod(ctx context.Context, paymentMethodID, customerID string) error
}

// ACHGateway originates bank debits.
type ACHGateway interface {
	CreateDebit(ctx context.Context, req ach.DebitRequest, opts ...ach.Option) (*ach.Transfer, error)
}

// Collection is what a rail reports back for a payment.
type Collection struct {
	ProviderRef string
	Status      string
	Reason      string
}

// Rail collects money for a payment by one method.
type Rail interface {
	Method() string
	Collect(ctx context.Context, c *domain.Customer, p *domain.Payment, in PayInput) (Collection, error)
}

// CardRail charges the customer's card through Stripe.
type CardRail struct {
	Gateway CardGateway
}

// Method implements Rail.
func (CardRail) Method() string { return domain.MethodCard }

// Collect implements Rail.
func (r CardRail) Collect(ctx context.Context, c *domain.Customer, p *domain.Payment, in PayInput) (Collection, error) {
	if c.StripeCustomerID == "" {
		return Collection{}, ErrNoPaymentAccount
	}
	pm := in.PaymentMethodID
	if pm == "" {
		pm = c.StripeDefaultPM
	}
	res, err := r.Gateway.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      c.StripeCustomerID,
		PaymentMethodID: pm,
		AmountCents:     p.AmountCents,
		Currency:        "usd",
		Description:     "Invoice " + p.InvoiceID,
	},
		stripepay.WithIdempotencyKey("payment-"+p.ID),
		stripepay.WithMetadata(map[string]string{"payment_id": p.ID, "invoice_id": p.InvoiceID}),
	)
	if errors.Is(err, stripepay.ErrDeclined) {
		return Collection{Status: domain.PaymentFailed, Reason: res.DeclineCode}, nil
	}
	if err != nil {
		return Collection{}, err
	}
	status := domain.PaymentSubmitted
	if res.Status == string(stripe.PaymentIntentStatusSucceeded) {
		status = domain.PaymentSucceeded
	}
	return Collection{ProviderRef: res.PaymentIntentID, Status: status}, nil
}

// ACHRail debits the customer's bank account through ClearPath.
type ACHRail struct {
	Gateway ACHGateway
	NewKey  func() string
}

// Method implements Rail.
func (ACHRail) Method() string { return domain.MethodACH }

// Collect implements Rail. ACH debits settle later; the payment stays
// SUBMITTED until the settlement webhook.
func (r ACHRail) Collect(ctx context.Context, c *domain.Customer, p *domain.Payment, _ PayInput) (Collection, error) {
	if c.ACHAccountToken == "" {
		return Collection{}, ErrNoPaymentAccount
	}
	t, err := r.Gateway.CreateDebit(ctx, ach.DebitRequest{
		AccountToken: c.ACHAccountToken,
		AmountCents:  p.AmountCents,
		SECCode:      "CCD",
		Description:  "RAILCARS",
		IndividualID: p.InvoiceID,
		Metadata:     map[string]string{"payment_id": p.ID},
	}, ach.WithIdempotencyKey(r.NewKey()))
	if err != nil {
		return Collection{}, err
	}
	return Collection{ProviderRef: t.ID, Status: domain.PaymentSubmitted}, nil
}

// PaymentService takes customer payments.
type PaymentService struct {
	tx        *db.TxRunner
	payments  PaymentStore
	invoices  InvoiceStore
	customers CustomerStore
	webhooks  WebhookStore
	events    EventStore
	cards     CardGateway
	rails     map[string]Rail
	now       Clock
	log       *slog.Logger
}

// PaymentDeps are the PaymentService's collaborators.
type PaymentDeps struct {
	Tx        *db.TxRunner
	Payments  PaymentStore
	Invoices  InvoiceStore
	Customers CustomerStore
	Webhooks  WebhookStore
	Events    EventStore
	Cards     CardGateway
	Rails     []Rail
	Clock     Clock
	Log       *slog.Logger
}

// NewPaymentService wires a PaymentService.
func NewPaymentService(d PaymentDeps) *PaymentService {
	if d.Clock == nil {
		d.Clock = SystemClock
	}
	s := &PaymentService{tx: d.Tx, payments: d.Payments, invoices: d.Invoices, customers: d.Customers,
		webhooks: d.Webhooks, events: d.Events, cards: d.Cards, rails: map[string]Rail{},
		now: d.Clock, log: d.Log}
	for _, r := range d.Rails {
		s.rails[r.Method()] = r
	}
	return s
}

// PayInput is a payment request against an invoice.
type PayInput struct {
	InvoiceID       string `json:"-"`
	Key             string `json:"-"`
	AmountCents     int64  `json:"amount_cents"`
	PaymentMethodID string `json:"payment_method_id,omitempty"`
}

// PayInvoice collects a payment by method. The caller's Idempotency-Key
// identifies the payment.
func (s *PaymentService) PayInvoice(ctx context.Context, method string, in PayInput) (*domain.Payment, error) {
	rail, ok := s.rails[method]
	if !ok {
		return nil, invalid("unsupported payment method " + method)
	}
	if in.Key == "" {
		return nil, ErrKeyRequired
	}
	inv, err := s.invoices.Get(ctx, s.tx.Q(ctx), in.InvoiceID)
	if err != nil {
		return nil, err
	}
	prev, err := s.payments.ByKey(ctx, s.tx.Q(ctx), inv.CustomerID, in.Key)
	switch {
	case err == nil && prev.Status != domain.PaymentPending:
		return prev, nil
	case err != nil && !errors.Is(err, db.ErrNotFound):
		return nil, err
	}
	if in.AmountCents == 0 {
		in.AmountCents = inv.BalanceDueCents
	}
	if in.AmountCents <= 0 || in.AmountCents > inv.BalanceDueCents {
		return nil, invalid("amount must be positive and at most the balance due")
	}
	cust, err := s.customers.Get(ctx, s.tx.Q(ctx), inv.CustomerID)
	if err != nil {
		return nil, err
	}
	p, err := db.InTxResult(ctx, s.tx, func(ctx context.Context) (*domain.Payment, error) {
		return s.payments.Open(ctx, s.tx.Q(ctx), &domain.Payment{
			ID:             ids.New(),
			InvoiceID:      inv.ID,
			CustomerID:     inv.CustomerID,
			Method:         rail.Method(),
			AmountCents:    in.AmountCents,
			IdempotencyKey: in.Key,
		})
	})
	if err != nil {
		return nil, err
	}
	if p.InvoiceID != inv.ID || p.Method != rail.Method() {
		return nil, ErrKeyReuse
	}
	if p.Status != domain.PaymentPending {
		return p, nil
	}

	col, err := rail.Collect(ctx, cust, p, in)
	if err != nil {
		return nil, fmt.Errorf("collect payment %s: %w", p.ID, err)
	}
	if err := s.tx.InTx(ctx, func(ctx context.Context) error {
		return s.recordCollection(ctx, p, col)
	}); err != nil {
		return nil, err
	}
	return s.payments.Get(ctx, s.tx.Q(ctx), p.ID)
}

func (s *PaymentService) recordCollection(ctx context.Context, p *domain.Payment, col Collection) error {
	q := s.tx.Q(ctx)
	switch col.Status {
	case domain.PaymentFailed:
		_, err := s.payments.Settle(ctx, q, p.ID, domain.PaymentFailed, col.Reason, domain.PaymentPending)
		return err
	case domain.PaymentSucceeded:
		if err := s.payments.Submit(ctx, q, p.ID, col.ProviderRef); err != nil {
			return err
		}
		return s.settle(ctx, p.ID)
	default:
		return s.payments.Submit(ctx, q, p.ID, col.ProviderRef)
	}
}

// settle marks a payment succeeded and applies it to the invoice.
func (s *PaymentService) settle(ctx context.Context, paymentID string) error {
	q := s.tx.Q(ctx)
	changed, err := s.payments.Settle(ctx, q, paymentID, domain.PaymentSucceeded, "",
		domain.PaymentPending, domain.PaymentSubmitted)
	if err != nil || !changed {
		return err
	}
	p, err := s.payments.Get(ctx, q, paymentID)
	if err != nil {
		return err
	}
	if err := s.invoices.AdjustBalance(ctx, q, p.InvoiceID, -p.AmountCents); err != nil {
		return err
	}
	return emit(ctx, s.tx, s.events, domain.EventPaymentReceived, p.ID, domain.PaymentReceived{
		PaymentID: p.ID, InvoiceID: p.InvoiceID, CustomerID: p.CustomerID,
		AmountCents: p.AmountCents, Method: p.Method,
	})
}

// Autopay charges the default card of autopay customers for invoices that
// fall due on or before asOf.
func (s *PaymentService) Autopay(ctx context.Context, asOf time.Time) (int, error) {
	due, err := s.invoices.AutopayDue(ctx, s.tx.Q(ctx), asOf)
	if err != nil {
		return 0, err
	}
	var n int
	for _, inv := range due {
		p, err := s.PayInvoice(ctx, domain.MethodCard, PayInput{
			InvoiceID:   inv.ID,
			Key:         "autopay:" + inv.ID,
			AmountCents: inv.BalanceDueCents,
		})
		if err != nil {
			s.log.Error("autopay failed", "invoice", inv.ID, "err", err)
			continue
		}
		if p.Status == domain.PaymentSucceeded {
			n++
		}
	}
	return n, nil
}

// AttachCard saves a card for a customer, creating the customer's Stripe
// account on first use, and makes it the autopay card.
func (s *PaymentService) AttachCard(ctx context.Context, customerID, paymentMethodID string) error {
	if paymentMethodID == "" {
		return invalid("payment_method_id is required")
	}
	cust, err := s.customers.Get(ctx, s.tx.Q(ctx), customerID)
	if err != nil {
		return err
	}
	stripeID := cust.StripeCustomerID
	if stripeID == "" {
		stripeID, err = s.cards.CreateCustomer(ctx, cust.Name, cust.BillingEmail,
			stripepay.WithMetadata(map[string]string{"customer_id": cust.ID}))
		if err != nil {
			return err
		}
		if err := s.customers.SetStripeCustomerID(ctx, s.tx.Q(ctx), cust.ID, stripeID); err != nil {
			return err
		}
	}
	if err := s.cards.AttachPaymentMethod(ctx, paymentMethodID, stripeID); err != nil {
		return err
	}
	return s.customers.SetDefaultCard(ctx, s.tx.Q(ctx), cust.ID, paymentMethodID)
}

// RefundInput is a refund request.
type RefundInput struct {
	Reason string `json:"reason"`
}

// Refund refunds a card payment in full.
func (s *PaymentService) Refund(ctx context.Context, paymentID string, in RefundInput) (*domain.Refund, error) {
	p, err := s.payments.Get(ctx, s.tx.Q(ctx), paymentID)
	if err != nil {
		return nil, err
	}
	if p.Method != domain.MethodCard || (p.Status != domain.PaymentSucceeded && p.Status != domain.PaymentRefunded) {
		return nil, fmt.Errorf("%w: only settled card payments can be refunded", ErrConflict)
	}
	r, err := db.InTxResult(ctx, s.tx, func(ctx context.Context) (*domain.Refund, error) {
		return s.payments.OpenRefund(ctx, s.tx.Q(ctx), &domain.Refund{
			ID: ids.New(), PaymentID: p.ID, AmountCents: p.AmountCents, Reason: in.Reason,
		})
	})
	if err != nil {
		return nil, err
	}
	if r.Status == "SUCCEEDED" {
		return r, nil
	}
	ref, err := s.cards.Refund(ctx, p.ProviderRef, r.AmountCents, stripepay.WithIdempotencyKey("refund-"+p.ID))
	if err != nil {
		return nil, err
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		if err := s.payments.SetRefundStatus(ctx, q, r.ID, "SUCCEEDED", ref); err != nil {
			return err
		}
		changed, err := s.payments.Settle(ctx, q, p.ID, domain.PaymentRefunded, "", domain.PaymentSucceeded)
		if err != nil || !changed {
			return err
		}
		return s.invoices.AdjustBalance(ctx, q, p.InvoiceID, p.AmountCents)
	})
	if err != nil {
		return nil, err
	}
	r.Status, r.ProviderRef = "SUCCEEDED", ref
	return r, nil
}

// HandleStripeEvent applies a Stripe webhook event.
func (s *PaymentService) HandleStripeEvent(ctx context.Context, evt stripe.Event) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		fresh, err := s.webhooks.Claim(ctx, q, "stripe", evt.ID)
		if err != nil || !fresh {
			return err
		}
		switch evt.Type {
		case "payment_intent.succeeded", "payment_intent.payment_failed":
		default:
			return nil
		}
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return err
		}
		paymentID := pi.Metadata["payment_id"]
		if paymentID == "" {
			s.log.Warn("stripe intent without payment_id", "intent", pi.ID)
			return nil
		}
		if err := s.payments.Submit(ctx, q, paymentID, pi.ID); err != nil {
			return err
		}
		if evt.Type == "payment_intent.succeeded" {
			return s.settle(ctx, paymentID)
		}
		reason := ""
		if pi.LastPaymentError != nil {
			reason = string(pi.LastPaymentError.Code)
		}
		_, err = s.payments.Settle(ctx, q, paymentID, domain.PaymentFailed, reason,
			domain.PaymentPending, domain.PaymentSubmitted)
		return err
	})
}

// ACHReturnFeeCents is charged when a customer's bank returns a debit.
const ACHReturnFeeCents = 3500

// HandleACHWebhook applies a ClearPath settlement or return.
func (s *PaymentService) HandleACHWebhook(ctx context.Context, evt ach.WebhookEvent) error {
	seen, err := s.webhooks.Seen(ctx, s.tx.Q(ctx), "clearpath", evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	if err := s.tx.InTx(ctx, func(ctx context.Context) error {
		return s.applyACHEvent(ctx, evt)
	}); err != nil {
		return err
	}
	return s.webhooks.MarkSeen(ctx, s.tx.Q(ctx), "clearpath", evt.ID)
}

func (s *PaymentService) applyACHEvent(ctx context.Context, evt ach.WebhookEvent) error {
	q := s.tx.Q(ctx)
	p, err := s.payments.ByProviderRef(ctx, q, evt.TransferID)
	if errors.Is(err, db.ErrNotFound) {
		s.log.Warn("ach event for unknown transfer", "transfer", evt.TransferID, "event", evt.ID)
		return nil
	}
	if err != nil {
		return err
	}
	switch evt.Type {
	case "debit.settled":
		return s.settle(ctx, p.ID)
	case "debit.returned":
		wasApplied := p.Status == domain.PaymentSucceeded
		if err := s.payments.SetStatus(ctx, q, p.ID, domain.PaymentReturned, "", evt.ReturnCode); err != nil {
			return err
		}
		if wasApplied {
			if err := s.invoices.AdjustBalance(ctx, q, p.InvoiceID, p.AmountCents); err != nil {
				return err
			}
		}
		if err := s.invoices.AddLine(ctx, q, domain.InvoiceLine{
			ID: ids.New(), InvoiceID: p.InvoiceID, Kind: domain.LineReturnFee,
			Description: "Returned ACH debit (" + evt.ReturnCode + ")", AmountCents: ACHReturnFeeCents,
		}); err != nil {
			return err
		}
		return s.invoices.AddToTotal(ctx, q, p.InvoiceID, ACHReturnFeeCents)
	}
	return nil
}
