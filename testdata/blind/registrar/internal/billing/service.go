// Package billing charges and refunds cards through the payment gateway and
// keeps the payments table in step with it.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/paygate"
)

var (
	ErrDeclined      = errors.New("billing: card declined")
	ErrNoCard        = errors.New("billing: no payment method on file")
	ErrNotRefundable = errors.New("billing: payment cannot be refunded")
)

type Gateway interface {
	CreateCharge(ctx context.Context, req paygate.ChargeRequest, opts ...paygate.CallOption) (*paygate.Charge, error)
	CreateRefund(ctx context.Context, req paygate.RefundRequest, opts ...paygate.CallOption) (*paygate.Refund, error)
	AttachPaymentMethod(ctx context.Context, customerID, pmID string) (*paygate.PaymentMethod, error)
}

type PaymentStore interface {
	CreateIntent(ctx context.Context, p model.Payment) (model.Payment, bool, error)
	Insert(ctx context.Context, p model.Payment) error
	Get(ctx context.Context, id uuid.UUID) (model.Payment, error)
	LatestForOrder(ctx context.Context, orderID uuid.UUID) (model.Payment, error)
	RecordResult(ctx context.Context, id uuid.UUID, chargeID string, status model.PaymentStatus, failureCode string) error
	SetStatus(ctx context.Context, id uuid.UUID, status model.PaymentStatus) error
	InsertRefund(ctx context.Context, rf model.Refund) error
}

type AccountReader interface {
	Get(ctx context.Context, id uuid.UUID) (model.Account, error)
}

type MethodStore interface {
	Get(ctx context.Context, accountID, id uuid.UUID) (model.PaymentMethod, error)
	Default(ctx context.Context, accountID uuid.UUID) (model.PaymentMethod, error)
	Upsert(ctx context.Context, pm model.PaymentMethod) (model.PaymentMethod, error)
	ClearDefault(ctx context.Context, accountID uuid.UUID) error
}

// ChargeSpec describes one card charge.
type ChargeSpec struct {
	AccountID       uuid.UUID
	OrderID         *uuid.UUID
	Purpose         model.PaymentPurpose
	AmountCents     int64
	Currency        string
	PaymentMethodID *uuid.UUID
	Description     string
	// OperationKey names the charge; it is sent to the gateway as the
	// Idempotency-Key.
	OperationKey string
}

type Service struct {
	tx       db.Transactor
	gw       Gateway
	payments PaymentStore
	accounts AccountReader
	methods  MethodStore
	log      *slog.Logger
}

func NewService(tx db.Transactor, gw Gateway, payments PaymentStore, accounts AccountReader, methods MethodStore, log *slog.Logger) *Service {
	return &Service{tx: tx, gw: gw, payments: payments, accounts: accounts, methods: methods, log: log}
}

func (s *Service) card(ctx context.Context, spec ChargeSpec) (model.PaymentMethod, error) {
	var (
		pm  model.PaymentMethod
		err error
	)
	if spec.PaymentMethodID != nil {
		pm, err = s.methods.Get(ctx, spec.AccountID, *spec.PaymentMethodID)
	} else {
		pm, err = s.methods.Default(ctx, spec.AccountID)
	}
	if errors.Is(err, db.ErrNotFound) {
		return pm, ErrNoCard
	}
	return pm, err
}

func chargeStatus(s string) model.PaymentStatus {
	switch s {
	case paygate.ChargeSucceeded:
		return model.PaymentSucceeded
	case paygate.ChargeFailed:
		return model.PaymentFailed
	default:
		return model.PaymentPending
	}
}

// Charge charges the account's card.
func (s *Service) Charge(ctx context.Context, spec ChargeSpec) (model.Payment, error) {
	acct, err := s.accounts.Get(ctx, spec.AccountID)
	if err != nil {
		return model.Payment{}, fmt.Errorf("load account: %w", err)
	}
	pm, err := s.card(ctx, spec)
	if err != nil {
		return model.Payment{}, err
	}
	req := paygate.ChargeRequest{
		Amount:        spec.AmountCents,
		Currency:      spec.Currency,
		Customer:      acct.GatewayCustomerID,
		PaymentMethod: pm.GatewayPMID,
		Description:   spec.Description,
		Capture:       true,
		Metadata: map[string]string{
			"account_id": spec.AccountID.String(),
			"purpose":    string(spec.Purpose),
		},
	}
	if spec.OrderID != nil {
		req.Metadata["order_id"] = spec.OrderID.String()
	}
	if spec.OperationKey == "" {
		return s.chargeDirect(ctx, spec, req)
	}

	p, created, err := s.payments.CreateIntent(ctx, model.Payment{
		ID:           uuid.New(),
		AccountID:    spec.AccountID,
		OrderID:      spec.OrderID,
		Purpose:      spec.Purpose,
		OperationKey: spec.OperationKey,
		AmountCents:  spec.AmountCents,
		Currency:     spec.Currency,
		Status:       model.PaymentPending,
	})
	if err != nil {
		return model.Payment{}, err
	}
	if !created && p.Status == model.PaymentSucceeded {
		return p, nil
	}
	req.Metadata["payment_id"] = p.ID.String()
	ch, err := s.gw.CreateCharge(ctx, req, paygate.WithIdempotencyKey(spec.OperationKey))
	if err != nil {
		return p, s.chargeFailed(ctx, p.ID, err)
	}
	p.GatewayChargeID = ch.ID
	p.Status = chargeStatus(ch.Status)
	p.FailureCode = ch.FailureCode
	if err := s.payments.RecordResult(ctx, p.ID, ch.ID, p.Status, ch.FailureCode); err != nil {
		return p, err
	}
	if p.Status == model.PaymentFailed {
		return p, ErrDeclined
	}
	return p, nil
}

// chargeDirect charges the card and stores the payment under the gateway's
// charge id.
func (s *Service) chargeDirect(ctx context.Context, spec ChargeSpec, req paygate.ChargeRequest) (model.Payment, error) {
	ch, err := s.gw.CreateCharge(ctx, req)
	if err != nil {
		var apiErr *paygate.APIError
		if errors.As(err, &apiErr) && apiErr.Declined() {
			return model.Payment{}, ErrDeclined
		}
		return model.Payment{}, err
	}
	p := model.Payment{
		ID:              uuid.New(),
		AccountID:       spec.AccountID,
		OrderID:         spec.OrderID,
		Purpose:         spec.Purpose,
		OperationKey:    "charge:" + ch.ID,
		GatewayChargeID: ch.ID,
		AmountCents:     spec.AmountCents,
		Currency:        spec.Currency,
		Status:          chargeStatus(ch.Status),
		FailureCode:     ch.FailureCode,
	}
	if err := s.payments.Insert(ctx, p); err != nil {
		return p, fmt.Errorf("store payment for charge %s: %w", ch.ID, err)
	}
	if p.Status == model.PaymentFailed {
		return p, ErrDeclined
	}
	return p, nil
}

func (s *Service) chargeFailed(ctx context.Context, paymentID uuid.UUID, err error) error {
	var apiErr *paygate.APIError
	if errors.As(err, &apiErr) && apiErr.Declined() {
		if rerr := s.payments.RecordResult(ctx, paymentID, "", model.PaymentFailed, apiErr.Code); rerr != nil {
			s.log.Error("record declined charge", "payment_id", paymentID, "err", rerr)
		}
		return ErrDeclined
	}
	return err
}
