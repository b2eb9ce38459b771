package billing

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/payments"
	"github.com/deskhive/coworking/internal/store"
)

// PassService sells day passes and books ad-hoc charges.
type PassService interface {
	BuyDayPass(ctx context.Context, memberID uuid.UUID, day time.Time) (db.DayPass, error)
	AddCharge(ctx context.Context, in ChargeInput) (db.OneOffCharge, error)
}

// ChargeInput is a one-off charge (printing, locker, late checkout) that is
// added to the member's next invoice.
type ChargeInput struct {
	IdempotencyKey string
	MemberID       uuid.UUID
	Description    string
	AmountCents    int64
}

type passService struct {
	store    store.Store
	payments payments.Gateway
	attempts attemptLog
	price    int64
	currency string
	log      *slog.Logger
}

// PassPricing configures prices.
type PassPricing struct {
	DayPassCents int64
	Currency     string
}

// NewPassService builds the pass service.
func NewPassService(s store.Store, pg payments.Gateway, pricing PassPricing, log *slog.Logger) PassService {
	return &passService{
		store:    s,
		payments: pg,
		attempts: attemptLog{q: s},
		price:    pricing.DayPassCents,
		currency: pricing.Currency,
		log:      log,
	}
}

func (s *passService) BuyDayPass(ctx context.Context, memberID uuid.UUID, day time.Time) (db.DayPass, error) {
	member, err := s.store.GetMember(ctx, memberID)
	if err != nil {
		return db.DayPass{}, err
	}
	if !member.StripeCustomerID.Valid {
		return db.DayPass{}, ErrNoPaymentProfile
	}

	pass, err := s.store.UpsertDayPass(ctx, db.UpsertDayPassParams{
		ID:          idgen.NewID(),
		MemberID:    memberID,
		PassDate:    day,
		AmountCents: s.price,
	})
	if err != nil {
		return db.DayPass{}, fmt.Errorf("reserve day pass: %w", err)
	}
	if pass.Status == "paid" {
		return pass, nil
	}

	pi, err := s.payments.Charge(ctx, payments.ChargeInput{
		CustomerID:  member.StripeCustomerID.String,
		AmountCents: pass.AmountCents,
		Currency:    s.currency,
		Description: "Day pass " + day.Format("2006-01-02"),
	},
		payments.WithIdempotencyKey(idgen.Derived("day-pass", pass.ID.String())),
		payments.WithMetadata("day_pass_id", pass.ID.String()),
	)
	ref := ""
	if pi != nil {
		ref = pi.ID
	}
	s.attempts.record(ctx, "day_pass", pass.ID.String(), ref, err)
	if err != nil {
		return db.DayPass{}, err
	}

	if err := s.store.MarkDayPassPaid(ctx, db.MarkDayPassPaidParams{
		ID:              pass.ID,
		PaymentIntentID: sql.NullString{String: pi.ID, Valid: true},
	}); err != nil {
		return db.DayPass{}, fmt.Errorf("mark day pass paid: %w", err)
	}
	pass.Status = "paid"
	pass.PaymentIntentID = sql.NullString{String: pi.ID, Valid: true}
	return pass, nil
}

func (s *passService) AddCharge(ctx context.Context, in ChargeInput) (db.OneOffCharge, error) {
	member, err := s.store.GetMember(ctx, in.MemberID)
	if err != nil {
		return db.OneOffCharge{}, err
	}
	if !member.StripeCustomerID.Valid {
		return db.OneOffCharge{}, ErrNoPaymentProfile
	}

	key := idgen.Derived(in.MemberID.String(), in.IdempotencyKey)
	charge, err := s.store.InsertOneOffCharge(ctx, db.InsertOneOffChargeParams{
		ID:             idgen.NewID(),
		MemberID:       in.MemberID,
		IdempotencyKey: key,
		Description:    in.Description,
		AmountCents:    in.AmountCents,
	})
	if store.IsNotFound(err) {
		charge, err = s.store.GetOneOffChargeByKey(ctx, key)
	}
	if err != nil {
		return db.OneOffCharge{}, fmt.Errorf("record charge: %w", err)
	}
	if charge.StripeInvoiceItemID.Valid {
		return charge, nil
	}

	itemID, err := s.payments.AddInvoiceItem(ctx, payments.InvoiceItemInput{
		CustomerID:  member.StripeCustomerID.String,
		AmountCents: charge.AmountCents,
		Currency:    s.currency,
		Description: charge.Description,
	}, payments.WithIdempotencyKey(idgen.Derived("one-off", charge.ID.String())))
	if err != nil {
		return db.OneOffCharge{}, err
	}
	charge.StripeInvoiceItemID = sql.NullString{String: itemID, Valid: true}
	if err := s.store.SetOneOffChargeInvoiceItem(ctx, db.SetOneOffChargeInvoiceItemParams{
		ID:                  charge.ID,
		StripeInvoiceItemID: charge.StripeInvoiceItemID,
	}); err != nil {
		return db.OneOffCharge{}, err
	}
	return charge, nil
}
