package services

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

const scopeVoucherRedeem = "vouchers.redeem"

// VoucherService sells, delivers and redeems gift vouchers.
type VoucherService struct {
	tx        ports.TxRunner
	log       *slog.Logger
	vouchers  ports.VoucherRepository
	payments  ports.PaymentRepository
	clients   ports.ClientRepository
	idem      ports.IdempotencyStore
	gateway   ports.PaymentGateway
	messenger ports.Messenger
	jobs      ports.JobScheduler
}

func NewVoucherService(d Deps) *VoucherService {
	return &VoucherService{
		tx: d.Tx, log: d.Log.With("service", "vouchers"),
		vouchers: d.Vouchers, payments: d.Payments, clients: d.Clients, idem: d.Idempotency,
		gateway: d.Gateway, messenger: d.Messenger, jobs: d.Jobs,
	}
}

type PurchaseRequest struct {
	PurchaserID     uuid.UUID    `json:"purchaser_id"`
	SalonID         *uuid.UUID   `json:"salon_id,omitempty"`
	RecipientName   string       `json:"recipient_name"`
	RecipientEmail  string       `json:"recipient_email"`
	Message         string       `json:"message"`
	AmountCents     domain.Cents `json:"amount_cents"`
	PaymentMethodID string       `json:"payment_method_id"`
}

func (r PurchaseRequest) Validate() error {
	switch {
	case r.PurchaserID == uuid.Nil:
		return domain.Invalid("purchaser_id", "required")
	case r.RecipientEmail == "":
		return domain.Invalid("recipient_email", "required")
	case r.AmountCents < 1000 || r.AmountCents > 50000:
		return domain.Invalid("amount_cents", "must be between £10 and £500")
	case r.PaymentMethodID == "":
		return domain.Invalid("payment_method_id", "required")
	}
	return nil
}

// Purchase charges the buyer and issues the voucher.
func (s *VoucherService) Purchase(ctx context.Context, req PurchaseRequest) (*domain.GiftVoucher, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	buyer, err := s.clients.Get(ctx, s.tx.Reader(), req.PurchaserID)
	if err != nil {
		return nil, err
	}
	now := clock()
	v := &domain.GiftVoucher{
		ID:                uuid.New(),
		Code:              domain.NewVoucherCode(),
		SalonID:           req.SalonID,
		PurchaserClientID: buyer.ID,
		RecipientName:     req.RecipientName,
		RecipientEmail:    req.RecipientEmail,
		Message:           req.Message,
		InitialCents:      req.AmountCents,
		BalanceCents:      req.AmountCents,
		Status:            domain.VoucherActive,
		ExpiresAt:         now.Add(domain.VoucherValidity),
	}
	pay := &domain.Payment{
		ID:          uuid.New(),
		VoucherID:   &v.ID,
		ClientID:    &buyer.ID,
		Purpose:     domain.PurposeVoucherPurchase,
		AmountCents: req.AmountCents,
		Currency:    domain.Currency,
	}
	res, err := s.gateway.Charge(ctx, ports.ChargeRequest{
		AmountCents:     req.AmountCents,
		Currency:        domain.Currency,
		PaymentMethodID: req.PaymentMethodID,
		CustomerID:      deref(buyer.CardCustomerID),
		Description:     "Gift voucher " + v.Code,
	},
		ports.WithIdempotencyKey("voucher-"+v.ID.String()),
		ports.WithMetadata(map[string]string{"payment_id": pay.ID.String(), "reference": pay.ID.String()}),
	)
	if err != nil {
		return nil, fmt.Errorf("charge voucher: %w", err)
	}
	if res.Status == domain.PaymentFailed {
		return nil, domain.ErrPaymentDeclined
	}
	pay.Status = res.Status
	pay.ProviderChargeID = &res.ChargeID
	v.PaymentID = &pay.ID

	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.payments.Insert(ctx, tx, pay); err != nil {
			return err
		}
		if err := s.vouchers.Insert(ctx, tx, v); err != nil {
			return err
		}
		return s.jobs.ScheduleVoucherDelivery(ctx, tx, v.ID)
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

type RedeemRequest struct {
	AmountCents   domain.Cents `json:"amount_cents"`
	AppointmentID *uuid.UUID   `json:"appointment_id,omitempty"`
}

type RedeemResult struct {
	VoucherID    uuid.UUID    `json:"voucher_id"`
	RedemptionID uuid.UUID    `json:"redemption_id"`
	AmountCents  domain.Cents `json:"amount_cents"`
	BalanceCents domain.Cents `json:"balance_cents"`
}

// Redeem spends part of a voucher at the till. Replays of the same
// Idempotency-Key return the first result.
func (s *VoucherService) Redeem(ctx context.Context, key, code string, req RedeemRequest) (*RedeemResult, error) {
	if req.AmountCents <= 0 {
		return nil, domain.Invalid("amount_cents", "must be positive")
	}
	scopeKey := code + ":" + key
	rec, err := s.idem.Lookup(ctx, s.tx.Reader(), scopeVoucherRedeem, scopeKey)
	switch {
	case err == nil && rec.Completed():
		var out RedeemResult
		if err := json.Unmarshal(rec.ResponseBody, &out); err != nil {
			return nil, err
		}
		return &out, nil
	case err != nil && !errors.Is(err, domain.ErrNotFound):
		return nil, err
	}

	var out *RedeemResult
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		out, err = s.debit(ctx, tx, code, req.AmountCents, req.AppointmentID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := s.idem.Complete(ctx, s.tx.Reader(), scopeVoucherRedeem, scopeKey, 200, out); err != nil {
		s.log.WarnContext(ctx, "store redeem response", "voucher_id", out.VoucherID, "err", err)
	}
	return out, nil
}

// ApplyToAppointment spends up to amount from the voucher against an
// appointment and returns how much was applied.
func (s *VoucherService) ApplyToAppointment(ctx context.Context, code string, appointmentID uuid.UUID, amount domain.Cents) (domain.Cents, error) {
	var applied domain.Cents
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		v, err := s.vouchers.GetByCode(ctx, tx, domain.NormalizeVoucherCode(code))
		if err != nil {
			return err
		}
		amount = min(amount, v.BalanceCents)
		if amount <= 0 {
			return domain.ErrInsufficientFunds
		}
		res, err := s.debit(ctx, tx, code, amount, &appointmentID)
		if err != nil {
			return err
		}
		applied = res.AmountCents
		return nil
	})
	return applied, err
}

func (s *VoucherService) debit(ctx context.Context, tx *sqlx.Tx, code string, amount domain.Cents, apptID *uuid.UUID) (*RedeemResult, error) {
	v, err := s.vouchers.GetByCode(ctx, tx, domain.NormalizeVoucherCode(code))
	if err != nil {
		return nil, err
	}
	if err := v.Spendable(amount, clock()); err != nil {
		return nil, err
	}
	balance, err := s.vouchers.Debit(ctx, tx, v.ID, amount)
	if err != nil {
		return nil, err
	}
	red := &domain.VoucherRedemption{
		ID:            uuid.New(),
		VoucherID:     v.ID,
		AppointmentID: apptID,
		AmountCents:   amount,
	}
	if err := s.vouchers.InsertRedemption(ctx, tx, red); err != nil {
		return nil, err
	}
	return &RedeemResult{VoucherID: v.ID, RedemptionID: red.ID, AmountCents: amount, BalanceCents: balance}, nil
}

// Deliver emails the voucher code to its recipient.
func (s *VoucherService) Deliver(ctx context.Context, voucherID uuid.UUID) error {
	v, err := s.vouchers.Get(ctx, s.tx.Reader(), voucherID)
	if err != nil {
		return err
	}
	if v.DeliveredAt != nil {
		return nil
	}
	buyer, err := s.clients.Get(ctx, s.tx.Reader(), v.PurchaserClientID)
	if err != nil {
		return err
	}
	_, err = s.messenger.SendEmail(ctx, domain.OutboundEmail{
		To:       v.RecipientEmail,
		ToName:   v.RecipientName,
		Subject:  buyer.FullName + " sent you a Velvet Chair gift voucher",
		HTMLBody: voucherHTML(v, buyer),
		TextBody: fmt.Sprintf("You have a %s gift voucher. Code: %s", v.InitialCents, v.Code),
		Tags:     map[string]string{"template": domain.TemplateVoucherGift, "voucher_id": v.ID.String()},
	})
	if err != nil {
		return fmt.Errorf("send voucher email: %w", err)
	}
	return s.vouchers.MarkDelivered(ctx, s.tx.Reader(), v.ID, clock())
}

func voucherHTML(v *domain.GiftVoucher, buyer *domain.Client) string {
	return fmt.Sprintf(`<h1>A gift for %s</h1><p>%s</p><p>Value: <b>%s</b></p><p>Code: <b>%s</b></p><p>Valid until %s.</p><p>From %s</p>`,
		html.EscapeString(v.RecipientName), html.EscapeString(v.Message), v.InitialCents, v.Code,
		v.ExpiresAt.Format("2 January 2006"), html.EscapeString(buyer.FullName))
}
