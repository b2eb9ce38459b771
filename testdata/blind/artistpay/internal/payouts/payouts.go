// Package payouts moves money from artists' balances to their bank
// accounts and cards through PayRail.
package payouts

import (
	"context"
	"errors"

	"github.com/google/wire"
	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/tasks"
)

// ProviderSet wires the payouts services.
var ProviderSet = wire.NewSet(
	NewSubmitQueue,
	NewWithdrawals,
	NewAccounts,
	NewInstant,
	NewSubmitter,
	NewCycle,
	NewSettlement,
	NewReconciler,
	NewHolds,
)

// Errors.
var (
	ErrAccountNotFound = errors.New("payouts: payout account not found")
	ErrKeyReused       = errors.New("payouts: idempotency key reused with a different request")
	ErrBelowMinimum    = errors.New("payouts: amount below minimum")
	ErrInsufficient    = errors.New("payouts: insufficient available balance")
	ErrPayoutNotFound  = errors.New("payouts: payout not found")
)

// MinimumWithdrawalMicros is the smallest on-demand withdrawal.
const MinimumWithdrawalMicros = 10_000_000

// SubmitQueue schedules payouts:submit tasks.
type SubmitQueue func(ctx context.Context, payoutID string) error

// NewSubmitQueue enqueues one submit task per payout.
func NewSubmitQueue(q tasks.Enqueuer) SubmitQueue {
	return func(ctx context.Context, payoutID string) error {
		return tasks.Enqueue(ctx, q, tasks.TypePayoutSubmit,
			tasks.PayoutSubmitPayload{PayoutID: payoutID},
			tasks.Once("payout-submit:"+payoutID)...)
	}
}

func activeAccount(tx *gorm.DB, artistID, accountID, method string) (*models.PayoutAccount, error) {
	var acct models.PayoutAccount
	q := tx.Where("artist_id = ? AND method = ? AND status = ?", artistID, method, "active")
	if accountID != "" {
		q = q.Where("id = ?", accountID)
	}
	err := q.Order("created_at DESC").First(&acct).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrAccountNotFound
	}
	return &acct, err
}

func toMinor(micros int64) int64 { return micros / 10000 }

func ptr[T any](v T) *T { return &v }
