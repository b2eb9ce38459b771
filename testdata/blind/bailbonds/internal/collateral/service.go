// Package collateral tracks collateral posted against bonds (cash, wire,
// card) and gives it back when the bond is exonerated and the case closes.
package collateral

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/jobs/tasks"
	"github.com/keystonebail/bondline/internal/ledger"
	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/platform/ids"
	"github.com/keystonebail/bondline/internal/providers/stripepay"
)

// Deposit kinds.
const (
	KindCash = "cash"
	KindWire = "wire"
	KindCard = "card"
)

// Deposit statuses.
const (
	StatusHeld      = "held"
	StatusRefunding = "refunding"
	StatusRefunded  = "refunded"
)

// Deposit is collateral held against a bond.
type Deposit struct {
	ID                    uuid.UUID  `db:"id" json:"id"`
	BondID                uuid.UUID  `db:"bond_id" json:"bond_id"`
	Kind                  string     `db:"kind" json:"kind"`
	AmountCents           int64      `db:"amount_cents" json:"amount_cents"`
	Reference             string     `db:"reference" json:"reference"`
	StripePaymentIntentID *string    `db:"stripe_payment_intent_id" json:"-"`
	ReceivedBy            string     `db:"received_by" json:"received_by"`
	Status                string     `db:"status" json:"status"`
	ReceivedAt            time.Time  `db:"received_at" json:"received_at"`
	RefundedAt            *time.Time `db:"refunded_at" json:"refunded_at,omitempty"`
}

// Bond is the part of a bond the collateral flows need.
type Bond struct {
	ID     uuid.UUID `db:"id"`
	Status string    `db:"status"`
}

// RefundRecord tracks one deposit's return.
type RefundRecord struct {
	ID             uuid.UUID `db:"id"`
	DepositID      uuid.UUID `db:"deposit_id"`
	AmountCents    int64     `db:"amount_cents"`
	Method         string    `db:"method"`
	StripeRefundID *string   `db:"stripe_refund_id"`
	Status         string    `db:"status"`
}

// DepositRepository persists deposits.
type DepositRepository interface {
	Insert(ctx context.Context, db sqlx.ExtContext, d *Deposit) error
	InsertCard(ctx context.Context, db sqlx.ExtContext, d *Deposit) (bool, error)
	GetByIntent(ctx context.Context, db sqlx.ExtContext, intentID string) (*Deposit, error)
	GetForUpdate(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*Deposit, error)
	ListHeld(ctx context.Context, db sqlx.ExtContext, bondID uuid.UUID) ([]Deposit, error)
	ClaimForRefund(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (bool, error)
	MarkRefunded(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, at time.Time) error
}

// RefundRepository persists refund records.
type RefundRepository interface {
	Insert(ctx context.Context, db sqlx.ExtContext, r *RefundRecord) error
	GetByDeposit(ctx context.Context, db sqlx.ExtContext, depositID uuid.UUID) (*RefundRecord, error)
	Complete(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, stripeRefundID *string, at time.Time) error
}

// BondRepository reads and closes bonds.
type BondRepository interface {
	Get(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*Bond, error)
	Close(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, reason string, at time.Time) error
}

// LedgerWriter books ledger lines.
type LedgerWriter interface {
	Post(ctx context.Context, db sqlx.ExtContext, e ledger.Entry) error
}

// Payments is the card processor.
type Payments interface {
	Charge(ctx context.Context, in stripepay.ChargeInput) (*stripepay.Charge, error)
	Refund(ctx context.Context, in stripepay.RefundInput) (*stripepay.Refund, error)
}

// EnqueueFunc records a background task in the caller's transaction.
type EnqueueFunc func(ctx context.Context, db sqlx.ExtContext, taskType string, payload any) error

// Service manages collateral.
type Service struct {
	db       *sqlx.DB
	deposits DepositRepository
	refunds  RefundRepository
	bonds    BondRepository
	ledger   LedgerWriter
	payments Payments
	enqueue  EnqueueFunc
	now      func() time.Time
	// RefundFee is withheld from card refunds to cover processing costs.
	RefundFee func(d Deposit) int64
}

// NewService wires a Service.
func NewService(db *sqlx.DB, deposits DepositRepository, refunds RefundRepository, bonds BondRepository,
	lw LedgerWriter, payments Payments, enqueue EnqueueFunc) *Service {
	return &Service{
		db: db, deposits: deposits, refunds: refunds, bonds: bonds, ledger: lw,
		payments: payments, enqueue: enqueue, now: time.Now,
		RefundFee: func(Deposit) int64 { return 0 },
	}
}

// DepositInput records collateral received at the office.
type DepositInput struct {
	ID          uuid.UUID
	BondID      uuid.UUID
	Kind        string
	AmountCents int64
	Reference   string
	ReceivedBy  string
}

// RecordDeposit books cash or wire collateral an agent has received.
func (s *Service) RecordDeposit(ctx context.Context, in DepositInput) (*Deposit, error) {
	if in.Kind != KindCash && in.Kind != KindWire {
		return nil, apperr.Invalid("kind must be cash or wire")
	}
	if in.AmountCents <= 0 {
		return nil, apperr.Invalid("amount must be positive")
	}
	d := &Deposit{
		ID:          in.ID,
		BondID:      in.BondID,
		Kind:        in.Kind,
		AmountCents: in.AmountCents,
		Reference:   in.Reference,
		ReceivedBy:  in.ReceivedBy,
		Status:      StatusHeld,
		ReceivedAt:  s.now(),
	}
	err := database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.requireActive(ctx, tx, in.BondID); err != nil {
			return err
		}
		if err := s.deposits.Insert(ctx, tx, d); err != nil {
			return err
		}
		return s.ledger.Post(ctx, tx, ledger.Entry{
			BondID: ledger.Ref(d.BondID), Kind: ledger.CollateralHeld,
			AmountCents: d.AmountCents, Reference: d.ID.String(), BusinessDate: d.ReceivedAt,
		})
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// CardDepositInput is a card collateral payment taken by the portal.
type CardDepositInput struct {
	BondID          uuid.UUID
	AmountCents     int64
	PaymentMethodID string
	ReceiptEmail    string
	// RequestKey is the client's Idempotency-Key for this deposit.
	RequestKey string
}

// ChargeCardDeposit charges collateral to a card and books it.
func (s *Service) ChargeCardDeposit(ctx context.Context, in CardDepositInput) (*Deposit, error) {
	if err := s.requireActive(ctx, s.db, in.BondID); err != nil {
		return nil, err
	}
	charge, err := s.payments.Charge(ctx, stripepay.ChargeInput{
		AmountCents:     in.AmountCents,
		PaymentMethodID: in.PaymentMethodID,
		ReceiptEmail:    in.ReceiptEmail,
		Description:     "Bail bond collateral",
		Metadata:        map[string]string{"purpose": "collateral", "bond_id": in.BondID.String()},
		IdempotencyKey:  ids.Scoped("collateral", in.BondID.String(), in.RequestKey),
	})
	if err != nil {
		if errors.Is(err, stripepay.ErrCardDeclined) {
			return nil, apperr.Invalid("%s", err.Error())
		}
		return nil, err
	}

	d := &Deposit{
		ID:                    uuid.New(),
		BondID:                in.BondID,
		Kind:                  KindCard,
		AmountCents:           charge.AmountCents,
		Reference:             charge.PaymentIntentID,
		StripePaymentIntentID: &charge.PaymentIntentID,
		ReceivedBy:            "portal",
		Status:                StatusHeld,
		ReceivedAt:            s.now(),
	}
	err = database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		inserted, err := s.deposits.InsertCard(ctx, tx, d)
		if err != nil || !inserted {
			return err
		}
		return s.ledger.Post(ctx, tx, ledger.Entry{
			BondID: ledger.Ref(d.BondID), Kind: ledger.CollateralHeld,
			AmountCents: d.AmountCents, Reference: charge.PaymentIntentID, BusinessDate: d.ReceivedAt,
		})
	})
	if err != nil {
		return nil, err
	}
	return s.deposits.GetByIntent(ctx, s.db, charge.PaymentIntentID)
}

// CloseResult reports what closing a bond set in motion.
type CloseResult struct {
	BondID         uuid.UUID `json:"bond_id"`
	RefundsQueued  int       `json:"refunds_queued"`
	HeldCollateral int64     `json:"held_collateral_cents"`
}

// CloseBond closes an exonerated bond and queues the return of its
// collateral.
func (s *Service) CloseBond(ctx context.Context, bondID uuid.UUID, reason string) (*CloseResult, error) {
	if err := s.bonds.Close(ctx, s.db, bondID, reason, s.now()); err != nil {
		return nil, err
	}

	res := &CloseResult{BondID: bondID}
	err := database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		held, err := s.deposits.ListHeld(ctx, tx, bondID)
		if err != nil {
			return err
		}
		for _, d := range held {
			if err := s.enqueue(ctx, tx, tasks.TypeCollateralRefund, tasks.CollateralRefundPayload{
				DepositID: d.ID, BondID: bondID,
			}); err != nil {
				return err
			}
			res.RefundsQueued++
			res.HeldCollateral += d.AmountCents
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("queue collateral refunds for bond %s: %w", bondID, err)
	}
	return res, nil
}

func (s *Service) requireActive(ctx context.Context, db sqlx.ExtContext, bondID uuid.UUID) error {
	b, err := s.bonds.Get(ctx, db, bondID)
	if err != nil {
		return err
	}
	if b.Status != "active" {
		return apperr.Conflict("bond %s is %s", bondID, b.Status)
	}
	return nil
}
