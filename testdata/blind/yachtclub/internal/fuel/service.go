// Package fuel records fuel-dock sales and self-service pump dispenses.
package fuel

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/payments"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// PostedPrices is the per-gallon member price by grade, in cents. The
// harbourmaster updates it when the supplier delivers.
var PostedPrices = map[string]int64{
	"diesel":  489,
	"gas_e0":  559,
	"gas_e10": 519,
}

// Service is the fuel surface.
type Service interface {
	Purchase(ctx context.Context, in PurchaseInput) (*domain.FuelPurchase, error)
	RecordDispense(ctx context.Context, in DispenseInput) error
}

type PurchaseInput struct {
	TicketNumber string
	MemberID     string
	FuelGrade    string
	GallonsMilli int64
	AttendantID  string
}

type DispenseInput struct {
	PumpID       string
	PumpSequence int64
	MemberID     string
	FobID        string
	FuelGrade    string
	GallonsMilli int64
	DispensedAt  time.Time
}

type service struct {
	db           bun.IDB
	uow          uow.UnitOfWork
	repos        *store.Repos
	gateway      payments.Gateway
	newID        ids.Generator
	newChargeKey func() string
	now          func() time.Time
}

// New builds the fuel service. chargeKey produces the Stripe idempotency key
// for dock charges.
func New(db *bun.DB, u uow.UnitOfWork, repos *store.Repos, gw payments.Gateway, chargeKey func() string) Service {
	return &service{db: db, uow: u, repos: repos, gateway: gw, newID: ids.ULIDs, newChargeKey: chargeKey, now: time.Now}
}

func amountFor(grade string, gallonsMilli int64) (int64, int64, error) {
	price, ok := PostedPrices[grade]
	if !ok {
		return 0, 0, httpx.Invalid("unknown fuel grade %q", grade)
	}
	if gallonsMilli <= 0 {
		return 0, 0, httpx.Invalid("gallons must be positive")
	}
	amount := int64(math.Round(float64(gallonsMilli) * float64(price) / 1000))
	return price, amount, nil
}

// Purchase records an attended fuel-dock sale and charges the member's card
// on file.
func (s *service) Purchase(ctx context.Context, in PurchaseInput) (*domain.FuelPurchase, error) {
	price, amount, err := amountFor(in.FuelGrade, in.GallonsMilli)
	if err != nil {
		return nil, err
	}
	m, err := s.repos.Members.Get(ctx, s.db, in.MemberID)
	if err != nil {
		return nil, notFound(err)
	}
	if m.StripeCustomerID == "" {
		return nil, httpx.Conflict("member has no card on file")
	}

	p := &domain.FuelPurchase{
		ID:             s.newID(),
		TicketNumber:   in.TicketNumber,
		MemberID:       m.ID,
		FuelGrade:      in.FuelGrade,
		GallonsMilli:   in.GallonsMilli,
		PricePerGallon: price,
		AmountCents:    amount,
		Status:         "pending",
		CreatedAt:      s.now(),
	}
	created, err := s.repos.Fuel.InsertPurchaseIfAbsent(ctx, s.db, p)
	if err != nil {
		return nil, fmt.Errorf("record fuel ticket: %w", err)
	}
	if !created {
		if p, err = s.repos.Fuel.GetByTicket(ctx, s.db, in.TicketNumber); err != nil {
			return nil, err
		}
		switch p.Status {
		case "charged":
			return p, nil
		case "failed":
			return nil, httpx.Conflict("ticket %s was declined: %s", p.TicketNumber, p.FailureReason)
		}
	}

	pm, err := s.gateway.DefaultPaymentMethod(ctx, m.StripeCustomerID)
	if err != nil {
		return nil, httpx.Conflict("member has no usable card on file")
	}
	res, err := s.gateway.ChargeOffSession(ctx, payments.ChargeRequest{
		CustomerID:      m.StripeCustomerID,
		PaymentMethodID: pm,
		AmountCents:     p.AmountCents,
		Description:     fmt.Sprintf("Fuel dock ticket %s — %.3f gal %s", p.TicketNumber, float64(p.GallonsMilli)/1000, p.FuelGrade),
		StatementSuffix: "FUEL DOCK",
		Metadata:        map[string]string{"fuel_ticket": p.TicketNumber, "member_id": m.ID},
		IdempotencyKey:  s.newChargeKey(),
	})
	if errors.Is(err, payments.ErrCardDeclined) {
		_ = s.repos.Fuel.MarkFailed(ctx, s.db, p.ID, err.Error())
		return nil, &httpx.Error{Status: 402, Code: "card_declined", Message: err.Error()}
	}
	if err != nil {
		return nil, err
	}

	now := s.now()
	err = s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.repos.Fuel.MarkCharged(ctx, tx, p.ID, res.PaymentIntentID); err != nil {
			return err
		}
		// Show the sale and the card payment on the member's statement.
		if err := s.repos.Accounts.Post(ctx, tx, &domain.AccountTransaction{
			ID: s.newID(), MemberID: m.ID, Kind: domain.TxnFuel, AmountCents: p.AmountCents,
			Description: "Fuel dock ticket " + p.TicketNumber, Reference: p.ID, PostedAt: now,
		}); err != nil {
			return err
		}
		return s.repos.Accounts.Post(ctx, tx, &domain.AccountTransaction{
			ID: s.newID(), MemberID: m.ID, Kind: domain.TxnPayment, AmountCents: -p.AmountCents,
			Description: "Card payment, fuel ticket " + p.TicketNumber, Reference: res.PaymentIntentID, PostedAt: now,
		})
	})
	if err != nil {
		return nil, err
	}
	p.Status, p.PaymentIntentID = "charged", res.PaymentIntentID
	return p, nil
}

// RecordDispense charges a self-service pump dispense to the member's house
// account; it is settled on the monthly statement.
func (s *service) RecordDispense(ctx context.Context, in DispenseInput) error {
	_, amount, err := amountFor(in.FuelGrade, in.GallonsMilli)
	if err != nil {
		return err
	}
	now := s.now()
	return s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		d := &domain.FuelDispense{
			PumpID:       in.PumpID,
			PumpSequence: in.PumpSequence,
			MemberID:     in.MemberID,
			FobID:        in.FobID,
			FuelGrade:    in.FuelGrade,
			GallonsMilli: in.GallonsMilli,
			AmountCents:  amount,
			DispensedAt:  in.DispensedAt,
			RecordedAt:   now,
		}
		if err := s.repos.Fuel.RecordDispense(ctx, tx, d); err != nil {
			return err
		}
		return s.repos.Accounts.Post(ctx, tx, &domain.AccountTransaction{
			ID:          s.newID(),
			MemberID:    in.MemberID,
			Kind:        domain.TxnFuel,
			AmountCents: amount,
			Description: fmt.Sprintf("Self-serve pump %s, %.3f gal %s", in.PumpID, float64(in.GallonsMilli)/1000, in.FuelGrade),
			Reference:   d.ID,
			PostedAt:    in.DispensedAt,
		})
	})
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return httpx.Wrap(httpx.ErrNotFound, err)
	}
	return err
}
