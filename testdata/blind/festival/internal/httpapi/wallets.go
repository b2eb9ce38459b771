package httpapi

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/service/refund"
	"github.com/loopgate/festival-cashless/internal/service/topup"
	"github.com/loopgate/festival-cashless/internal/service/wallet"
)

type TopupService interface {
	StartOnline(ctx context.Context, in topup.OnlineInput) (topup.OnlineResult, error)
	BoothTopUp(ctx context.Context, in topup.BoothInput) (topup.BoothResult, error)
}

type WalletService interface {
	Get(ctx context.Context, id uuid.UUID) (db.Wallet, error)
	Gift(ctx context.Context, in wallet.GiftInput) (wallet.GiftResult, error)
	ConfigureAutoreload(ctx context.Context, in wallet.AutoreloadInput) error
}

type RefundService interface {
	Request(ctx context.Context, in refund.RequestInput) (db.Refund, error)
}

type WalletHandlers struct {
	topups  TopupService
	wallets WalletService
	refunds RefundService
}

func NewWalletHandlers(t TopupService, w WalletService, r RefundService) *WalletHandlers {
	return &WalletHandlers{topups: t, wallets: w, refunds: r}
}

type OnlineTopupRequest struct {
	WalletID       uuid.UUID              `json:"wallet_id"`
	AmountCents    int64                  `json:"amount_cents"`
	PaymentMethod  payments.PaymentMethod `json:"payment_method"`
	ReturnURL      string                 `json:"return_url"`
	AttendeeID     uuid.UUID              `header:"X-Attendee-Id" json:"-"`
	IdempotencyKey string                 `header:"Idempotency-Key" json:"-"`
}

func (h *WalletHandlers) OnlineTopup(ctx context.Context, req *OnlineTopupRequest) (topup.OnlineResult, error) {
	return h.topups.StartOnline(ctx, topup.OnlineInput{
		WalletID:       req.WalletID,
		AttendeeID:     req.AttendeeID,
		AmountCents:    req.AmountCents,
		IdempotencyKey: req.IdempotencyKey,
		PaymentMethod:  req.PaymentMethod,
		ReturnURL:      req.ReturnURL,
	})
}

type BoothTopupRequest struct {
	BoothID      string `param:"booth_id" json:"-"`
	Operator     string `header:"X-Booth-Operator" json:"-"`
	WristbandUID string `json:"wristband_uid"`
	AmountCents  int64  `json:"amount_cents"`
	Method       string `json:"method"`
	PSPReference string `json:"psp_reference,omitempty"`
}

func (r *BoothTopupRequest) Validate() error {
	if r.WristbandUID == "" {
		return errors.New("wristband_uid is required")
	}
	return nil
}

func (h *WalletHandlers) BoothTopup(ctx context.Context, req *BoothTopupRequest) (topup.BoothResult, error) {
	return h.topups.BoothTopUp(ctx, topup.BoothInput{
		BoothID:              req.BoothID,
		OperatorID:           req.Operator,
		WristbandUID:         req.WristbandUID,
		AmountCents:          req.AmountCents,
		Method:               req.Method,
		TerminalPSPReference: req.PSPReference,
	})
}

type GiftRequest struct {
	WalletID       uuid.UUID `param:"wallet_id" json:"-"`
	AttendeeID     uuid.UUID `header:"X-Attendee-Id" json:"-"`
	IdempotencyKey string    `header:"Idempotency-Key" json:"-"`
	ToWristbandUID string    `json:"to_wristband_uid"`
	AmountCents    int64     `json:"amount_cents"`
}

func (r *GiftRequest) Validate() error {
	if r.IdempotencyKey == "" {
		return errors.New("Idempotency-Key header is required")
	}
	return nil
}

func (h *WalletHandlers) Gift(ctx context.Context, req *GiftRequest) (wallet.GiftResult, error) {
	return h.wallets.Gift(ctx, wallet.GiftInput{
		FromWalletID:   req.WalletID,
		FromAttendee:   req.AttendeeID,
		ToWristbandUID: req.ToWristbandUID,
		AmountCents:    req.AmountCents,
		IdempotencyKey: req.IdempotencyKey,
	})
}

type AutoreloadRequest struct {
	WalletID       uuid.UUID `param:"wallet_id" json:"-"`
	AttendeeID     uuid.UUID `header:"X-Attendee-Id" json:"-"`
	CardToken      string    `json:"stored_payment_method_id"`
	ThresholdCents int64     `json:"threshold_cents"`
	AmountCents    int64     `json:"amount_cents"`
}

func (r *AutoreloadRequest) Validate() error {
	if r.CardToken == "" || r.ThresholdCents <= 0 || r.AmountCents < 5_00 {
		return errors.New("card, threshold and an amount of at least 5.00 are required")
	}
	return nil
}

func (h *WalletHandlers) ConfigureAutoreload(ctx context.Context, req *AutoreloadRequest) (Empty, error) {
	return Empty{}, h.wallets.ConfigureAutoreload(ctx, wallet.AutoreloadInput{
		WalletID:        req.WalletID,
		CardToken:       req.CardToken,
		ThresholdCents:  req.ThresholdCents,
		AmountCents:     req.AmountCents,
		RequestAttendee: req.AttendeeID,
	})
}

type RefundRequest struct {
	WalletID   uuid.UUID `json:"wallet_id"`
	IBAN       string    `json:"iban"`
	Holder     string    `json:"account_holder"`
	AttendeeID uuid.UUID `header:"X-Attendee-Id" json:"-"`
}

type RefundResponse struct {
	RefundID    uuid.UUID `json:"refund_id"`
	AmountCents int64     `json:"amount_cents"`
	Status      string    `json:"status"`
}

func (h *WalletHandlers) RequestRefund(ctx context.Context, req *RefundRequest) (RefundResponse, error) {
	r, err := h.refunds.Request(ctx, refund.RequestInput{
		WalletID:   req.WalletID,
		AttendeeID: req.AttendeeID,
		IBAN:       req.IBAN,
		Holder:     req.Holder,
	})
	if err != nil {
		return RefundResponse{}, err
	}
	return RefundResponse{RefundID: r.ID, AmountCents: r.AmountCents, Status: r.Status}, nil
}

type GetWalletRequest struct {
	WalletID   uuid.UUID `param:"wallet_id" json:"-"`
	AttendeeID uuid.UUID `header:"X-Attendee-Id" json:"-"`
}

type WalletResponse struct {
	ID            uuid.UUID `json:"id"`
	BalanceCents  int64     `json:"balance_cents"`
	ReservedCents int64     `json:"reserved_cents"`
	Currency      string    `json:"currency"`
	Autoreload    bool      `json:"autoreload"`
}

func (h *WalletHandlers) GetWallet(ctx context.Context, req *GetWalletRequest) (WalletResponse, error) {
	w, err := h.wallets.Get(ctx, req.WalletID)
	if err != nil {
		return WalletResponse{}, err
	}
	if w.AttendeeID != req.AttendeeID {
		return WalletResponse{}, apperr.NotFound("wallet_not_found", "wallet %s not found", req.WalletID)
	}
	return WalletResponse{
		ID:            w.ID,
		BalanceCents:  w.BalanceCents,
		ReservedCents: w.ReservedCents,
		Currency:      w.Currency,
		Autoreload:    w.CardToken != nil && w.AutoreloadThresholdCents != nil,
	}, nil
}
