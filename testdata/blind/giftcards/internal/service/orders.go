package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/payments"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

const scopeCorporateOrders = "corporate_orders"

// Recipient is one employee/customer who should receive a card from a bulk
// order. Cards are assigned to recipients in order; surplus cards are
// delivered to the order contact as a CSV by the account team.
type Recipient struct {
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
	Phone string `json:"phone,omitempty"`
}

type CreateOrderRequest struct {
	CustomerRef       string      `json:"customer_ref"`
	ContactEmail      string      `json:"contact_email"`
	StripeCustomerID  string      `json:"stripe_customer_id,omitempty"`
	Quantity          int32       `json:"quantity"`
	DenominationCents int64       `json:"denomination_cents"`
	Currency          string      `json:"currency"`
	PaymentTerms      string      `json:"payment_terms"`
	Recipients        []Recipient `json:"recipients"`
}

func (r CreateOrderRequest) validate() error {
	switch {
	case r.CustomerRef == "":
		return invalid("customer_ref", "required")
	case !strings.Contains(r.ContactEmail, "@"):
		return invalid("contact_email", "must be an email address")
	case r.Quantity <= 0 || r.Quantity > 10000:
		return invalid("quantity", "must be between 1 and 10000")
	case r.DenominationCents < 500 || r.DenominationCents > 50000:
		return invalid("denomination_cents", "must be between 500 and 50000")
	case len(r.Recipients) > int(r.Quantity):
		return invalid("recipients", "more recipients than cards")
	case r.PaymentTerms != "card" && r.PaymentTerms != "invoice":
		return invalid("payment_terms", "must be card or invoice")
	case r.PaymentTerms == "card" && r.StripeCustomerID == "":
		return invalid("stripe_customer_id", "required for card payment")
	}
	return nil
}

type OrderResult struct {
	Order    db.CorporateOrder `json:"order"`
	Replayed bool              `json:"-"`
}

type PayOrderRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

type CorporateOrders interface {
	Create(ctx context.Context, idempotencyKey string, req CreateOrderRequest) (*OrderResult, error)
	Pay(ctx context.Context, orderID string, req PayOrderRequest) (db.CorporateOrder, error)
	Get(ctx context.Context, orderID string) (db.CorporateOrder, error)
}

type corporateOrders struct {
	st   *store.Store
	jobs tasks.Inserter
	pay  payments.Gateway
	log  *slog.Logger
}

func NewCorporateOrders(st *store.Store, jobs tasks.Inserter, pay payments.Gateway, log *slog.Logger) CorporateOrders {
	return &corporateOrders{st: st, jobs: jobs, pay: pay, log: log}
}

func (s *corporateOrders) Get(ctx context.Context, orderID string) (db.CorporateOrder, error) {
	o, err := s.st.Q().GetCorporateOrder(ctx, orderID)
	if store.IsNotFound(err) {
		return o, ErrNotFound
	}
	return o, err
}

// Create records a bulk order. The caller's Idempotency-Key is claimed in
// the same transaction as the order row and the issuance job, and the
// response is stored alongside so a replay returns the original order.
func (s *corporateOrders) Create(ctx context.Context, idempotencyKey string, req CreateOrderRequest) (*OrderResult, error) {
	if err := req.validate(); err != nil {
		return nil, err
	}
	req.Currency = strings.ToLower(req.Currency)
	hash := fingerprint(req)

	var res OrderResult
	err := s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, tx pgx.Tx) error {
		claimed, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
			Scope: scopeCorporateOrders, Key: idempotencyKey, RequestHash: hash,
		})
		if err != nil {
			return fmt.Errorf("claim idempotency key: %w", err)
		}
		if claimed == 0 {
			prev, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scopeCorporateOrders, Key: idempotencyKey})
			if err != nil {
				return err
			}
			if prev.RequestHash != hash {
				return ErrIdempotencyReuse
			}
			if prev.StatusCode == nil {
				return ErrRequestInProgress
			}
			res.Replayed = true
			return json.Unmarshal(prev.Response, &res)
		}

		recipients, err := json.Marshal(req.Recipients)
		if err != nil {
			return err
		}
		status := "pending_payment"
		if req.PaymentTerms == "invoice" {
			status = "approved"
		}
		order, err := q.CreateCorporateOrder(ctx, db.CreateCorporateOrderParams{
			ID:                ids.New("ord"),
			CustomerRef:       req.CustomerRef,
			ContactEmail:      req.ContactEmail,
			StripeCustomerID:  store.PtrOrNil(req.StripeCustomerID),
			Quantity:          req.Quantity,
			DenominationCents: req.DenominationCents,
			Currency:          req.Currency,
			PaymentTerms:      req.PaymentTerms,
			Recipients:        recipients,
			Status:            status,
		})
		if err != nil {
			return fmt.Errorf("insert order: %w", err)
		}
		if status == "approved" {
			if _, err := s.jobs.InsertTx(ctx, tx, tasks.IssueCards{OrderID: order.ID}, nil); err != nil {
				return fmt.Errorf("enqueue issuance: %w", err)
			}
		}
		res.Order = order
		body, err := json.Marshal(res)
		if err != nil {
			return err
		}
		code := int32(201)
		return q.SaveIdempotencyResponse(ctx, db.SaveIdempotencyResponseParams{
			Scope: scopeCorporateOrders, Key: idempotencyKey, StatusCode: &code, Response: body,
		})
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// Pay charges the corporate customer's saved card for the whole order and
// starts issuance.
func (s *corporateOrders) Pay(ctx context.Context, orderID string, req PayOrderRequest) (db.CorporateOrder, error) {
	order, err := s.Get(ctx, orderID)
	if err != nil {
		return order, err
	}
	if order.Status != "pending_payment" {
		return order, fmt.Errorf("%w: order is %s", ErrInvalidState, order.Status)
	}
	if order.StripeCustomerID == nil {
		return order, invalid("stripe_customer_id", "order has no billing customer")
	}
	if req.PaymentMethodID == "" {
		return order, invalid("payment_method_id", "required")
	}

	total := int64(order.Quantity) * order.DenominationCents
	started := time.Now()
	payment, err := s.pay.CreatePayment(ctx, payments.PaymentRequest{
		AmountCents:     total,
		Currency:        order.Currency,
		CustomerID:      *order.StripeCustomerID,
		PaymentMethodID: req.PaymentMethodID,
		OffSession:      true,
		Description:     fmt.Sprintf("Gift cards: %d x %d %s", order.Quantity, order.DenominationCents, strings.ToUpper(order.Currency)),
		ReceiptEmail:    order.ContactEmail,
	}, payments.WithMetadata("order_id", order.ID), payments.WithMetadata("customer_ref", order.CustomerRef))
	if err != nil {
		return order, fmt.Errorf("charge order %s: %w", order.ID, err)
	}
	s.log.InfoContext(ctx, "corporate order charged", "order_id", order.ID, "payment_intent", payment.IntentID, "took", time.Since(started))

	err = s.st.InTx(ctx, func(ctx context.Context, q *db.Queries, tx pgx.Tx) error {
		n, err := q.MarkOrderPaid(ctx, db.MarkOrderPaidParams{ID: order.ID, PaymentIntentID: &payment.IntentID})
		if err != nil {
			return fmt.Errorf("mark order paid: %w", err)
		}
		if n == 0 {
			return nil
		}
		_, err = s.jobs.InsertTx(ctx, tx, tasks.IssueCards{OrderID: order.ID}, nil)
		return err
	})
	if err != nil {
		return order, err
	}
	return s.Get(ctx, order.ID)
}
