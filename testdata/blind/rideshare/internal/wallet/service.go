// Package wallet lets riders pre-fund a ride wallet from their card.
package wallet

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/provider/payments"
	"github.com/wayfare/ridepay/internal/store"
)

// TopUpRequest is a rider's wallet top-up.
type TopUpRequest struct {
	RiderID     uuid.UUID `json:"-"`
	AmountCents int64     `json:"amount_cents" binding:"required,gt=0"`
	Currency    string    `json:"currency" binding:"required,len=3"`
}

// Errors surfaced to the API layer.
var (
	ErrKeyReuse = errors.New("idempotency key reused with a different request")
	ErrRefused  = errors.New("payment refused")
)

// Charger is the subset of the acquirer client used here.
type Charger interface {
	ChargeStoredCard(ctx context.Context, p payments.StoredCardPayment, opts ...payments.CallOption) (*payments.PaymentResponse, error)
}

// Service tops up rider wallets.
type Service interface {
	TopUp(ctx context.Context, idempotencyKey string, req TopUpRequest) (db.WalletTopup, error)
}

type service struct {
	sqldb   *sql.DB
	q       *db.Queries
	riders  store.DriverRepo
	idem    store.IdempotencyRepo
	charger Charger
	log     *slog.Logger
}

// NewService wires the wallet service.
func NewService(sqldb *sql.DB, riders store.DriverRepo, idem store.IdempotencyRepo, charger Charger, log *slog.Logger) Service {
	return &service{sqldb: sqldb, q: db.New(sqldb), riders: riders, idem: idem, charger: charger, log: log}
}

func (s *service) TopUp(ctx context.Context, key string, req TopUpRequest) (db.WalletTopup, error) {
	var t db.WalletTopup
	err := store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		claimed, err := s.idem.Claim(ctx, q, "wallet_topup", key, fmt.Sprintf("%s|%d|%s", req.RiderID, req.AmountCents, req.Currency))
		if err != nil {
			return err
		}
		if !claimed {
			t, err = q.GetWalletTopupByKey(ctx, key)
			if err != nil {
				return err
			}
			if t.RiderID != req.RiderID || t.AmountCents != req.AmountCents {
				return ErrKeyReuse
			}
			return nil
		}
		t = db.WalletTopup{
			ID:             uuid.New(),
			RiderID:        req.RiderID,
			IdempotencyKey: key,
			AmountCents:    req.AmountCents,
			Currency:       req.Currency,
			Status:         "pending",
		}
		return q.InsertWalletTopup(ctx, db.InsertWalletTopupParams{
			ID:             t.ID,
			RiderID:        t.RiderID,
			IdempotencyKey: t.IdempotencyKey,
			AmountCents:    t.AmountCents,
			Currency:       t.Currency,
		})
	})
	if err != nil {
		return db.WalletTopup{}, err
	}
	if t.Status != "pending" {
		return t, nil
	}

	pm, err := s.riders.GetRiderPaymentMethod(ctx, req.RiderID)
	if err != nil {
		return t, fmt.Errorf("load payment method: %w", err)
	}
	res, err := s.charger.ChargeStoredCard(ctx, payments.StoredCardPayment{
		Amount:           payments.Amount{Value: t.AmountCents, Currency: t.Currency},
		Reference:        "topup-" + t.ID.String(),
		ShopperReference: pm.ShopperReference,
		StoredMethodID:   pm.StoredMethodID,
		Statement:        "Ride wallet top-up",
	}, payments.WithIdempotencyKey("wallet-topup:"+t.ID.String()))
	if err != nil {
		return t, err
	}
	if !res.Authorised() {
		return t, fmt.Errorf("%w: %s", ErrRefused, res.RefusalReason)
	}
	if _, err := s.q.MarkWalletTopupSucceeded(ctx, db.MarkWalletTopupSucceededParams{
		ID:           t.ID,
		PspReference: sql.NullString{String: res.PspReference, Valid: true},
	}); err != nil {
		return t, fmt.Errorf("mark top-up succeeded: %w", err)
	}
	t.Status = "succeeded"
	t.PspReference = sql.NullString{String: res.PspReference, Valid: true}
	s.log.InfoContext(ctx, "wallet topped up", "topup_id", t.ID, "rider_id", t.RiderID, "amount", t.AmountCents)
	return t, nil
}
