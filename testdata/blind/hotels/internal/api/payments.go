package api

import (
	"context"
	"errors"

	"github.com/harbourline/hotels/internal/payments"
)

// PaymentsAPI serves the card endpoints of a reservation.
type PaymentsAPI struct {
	svc payments.Service
}

// NewPaymentsAPI returns the handler group.
func NewPaymentsAPI(svc payments.Service) *PaymentsAPI { return &PaymentsAPI{svc: svc} }

type preauthRequest struct {
	ReservationID   string `param:"id"`
	CustomerID      string `json:"customer_id"`
	PaymentMethodID string `json:"payment_method_id"`
	AmountMinor     int64  `json:"amount_minor"`
}

func (r *preauthRequest) Validate() error {
	if r.PaymentMethodID == "" {
		return errors.New("payment_method_id is required")
	}
	return nil
}

type paymentResponse struct {
	ID              string `json:"id"`
	PaymentIntentID string `json:"payment_intent_id"`
	Status          string `json:"status"`
	AmountMinor     int64  `json:"amount_minor"`
	Currency        string `json:"currency"`
}

// Preauthorise handles POST /v1/reservations/:id/preauth (card guarantee
// replaced by the guest at the desk or on the pre-arrival page).
func (a *PaymentsAPI) Preauthorise(ctx context.Context, req preauthRequest) (paymentResponse, error) {
	p, err := a.svc.Preauthorise(ctx, payments.PreauthCommand{
		ReservationID:   req.ReservationID,
		CustomerID:      req.CustomerID,
		PaymentMethodID: req.PaymentMethodID,
		AmountMinor:     req.AmountMinor,
	})
	if err != nil {
		return paymentResponse{}, err
	}
	return paymentResponse{ID: p.ID, PaymentIntentID: p.ProviderRef, Status: p.Status,
		AmountMinor: p.Amount.Minor, Currency: p.Amount.Currency}, nil
}

type captureRequest struct {
	ReservationID string `param:"id"`
	AmountMinor   int64  `json:"amount_minor"`
}

// Capture handles POST /v1/reservations/:id/capture at check-out.
func (a *PaymentsAPI) Capture(ctx context.Context, req captureRequest) (paymentResponse, error) {
	op, err := a.svc.Capture(ctx, payments.CaptureCommand{ReservationID: req.ReservationID, AmountMinor: req.AmountMinor})
	if err != nil {
		return paymentResponse{}, err
	}
	return paymentResponse{ID: op.ID, PaymentIntentID: op.ProviderRef, Status: op.Status,
		AmountMinor: op.Amount.Minor, Currency: op.Amount.Currency}, nil
}

type refundRequest struct {
	ReservationID string `param:"id"`
	AmountMinor   int64  `json:"amount_minor"`
	Reason        string `json:"reason"`
}

func (r *refundRequest) Validate() error {
	if r.AmountMinor <= 0 {
		return errors.New("amount_minor must be positive")
	}
	return nil
}

// Refund handles POST /v1/reservations/:id/refunds.
func (a *PaymentsAPI) Refund(ctx context.Context, req refundRequest) (paymentResponse, error) {
	r, err := a.svc.Refund(ctx, payments.RefundCommand{
		ReservationID: req.ReservationID, AmountMinor: req.AmountMinor, Reason: req.Reason,
	})
	if err != nil {
		return paymentResponse{}, err
	}
	return paymentResponse{ID: r.ProviderRef, Status: "refunded", AmountMinor: r.Amount.Minor, Currency: r.Amount.Currency}, nil
}
