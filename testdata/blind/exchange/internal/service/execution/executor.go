// Package execution sends approved withdrawals to the bank or the custody
// provider.
package execution

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/provider/custody"
	"github.com/halyard/funding/internal/store"
)

// ErrNotReady means the job arrived before the withdrawal was approved;
// the message should become visible again later.
var ErrNotReady = errors.New("execution: withdrawal not ready")

// Bank is the bank API used for payouts.
type Bank interface {
	CreatePayout(ctx context.Context, req bank.PayoutRequest) (*bank.Payout, error)
}

// Custody is the custody API used for on-chain transfers.
type Custody interface {
	CreateTransfer(ctx context.Context, b *custody.TransferBuilder) (*custody.Transaction, error)
}

// Delivery describes the queue delivery that triggered an execution.
type Delivery struct {
	MessageID    string
	ReceiveCount int
}

// Config holds account identifiers.
type Config struct {
	OmnibusAccount string
	VaultID        string
}

// Executor performs withdrawals.
type Executor struct {
	store   store.Store
	bank    Bank
	custody Custody
	cfg     Config
	log     *slog.Logger
}

// New wires an Executor.
func New(st store.Store, b Bank, c Custody, cfg Config, log *slog.Logger) *Executor {
	return &Executor{store: st, bank: b, custody: c, cfg: cfg, log: log}
}

// begin moves an approved withdrawal to submitting and logs the attempt.
// It reports whether the caller should (re)submit to the provider.
func (e *Executor) begin(ctx context.Context, id string, d Delivery) (*store.Withdrawal, string, bool, error) {
	var (
		w         *store.Withdrawal
		attemptID string
		proceed   bool
	)
	err := e.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		cur, err := r.Withdrawals.GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		w = cur
		switch cur.Status {
		case store.WithdrawalApproved:
			if _, err := r.Withdrawals.Transition(ctx, cur.ID, []string{store.WithdrawalApproved}, store.WithdrawalSubmitting); err != nil {
				return err
			}
			cur.Status = store.WithdrawalSubmitting
			proceed = true
		case store.WithdrawalSubmitting:
			// A previous attempt stopped between claiming and recording the
			// provider reference; submit again.
			proceed = true
		case store.WithdrawalPendingRisk, store.WithdrawalPendingApproval:
			return ErrNotReady
		default:
			return nil
		}
		attemptID = ids.New()
		return r.Attempts.Log(ctx, &store.WithdrawalAttempt{
			ID:           attemptID,
			WithdrawalID: cur.ID,
			MessageID:    d.MessageID,
			ReceiveCount: d.ReceiveCount,
		})
	})
	return w, attemptID, proceed, err
}

func (e *Executor) finish(ctx context.Context, attemptID string, err error) {
	outcome := "ok"
	if err != nil {
		outcome = err.Error()
	}
	if ferr := e.store.Repos().Attempts.Finish(ctx, attemptID, outcome); ferr != nil {
		e.log.WarnContext(ctx, "attempt log", "attempt_id", attemptID, "err", ferr)
	}
}

// fail marks a submitting withdrawal failed and returns the funds.
func (e *Executor) fail(ctx context.Context, w *store.Withdrawal, reason string) error {
	return e.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		ok, err := r.Withdrawals.Transition(ctx, w.ID, []string{store.WithdrawalSubmitting}, store.WithdrawalFailed)
		if err != nil || !ok {
			return err
		}
		if err := r.Withdrawals.SetStatus(ctx, w.ID, store.WithdrawalFailed, reason); err != nil {
			return err
		}
		return r.Ledger.Apply(ctx, store.Release(w.AccountID, w.Asset, w.Total(), "withdrawal_failed", w.ID))
	})
}

// ExecuteFiat sends a bank payout for an approved withdrawal.
func (e *Executor) ExecuteFiat(ctx context.Context, withdrawalID string, d Delivery) (err error) {
	w, attemptID, proceed, err := e.begin(ctx, withdrawalID, d)
	if err != nil || !proceed {
		return err
	}
	defer func() { e.finish(ctx, attemptID, err) }()

	payout, err := e.bank.CreatePayout(ctx, bank.PayoutRequest{
		RequestID:   "wd-" + w.ID,
		FromAccount: e.cfg.OmnibusAccount,
		Beneficiary: bank.Beneficiary{Name: w.DestName, IBAN: w.Destination, BIC: w.Network},
		Amount:      w.Amount,
		Currency:    w.Asset,
		Reference:   w.Memo,
		EndToEndID:  w.ID,
	})
	if err != nil {
		var be *bank.Error
		if errors.As(err, &be) && be.Status >= 400 && be.Status < 500 && be.Status != 409 {
			return e.fail(ctx, w, fmt.Sprintf("bank rejected payout: %s", be.Code))
		}
		return err
	}
	return e.store.Repos().Withdrawals.SetBankPayout(ctx, w.ID, payout.ID)
}

// ExecuteCrypto submits an on-chain transfer for an approved withdrawal.
func (e *Executor) ExecuteCrypto(ctx context.Context, withdrawalID string, d Delivery) (err error) {
	w, attemptID, proceed, err := e.begin(ctx, withdrawalID, d)
	if err != nil || !proceed {
		return err
	}
	defer func() { e.finish(ctx, attemptID, err) }()

	req := custody.NewTransfer(e.cfg.VaultID).
		Asset(custodyAsset(w.Asset, w.Network), w.Network).
		Amount(w.Amount).
		To(w.Destination, w.Memo).
		CustomerRef(w.ID).
		IdempotencyKey(ids.RequestID())

	tx, err := e.custody.CreateTransfer(ctx, req)
	if err != nil {
		var ae *custody.APIError
		if errors.As(err, &ae) && ae.Status == 400 {
			return e.fail(ctx, w, "custody rejected transfer: "+ae.Code)
		}
		return err
	}
	return e.store.Repos().Withdrawals.SetCustodyTx(ctx, w.ID, tx.ID)
}

func custodyAsset(asset, network string) string {
	switch {
	case asset == "USDT" && network == "tron":
		return "USDT_TRX"
	case asset == "USDC" && network == "ethereum":
		return "USDC"
	case network == "ethereum":
		return "ETH"
	default:
		return asset
	}
}
