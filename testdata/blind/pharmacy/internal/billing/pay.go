// Package billing takes copay payments, refunds them, and applies Stripe
// webhooks.
package billing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/notify"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/provider/stripegw"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

var (
	ErrOrderNotFound    = errors.New("billing: order not found")
	ErrNotPayable       = errors.New("billing: order is not awaiting payment")
	ErrNoPaymentMethod  = errors.New("billing: patient has no saved card")
	ErrKeyReused        = errors.New("billing: idempotency key reused with a different request")
	ErrRequestInFlight  = errors.New("billing: a request with this idempotency key is in progress")
	ErrTooLateToCancel  = errors.New("billing: order has already shipped")
	ErrMissingIdempoKey = errors.New("billing: Idempotency-Key header is required")
)

const scopeOrderPay = "orders.pay"

// Service implements payments.
type Service struct {
	store   store.Store
	jobs    tasks.Inserter
	gateway stripegw.Gateway
}

// NewService builds a Service.
func NewService(st store.Store, jobs tasks.Inserter, gw stripegw.Gateway) *Service {
	return &Service{store: st, jobs: jobs, gateway: gw}
}

// PayInput is a patient paying the copay for an order.
type PayInput struct {
	OrderID        uuid.UUID
	PatientID      uuid.UUID
	PaymentMethod  string
	IdempotencyKey string
}

// PayResult is the response body for a payment; it is stored against the
// idempotency key and replayed verbatim.
type PayResult struct {
	PaymentID   string `json:"payment_id"`
	Status      string `json:"status"`
	OrderStatus string `json:"order_status"`
	FailureCode string `json:"failure_code,omitempty"`
}

// Pay charges the patient's card for the order's copay.
//
// The idempotency key is claimed and the payment row is written in one
// transaction before Stripe is called; the payment ID is then Stripe's
// idempotency key, so a retry of this request, whether it finds the key
// completed or half-done, never creates a second charge.
func (s *Service) Pay(ctx context.Context, in PayInput) (PayResult, int, error) {
	if in.IdempotencyKey == "" {
		return PayResult{}, 0, ErrMissingIdempoKey
	}
	hash := requestHash(in)

	payment, order, patient, replay, err := s.beginPayment(ctx, in, hash)
	if err != nil {
		return PayResult{}, 0, err
	}
	if replay != nil {
		return *replay, http.StatusOK, nil
	}

	intent, err := s.gateway.CreatePaymentIntent(ctx, stripegw.PaymentIntentInput{
		OrderID:       order.ID.String(),
		PaymentID:     payment.ID,
		CustomerID:    patient.StripeCustomerID.String,
		PaymentMethod: in.PaymentMethod,
		AmountCents:   payment.AmountCents,
		Currency:      payment.Currency,
		Description:   "Copay for order " + order.ID.String(),
	}, stripegw.WithIdempotencyKey("pay_"+payment.ID))
	if err != nil {
		return PayResult{}, 0, fmt.Errorf("create payment intent: %w", err)
	}

	var res PayResult
	err = s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		status := mapIntentStatus(intent.Status)
		if err := q.UpdatePaymentIntent(ctx, db.UpdatePaymentIntentParams{
			ID:                    payment.ID,
			StripePaymentIntentID: store.Text(intent.ID),
			Status:                status,
			FailureCode:           store.Text(intent.FailureCode),
		}); err != nil {
			return err
		}
		res = PayResult{PaymentID: payment.ID, Status: status, OrderStatus: order.Status, FailureCode: intent.FailureCode}
		if status == "succeeded" {
			paid, err := q.TransitionOrderStatus(ctx, db.TransitionOrderStatusParams{ID: order.ID, FromStatus: "awaiting_payment", ToStatus: "paid"})
			switch {
			case err == nil:
				res.OrderStatus = paid.Status
				if _, err := s.jobs.InsertTx(ctx, tx, tasks.FulfilOrderArgs{OrderID: order.ID}, nil); err != nil {
					return err
				}
				if err := queuePaymentReceived(ctx, q, tx, s.jobs, paid, payment.AmountCents); err != nil {
					return err
				}
			case store.IsNotFound(err):
				res.OrderStatus = "paid"
			default:
				return err
			}
		}
		body, _ := json.Marshal(res)
		return q.CompleteIdempotencyKey(ctx, db.CompleteIdempotencyKeyParams{
			Scope:          scopeOrderPay,
			Key:            in.IdempotencyKey,
			ResponseStatus: store.Int4(http.StatusOK),
			ResponseBody:   body,
		})
	})
	if err != nil {
		return PayResult{}, 0, err
	}
	return res, http.StatusOK, nil
}

// beginPayment claims the idempotency key and records the payment intent
// row. On a repeat of a completed request it returns the stored response; on
// a repeat of a request that never finished it returns the original payment
// so the caller resumes with the same Stripe key.
func (s *Service) beginPayment(ctx context.Context, in PayInput, hash string) (db.Payment, db.Order, db.Patient, *PayResult, error) {
	var (
		payment db.Payment
		order   db.Order
		patient db.Patient
	)
	tx, err := s.store.Begin(ctx)
	if err != nil {
		return payment, order, patient, nil, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	q := db.New(tx)

	claimed, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
		Scope:       scopeOrderPay,
		Key:         in.IdempotencyKey,
		RequestHash: hash,
	})
	if err != nil {
		return payment, order, patient, nil, fmt.Errorf("claim idempotency key: %w", err)
	}

	if claimed == 0 {
		rec, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scopeOrderPay, Key: in.IdempotencyKey})
		if err != nil {
			return payment, order, patient, nil, err
		}
		if rec.RequestHash != hash {
			return payment, order, patient, nil, ErrKeyReused
		}
		if rec.CompletedAt.Valid {
			var stored PayResult
			if err := json.Unmarshal(rec.ResponseBody, &stored); err != nil {
				return payment, order, patient, nil, err
			}
			return payment, order, patient, &stored, nil
		}
		payment, err = q.GetPaymentByIdempotencyKey(ctx, db.GetPaymentByIdempotencyKeyParams{
			OrderID:        in.OrderID,
			IdempotencyKey: store.Text(in.IdempotencyKey),
		})
		if store.IsNotFound(err) {
			return payment, order, patient, nil, ErrRequestInFlight
		}
		if err != nil {
			return payment, order, patient, nil, err
		}
		if order, err = q.GetOrder(ctx, in.OrderID); err != nil {
			return payment, order, patient, nil, err
		}
		if patient, err = q.GetPatient(ctx, order.PatientID); err != nil {
			return payment, order, patient, nil, err
		}
		return payment, order, patient, nil, tx.Commit(ctx)
	}

	order, err = q.GetOrderForUpdate(ctx, in.OrderID)
	if store.IsNotFound(err) || (err == nil && order.PatientID != in.PatientID) {
		return payment, order, patient, nil, ErrOrderNotFound
	}
	if err != nil {
		return payment, order, patient, nil, err
	}
	if order.Status != "awaiting_payment" {
		return payment, order, patient, nil, ErrNotPayable
	}
	patient, err = q.GetPatient(ctx, order.PatientID)
	if err != nil {
		return payment, order, patient, nil, err
	}
	if !patient.StripeCustomerID.Valid {
		return payment, order, patient, nil, ErrNoPaymentMethod
	}

	payment, err = q.CreatePayment(ctx, db.CreatePaymentParams{
		ID:             ids.NewULID(),
		OrderID:        order.ID,
		IdempotencyKey: store.Text(in.IdempotencyKey),
		Source:         "patient_app",
		AmountCents:    order.CopayCents,
		Currency:       order.Currency,
	})
	if err != nil {
		return payment, order, patient, nil, fmt.Errorf("create payment: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return payment, order, patient, nil, err
	}
	return payment, order, patient, nil, nil
}

func requestHash(in PayInput) string {
	h := sha256.Sum256([]byte(in.OrderID.String() + "|" + in.PatientID.String() + "|" + in.PaymentMethod))
	return hex.EncodeToString(h[:])
}

func mapIntentStatus(s string) string {
	switch s {
	case "succeeded":
		return "succeeded"
	case "failed", "canceled", "requires_payment_method":
		return "failed"
	default:
		return "processing"
	}
}

// queuePaymentReceived is shared by the synchronous and webhook paths.
func queuePaymentReceived(ctx context.Context, q *db.Queries, tx pgx.Tx, jobs tasks.Inserter, order db.Order, amount int64) error {
	patient, err := q.GetPatient(ctx, order.PatientID)
	if err != nil {
		return err
	}
	if !patient.SmsOptIn {
		return nil
	}
	item, err := q.GetInventoryItem(ctx, order.Ndc)
	if err != nil {
		return err
	}
	_, err = notify.QueueTx(ctx, q, tx, jobs, notify.Draft{
		PatientID: patient.ID,
		OrderID:   order.ID,
		Template:  notify.TemplatePaymentReceived,
		To:        patient.PhoneE164,
		Vars:      map[string]any{"Amount": notify.Money(amount), "Drug": item.DrugName},
	})
	return err
}
