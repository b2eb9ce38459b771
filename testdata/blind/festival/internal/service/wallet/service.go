// Package wallet implements balance movements on attendee wallets. Every
// movement updates the balance and appends a ledger line in one
// transaction.
package wallet

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/store"
)

const (
	maxGiftCents = 100_00
	scopeGift    = "gift"
)

type Service struct {
	store *store.Store
}

func NewService(s *store.Store) *Service {
	return &Service{store: s}
}

func (s *Service) Get(ctx context.Context, id uuid.UUID) (db.Wallet, error) {
	w, err := s.store.GetWallet(ctx, id)
	if store.NoRows(err) {
		return db.Wallet{}, apperr.NotFound("wallet_not_found", "wallet %s not found", id)
	}
	return w, err
}

// Debit takes amount from the wallet, failing when the balance is short.
func (s *Service) Debit(ctx context.Context, walletID uuid.UUID, amount int64, kind, reference string) (db.Wallet, error) {
	return store.InTxResult(ctx, s.store, func(q *db.Queries) (db.Wallet, error) {
		w, err := q.DebitWallet(ctx, db.DebitWalletParams{ID: walletID, Amount: amount})
		if store.NoRows(err) {
			return db.Wallet{}, apperr.Unprocessable("insufficient_funds", "wallet %s has insufficient funds", walletID)
		}
		if err != nil {
			return db.Wallet{}, err
		}
		return w, store.Post(ctx, q, walletID, kind, -amount, reference)
	})
}

// Credit adds amount to the wallet.
func (s *Service) Credit(ctx context.Context, walletID uuid.UUID, amount int64, kind, reference string) (db.Wallet, error) {
	return store.InTxResult(ctx, s.store, func(q *db.Queries) (db.Wallet, error) {
		return creditIn(ctx, q, walletID, amount, kind, reference)
	})
}

func creditIn(ctx context.Context, q *db.Queries, walletID uuid.UUID, amount int64, kind, reference string) (db.Wallet, error) {
	w, err := q.CreditWallet(ctx, db.CreditWalletParams{ID: walletID, Amount: amount})
	if err != nil {
		return db.Wallet{}, fmt.Errorf("credit wallet %s: %w", walletID, err)
	}
	return w, store.Post(ctx, q, walletID, kind, amount, reference)
}

// HoldForRefund moves the whole spendable balance into the reserved bucket
// and returns the amount moved.
func (s *Service) HoldForRefund(ctx context.Context, walletID uuid.UUID) (int64, error) {
	return store.InTxResult(ctx, s.store, func(q *db.Queries) (int64, error) {
		before, err := q.GetWalletForUpdate(ctx, walletID)
		if err != nil {
			return 0, err
		}
		if _, err := q.ReserveBalanceForRefund(ctx, walletID); err != nil {
			if store.NoRows(err) {
				return 0, apperr.Unprocessable("nothing_to_refund", "wallet %s has no balance to refund", walletID)
			}
			return 0, err
		}
		if err := store.Post(ctx, q, walletID, store.LedgerRefundHold, -before.BalanceCents, "refund-hold"); err != nil {
			return 0, err
		}
		return before.BalanceCents, nil
	})
}

type GiftInput struct {
	FromWalletID   uuid.UUID
	FromAttendee   uuid.UUID
	ToWristbandUID string
	AmountCents    int64
	IdempotencyKey string
}

type GiftResult struct {
	FromBalance int64  `json:"from_balance_cents"`
	ToWristband string `json:"to_wristband_uid"`
	Amount      int64  `json:"amount_cents"`
}

// Gift sends credit from one attendee's wallet to the wallet behind another
// wristband ("buy your friend a drink").
func (s *Service) Gift(ctx context.Context, in GiftInput) (GiftResult, error) {
	if in.AmountCents <= 0 || in.AmountCents > maxGiftCents {
		return GiftResult{}, apperr.Invalid("amount", "gift must be between 0.01 and %d.00", maxGiftCents/100)
	}
	from, err := s.Get(ctx, in.FromWalletID)
	if err != nil {
		return GiftResult{}, err
	}
	if from.AttendeeID != in.FromAttendee {
		return GiftResult{}, apperr.Forbidden("not_owner", "wallet does not belong to caller")
	}
	to, err := s.store.GetWristband(ctx, in.ToWristbandUID)
	if err != nil {
		if store.NoRows(err) {
			return GiftResult{}, apperr.NotFound("wristband_not_found", "wristband %s not found", in.ToWristbandUID)
		}
		return GiftResult{}, err
	}
	if to.WalletID == nil || *to.WalletID == from.ID {
		return GiftResult{}, apperr.Invalid("recipient", "wristband %s cannot receive gifts", in.ToWristbandUID)
	}

	ref := "gift:" + in.IdempotencyKey
	debited, err := s.Debit(ctx, from.ID, in.AmountCents, store.LedgerGiftOut, ref)
	if err != nil {
		return GiftResult{}, err
	}
	err = s.store.InTx(ctx, func(q *db.Queries) error {
		_, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
			Scope:      scopeGift,
			Key:        in.IdempotencyKey,
			ResourceID: to.Uid,
		})
		if store.NoRows(err) {
			return apperr.Conflict("duplicate_gift", "gift %s already delivered", in.IdempotencyKey)
		}
		if err != nil {
			return err
		}
		_, err = creditIn(ctx, q, *to.WalletID, in.AmountCents, store.LedgerGiftIn, ref)
		return err
	})
	if err != nil {
		return GiftResult{}, err
	}
	return GiftResult{FromBalance: debited.BalanceCents, ToWristband: to.Uid, Amount: in.AmountCents}, nil
}

type AutoreloadInput struct {
	WalletID        uuid.UUID
	CardToken       string
	ThresholdCents  int64
	AmountCents     int64
	RequestAttendee uuid.UUID
}

func (s *Service) ConfigureAutoreload(ctx context.Context, in AutoreloadInput) error {
	w, err := s.Get(ctx, in.WalletID)
	if err != nil {
		return err
	}
	if w.AttendeeID != in.RequestAttendee {
		return apperr.Forbidden("not_owner", "wallet does not belong to caller")
	}
	return s.store.SetAutoreload(ctx, db.SetAutoreloadParams{
		ID:             in.WalletID,
		CardToken:      &in.CardToken,
		ThresholdCents: &in.ThresholdCents,
		AmountCents:    &in.AmountCents,
	})
}
