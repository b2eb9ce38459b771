package service

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/messaging"
	"github.com/fairwaylinks/teetimes/internal/payments"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// PurchaseVoucherInput buys a gift voucher for someone.
type PurchaseVoucherInput struct {
	PurchaseKey    string
	PurchaserEmail string
	RecipientName  string
	RecipientEmail string
	Message        string
	AmountCents    int64
}

func (in PurchaseVoucherInput) validate() error {
	if in.PurchaseKey == "" {
		return invalid("Idempotency-Key header is required")
	}
	if _, err := mail.ParseAddress(in.PurchaserEmail); err != nil {
		return invalid("purchaser_email is not a valid address")
	}
	if _, err := mail.ParseAddress(in.RecipientEmail); err != nil {
		return invalid("recipient_email is not a valid address")
	}
	if in.AmountCents < 2500 || in.AmountCents > 100000 {
		return invalid("vouchers are sold from 25.00 to 1000.00")
	}
	if len(in.Message) > 500 {
		return invalid("message is limited to 500 characters")
	}
	return nil
}

// VoucherPurchase is a voucher awaiting payment.
type VoucherPurchase struct {
	Voucher      *domain.GiftVoucher
	ClientSecret string
}

// Vouchers sells, delivers and redeems gift vouchers.
type Vouchers interface {
	Purchase(ctx context.Context, in PurchaseVoucherInput) (*VoucherPurchase, error)
	Redeem(ctx context.Context, code, bookingID string, amountCents int64) (*domain.BookingCredit, error)
	Deliver(ctx context.Context, voucherID string) error
}

// VoucherParams are the dependencies of the voucher service.
type VoucherParams struct {
	fx.In

	Config   *config.Config
	Log      *zap.Logger
	Vouchers store.VoucherStore
	Bookings store.BookingStore
	Credits  store.CreditStore
	Payments payments.Client
	Notifier messaging.Notifier
}

type voucherService struct {
	cfg      *config.Config
	log      *zap.Logger
	vouchers store.VoucherStore
	bookings store.BookingStore
	credits  store.CreditStore
	payments payments.Client
	notifier messaging.Notifier

	newID   ids.Func
	newCode func() string
	now     func() time.Time
}

// NewVoucherService builds the voucher service.
func NewVoucherService(p VoucherParams) *voucherService {
	return &voucherService{
		cfg:      p.Config,
		log:      p.Log.Named("vouchers"),
		vouchers: p.Vouchers,
		bookings: p.Bookings,
		credits:  p.Credits,
		payments: p.Payments,
		notifier: p.Notifier,
		newID:    ids.NewULID,
		newCode:  func() string { return "FL-" + ids.Short(10) },
		now:      func() time.Time { return time.Now().UTC() },
	}
}

// Purchase records the voucher under the client's purchase key and opens
// a PaymentIntent keyed by the voucher. Replaying the request finds the
// same voucher and the same intent.
func (s *voucherService) Purchase(ctx context.Context, in PurchaseVoucherInput) (*VoucherPurchase, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	now := s.now()
	v := &domain.GiftVoucher{
		ID:             s.newID(),
		Code:           s.newCode(),
		PurchaseKey:    in.PurchaseKey,
		PurchaserEmail: in.PurchaserEmail,
		RecipientName:  in.RecipientName,
		RecipientEmail: in.RecipientEmail,
		Message:        in.Message,
		FaceValueCents: in.AmountCents,
		BalanceCents:   in.AmountCents,
		Currency:       s.cfg.DefaultCurrency,
		Status:         domain.VoucherPendingPayment,
		ExpiresAt:      now.AddDate(2, 0, 0),
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	created, err := s.vouchers.CreateIgnoreConflict(ctx, v, "purchase_key")
	if err != nil {
		return nil, err
	}
	if !created {
		existing, err := s.vouchers.GetByPurchaseKey(ctx, in.PurchaseKey)
		if err != nil {
			return nil, err
		}
		if existing.FaceValueCents != in.AmountCents || existing.RecipientEmail != in.RecipientEmail {
			return nil, conflict("idempotency key was used for a different voucher")
		}
		v = existing
	}
	if v.Status != domain.VoucherPendingPayment {
		return &VoucherPurchase{Voucher: v}, nil
	}

	pi, err := s.payments.CreatePaymentIntent(ctx, payments.PaymentIntentRequest{
		AmountCents:  v.FaceValueCents,
		Currency:     v.Currency,
		Description:  "Fairway Links gift voucher",
		ReceiptEmail: v.PurchaserEmail,
		Metadata: map[string]string{
			"kind":       "voucher",
			"voucher_id": v.ID,
		},
		IdempotencyKey: payments.Key("voucher", v.ID),
	})
	if err != nil {
		return nil, fmt.Errorf("voucher %s payment intent: %w", v.ID, err)
	}
	if v.PaymentIntentID == nil {
		if _, err := s.vouchers.Update(ctx, v.ID, map[string]any{"payment_intent_id": pi.ID, "updated_at": now}); err != nil {
			return nil, err
		}
		v.PaymentIntentID = &pi.ID
	}
	return &VoucherPurchase{Voucher: v, ClientSecret: pi.ClientSecret}, nil
}

// Redeem applies voucher value to a booking that has not been paid yet.
func (s *voucherService) Redeem(ctx context.Context, code, bookingID string, amountCents int64) (*domain.BookingCredit, error) {
	v, err := s.vouchers.GetByCode(ctx, code)
	if err != nil {
		return nil, notFoundOr(err, "voucher")
	}
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, notFoundOr(err, "booking")
	}
	if existing, err := s.credits.FindBySource(ctx, "voucher", v.ID, b.ID); err == nil {
		return existing, nil
	} else if !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	if b.Status != domain.BookingPendingPayment {
		return nil, conflict("vouchers can only be applied before payment")
	}
	if v.Status != domain.VoucherActive {
		return nil, conflict("voucher is %s", v.Status)
	}

	amount := amountCents
	if amount <= 0 {
		amount = b.AmountDueCents
	}
	amount = minInt64(minInt64(amount, v.BalanceCents), b.AmountDueCents)
	if amount <= 0 {
		return nil, conflict("nothing to apply")
	}

	ok, err := s.vouchers.Debit(ctx, v.ID, amount)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, conflict("voucher balance is too low")
	}
	credit := &domain.BookingCredit{
		ID:          s.newID(),
		BookingID:   b.ID,
		SourceType:  "voucher",
		SourceID:    v.ID,
		AmountCents: amount,
		CreatedAt:   s.now(),
	}
	if err := s.credits.Create(ctx, credit); err != nil {
		return nil, fmt.Errorf("voucher %s credit: %w", v.ID, err)
	}
	if err := s.bookings.ApplyCredit(ctx, b.ID, amount); err != nil {
		return nil, fmt.Errorf("voucher %s apply to booking %s: %w", v.ID, b.ID, err)
	}
	return credit, nil
}

// Deliver emails a paid voucher to its recipient.
func (s *voucherService) Deliver(ctx context.Context, voucherID string) error {
	v, err := s.vouchers.Get(ctx, voucherID)
	if err != nil {
		return notFoundOr(err, "voucher")
	}
	if v.Status != domain.VoucherActive || v.DeliveredAt != nil {
		return nil
	}
	err = s.notifier.SendEmail(ctx, messaging.Email{
		To:       v.RecipientEmail,
		Subject:  "You've been sent a Fairway Links gift voucher",
		Template: "gift-voucher",
		Vars: map[string]string{
			"recipient_name": v.RecipientName,
			"code":           v.Code,
			"amount":         formatMoney(v.FaceValueCents, v.Currency),
			"message":        v.Message,
			"expires":        v.ExpiresAt.Format("2 January 2006"),
		},
		ReplyTo: v.PurchaserEmail,
		Tags:    []string{"voucher"},
	})
	if err != nil {
		return fmt.Errorf("deliver voucher %s: %w", v.ID, err)
	}
	_, err = s.vouchers.Update(ctx, v.ID, map[string]any{"delivered_at": s.now(), "updated_at": s.now()})
	return err
}

func formatMoney(cents int64, currency string) string {
	sym := "$"
	switch currency {
	case "gbp":
		sym = "£"
	case "eur":
		sym = "€"
	}
	return fmt.Sprintf("%s%d.%02d", sym, cents/100, cents%100)
}
