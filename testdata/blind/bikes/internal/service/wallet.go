package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/ids"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/store"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

const (
	minTopupCents = 500
	maxTopupCents = 10000
)

// WalletService manages stored balance: top-ups, credits and debits.
type WalletService interface {
	TopUp(ctx context.Context, riderID uuid.UUID, amountCents int64, opts ...payments.CallOption) (db.Topup, error)
	AutoReload(ctx context.Context, riderID uuid.UUID, trigger string) error
	ApplyTopupSucceeded(ctx context.Context, paymentIntentID string) error
	Credit(ctx context.Context, riderID uuid.UUID, amountCents int64, reason, reference string) (int64, error)
	Debit(ctx context.Context, riderID uuid.UUID, amountCents int64, reason, reference string) (int64, error)
	CreditForTask(ctx context.Context, taskID string, p tasks.WalletCreditPayload) error
}

type walletService struct {
	tx       store.TxRunner
	wallets  repository.Wallets
	riders   repository.Riders
	events   repository.Events
	gateway  payments.Gateway
	currency string
	log      *slog.Logger
}

func newWalletService(tx store.TxRunner, wallets repository.Wallets, riders repository.Riders, events repository.Events,
	gateway payments.Gateway, settings Settings, log *slog.Logger) *walletService {
	return &walletService{
		tx:       tx,
		wallets:  wallets,
		riders:   riders,
		events:   events,
		gateway:  gateway,
		currency: settings.Currency,
		log:      log,
	}
}

func (s *walletService) TopUp(ctx context.Context, riderID uuid.UUID, amountCents int64, opts ...payments.CallOption) (db.Topup, error) {
	if amountCents < minTopupCents || amountCents > maxTopupCents {
		return db.Topup{}, fmt.Errorf("%w: top-up must be between %d and %d cents", ErrInvalid, minTopupCents, maxTopupCents)
	}
	rider, err := s.riders.Get(ctx, riderID)
	if err != nil {
		return db.Topup{}, err
	}
	if !rider.PaymentMethodID.Valid {
		return db.Topup{}, fmt.Errorf("%w: no saved card", ErrInvalid)
	}
	return s.chargeTopup(ctx, rider, amountCents, "app", opts...)
}

func (s *walletService) chargeTopup(ctx context.Context, rider db.Rider, amountCents int64, source string, opts ...payments.CallOption) (db.Topup, error) {
	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      rider.StripeCustomerID.String,
		PaymentMethodID: rider.PaymentMethodID.String,
		AmountCents:     amountCents,
		Currency:        s.currency,
		Description:     "CycleGrid wallet top-up",
		Metadata: map[string]string{
			"kind":     "topup",
			"rider_id": rider.ID.String(),
			"source":   source,
		},
	}, opts...)
	if errors.Is(err, payments.ErrCardDeclined) {
		return db.Topup{}, fmt.Errorf("%w: %v", ErrPaymentDeclined, err)
	}
	if err != nil {
		return db.Topup{}, err
	}
	return s.wallets.CreateTopup(ctx, db.CreateTopupParams{
		ID:              "tu_" + ids.KSUIDs.New(),
		RiderID:         rider.ID,
		AmountCents:     amountCents,
		Source:          source,
		Status:          "pending",
		PaymentIntentID: pgtype.Text{String: res.PaymentIntentID, Valid: true},
	})
}

func (s *walletService) AutoReload(ctx context.Context, riderID uuid.UUID, trigger string) error {
	rider, err := s.riders.Get(ctx, riderID)
	if err != nil {
		return err
	}
	if !rider.AutoreloadEnabled || !rider.PaymentMethodID.Valid {
		return nil
	}
	balance, err := s.wallets.Balance(ctx, riderID)
	if err != nil {
		return err
	}
	if balance >= rider.AutoreloadThreshold {
		return nil
	}
	s.log.InfoContext(ctx, "auto-reloading wallet", "rider_id", riderID, "balance", balance, "trigger", trigger)
	_, err = s.chargeTopup(ctx, rider, rider.AutoreloadAmount, "autoreload")
	return err
}

// ApplyTopupSucceeded credits the wallet for a top-up whose PaymentIntent
// has succeeded.
func (s *walletService) ApplyTopupSucceeded(ctx context.Context, paymentIntentID string) error {
	return s.tx.InTx(ctx, func(q db.Querier) error {
		wallets := s.wallets.With(q)
		topup, err := wallets.TopupByPaymentIntent(ctx, paymentIntentID)
		if errors.Is(err, repository.ErrNotFound) {
			s.log.WarnContext(ctx, "no top-up for payment intent", "payment_intent", paymentIntentID)
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := wallets.Apply(ctx, topup.RiderID, topup.AmountCents, "topup", topup.ID); err != nil {
			return err
		}
		return wallets.MarkTopupCredited(ctx, topup.ID)
	})
}

func (s *walletService) Credit(ctx context.Context, riderID uuid.UUID, amountCents int64, reason, reference string) (int64, error) {
	if amountCents <= 0 {
		return 0, fmt.Errorf("%w: credit must be positive", ErrInvalid)
	}
	return store.InTxResult(ctx, s.tx, func(q db.Querier) (int64, error) {
		return s.wallets.With(q).Apply(ctx, riderID, amountCents, reason, reference)
	})
}

func (s *walletService) Debit(ctx context.Context, riderID uuid.UUID, amountCents int64, reason, reference string) (int64, error) {
	return store.InTxResult(ctx, s.tx, func(q db.Querier) (int64, error) {
		wallets := s.wallets.With(q)
		balance, err := wallets.Balance(ctx, riderID)
		if err != nil {
			return 0, err
		}
		if balance < amountCents {
			return balance, ErrInsufficientFunds
		}
		return wallets.Apply(ctx, riderID, -amountCents, reason, reference)
	})
}

const walletCreditConsumer = "task:wallet-credit"

// CreditForTask applies a queued credit once per task id.
func (s *walletService) CreditForTask(ctx context.Context, taskID string, p tasks.WalletCreditPayload) error {
	return s.tx.InTx(ctx, func(q db.Querier) error {
		fresh, err := s.events.With(q).Claim(ctx, walletCreditConsumer, taskID)
		if err != nil {
			return err
		}
		if !fresh {
			s.log.InfoContext(ctx, "wallet credit already applied", "task_id", taskID)
			return nil
		}
		_, err = s.wallets.With(q).Apply(ctx, p.RiderID, p.AmountCents, p.Reason, p.Reference)
		return err
	})
}
