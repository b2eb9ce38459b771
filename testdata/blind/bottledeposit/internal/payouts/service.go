// Package payouts moves wallet balances out to customers' bank accounts and
// e-wallets.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
	"github.com/pantloop/deposit/internal/wallet"
)

const (
	MinPayoutCents = 5_00
	MaxPayoutCents = 500_00
)

var (
	ErrAccountMismatch = errors.New("payouts: account does not belong to wallet")
	ErrAmount          = errors.New("payouts: amount out of range")
	ErrNotFound        = errors.New("payouts: not found")
	ErrNotRetryable    = errors.New("payouts: payout is not in a retryable state")
)

type Service struct {
	pool  txn.Pool
	pub   bus.Publisher
	rails map[string]Rail
	log   *slog.Logger
}

func NewService(pool txn.Pool, pub bus.Publisher, log *slog.Logger, rails ...Rail) *Service {
	s := &Service{pool: pool, pub: pub, log: log, rails: map[string]Rail{}}
	for _, r := range rails {
		s.rails[r.Name()] = r
	}
	return s
}

// Request is a customer's payout request from the app.
type Request struct {
	WalletID        uuid.UUID
	AccountID       string
	AmountCents     int64
	ClientRequestID string
}

// RequestPayout takes the amount out of the wallet and queues the payout on
// the account's rail.
func (s *Service) RequestPayout(ctx context.Context, req Request) (store.Payout, error) {
	if req.AmountCents < MinPayoutCents || req.AmountCents > MaxPayoutCents {
		return store.Payout{}, ErrAmount
	}
	acct, err := store.New(s.pool).GetPayoutAccount(ctx, req.AccountID)
	if pgutil.IsNoRows(err) || (err == nil && acct.WalletID != req.WalletID) {
		return store.Payout{}, ErrAccountMismatch
	}
	if err != nil {
		return store.Payout{}, err
	}

	// Reserve first so that two payouts racing each other cannot take the
	// wallet below zero.
	if err := s.reserve(ctx, req.WalletID, req.AmountCents); err != nil {
		return store.Payout{}, err
	}

	var p store.Payout
	err = txn.Run(ctx, s.pool, func(q *store.Queries) error {
		var err error
		p, err = q.CreatePayout(ctx, store.CreatePayoutParams{
			ID:              uuid.New(),
			WalletID:        req.WalletID,
			AccountID:       acct.ID,
			Rail:            acct.Rail,
			AmountCents:     req.AmountCents,
			ClientRequestID: req.ClientRequestID,
		})
		if err != nil {
			return err
		}
		return q.InsertWalletEntry(ctx, store.InsertWalletEntryParams{
			WalletID:    req.WalletID,
			Kind:        wallet.EntryPayout,
			AmountCents: -req.AmountCents,
			Ref:         "payout:" + p.ID.String(),
		})
	})
	if err != nil {
		if relErr := s.release(ctx, req.WalletID, req.AmountCents); relErr != nil {
			s.log.Error("release reservation", "wallet", req.WalletID, "amount", req.AmountCents, "err", relErr)
		}
		return store.Payout{}, err
	}

	s.publishRequested(ctx, p)
	return p, nil
}

func (s *Service) reserve(ctx context.Context, walletID uuid.UUID, amount int64) error {
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		_, err := q.DebitWallet(ctx, store.DebitWalletParams{ID: walletID, AmountCents: amount})
		if pgutil.IsNoRows(err) {
			return wallet.ErrInsufficientFunds
		}
		return err
	})
}

func (s *Service) release(ctx context.Context, walletID uuid.UUID, amount int64) error {
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		_, err := q.CreditWallet(ctx, store.CreditWalletParams{ID: walletID, AmountCents: amount})
		return err
	})
}

func subjectFor(rail string) string {
	if rail == "bank" {
		return events.SubjectPayoutBank
	}
	return events.SubjectPayoutEwallet
}

// publishRequested hands the payout to the consumer for its rail. A failed
// publish is picked up by the reconcile job, which republishes pending
// payouts.
func (s *Service) publishRequested(ctx context.Context, p store.Payout) {
	ev := events.PayoutRequested{PayoutID: p.ID.String(), Rail: p.Rail, Attempt: p.Attempt}
	msgID := p.ID.String() + "#" + strconv.Itoa(int(p.Attempt))
	if err := s.pub.Publish(ctx, subjectFor(p.Rail), ev, msgID); err != nil {
		s.log.Warn("publish payout request", "payout", p.ID, "err", err)
	}
}

// Execute sends a pending payout over its rail.
func (s *Service) Execute(ctx context.Context, ev events.PayoutRequested) error {
	id, err := uuid.Parse(ev.PayoutID)
	if err != nil {
		return bus.Permanent(err)
	}
	q := store.New(s.pool)
	p, err := q.GetPayout(ctx, id)
	if pgutil.IsNoRows(err) {
		return bus.Permanent(fmt.Errorf("payout %s: %w", id, ErrNotFound))
	}
	if err != nil {
		return err
	}
	if p.Status != "pending" || p.Attempt != ev.Attempt {
		return nil
	}
	rail, ok := s.rails[p.Rail]
	if !ok {
		return bus.Permanent(fmt.Errorf("payout %s: no rail %q", id, p.Rail))
	}
	acct, err := q.GetPayoutAccount(ctx, p.AccountID)
	if err != nil {
		return err
	}

	ref, err := rail.Send(ctx, p, acct)
	if errors.Is(err, ErrRejected) {
		return s.failAndRefund(ctx, p.ID, err.Error())
	}
	if err != nil {
		return err
	}

	n, err := q.MarkPayoutSubmitted(ctx, store.MarkPayoutSubmittedParams{ID: p.ID, ProviderRef: ref})
	if err != nil {
		return err
	}
	if n == 0 {
		s.log.Info("payout changed state while sending", "payout", p.ID)
	}
	return nil
}

// failAndRefund fails a payout that has not completed and returns the money
// to the wallet.
func (s *Service) failAndRefund(ctx context.Context, id uuid.UUID, reason string) error {
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		return refundFailed(ctx, q, id, reason)
	})
}

func refundFailed(ctx context.Context, q *store.Queries, id uuid.UUID, reason string) error {
	p, err := q.FailPayout(ctx, store.FailPayoutParams{ID: id, Reason: reason})
	if pgutil.IsNoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := q.CreditWallet(ctx, store.CreditWalletParams{ID: p.WalletID, AmountCents: p.AmountCents}); err != nil {
		return err
	}
	return q.InsertWalletEntry(ctx, store.InsertWalletEntryParams{
		WalletID:    p.WalletID,
		Kind:        wallet.EntryRefund,
		AmountCents: p.AmountCents,
		Ref:         fmt.Sprintf("payout-failed:%s#%d", p.ID, p.Attempt),
	})
}

// Retry requeues a failed payout for another attempt. The wallet was
// refunded when the payout failed, so the amount is taken again.
func (s *Service) Retry(ctx context.Context, id uuid.UUID) (store.Payout, error) {
	var (
		p        store.Payout
		requeued bool
	)
	err := txn.Run(ctx, s.pool, func(q *store.Queries) error {
		var err error
		p, err = q.RequeuePayout(ctx, id)
		if pgutil.IsNoRows(err) {
			p, err = q.GetPayout(ctx, id)
			if pgutil.IsNoRows(err) {
				return ErrNotFound
			}
			if err != nil {
				return err
			}
			if p.Status != "pending" {
				return ErrNotRetryable
			}
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := q.DebitWallet(ctx, store.DebitWalletParams{ID: p.WalletID, AmountCents: p.AmountCents}); err != nil {
			if pgutil.IsNoRows(err) {
				return wallet.ErrInsufficientFunds
			}
			return err
		}
		requeued = true
		return q.InsertWalletEntry(ctx, store.InsertWalletEntryParams{
			WalletID:    p.WalletID,
			Kind:        wallet.EntryPayout,
			AmountCents: -p.AmountCents,
			Ref:         fmt.Sprintf("payout:%s#%d", p.ID, p.Attempt),
		})
	})
	if err != nil {
		return store.Payout{}, err
	}
	if !requeued {
		s.log.Info("payout already pending, republishing", "payout", p.ID, "attempt", p.Attempt)
	}
	s.publishRequested(ctx, p)
	return p, nil
}

// Reconcile republishes payouts stuck in pending and polls providers for
// submitted payouts that have not been confirmed by webhook.
func (s *Service) Reconcile(ctx context.Context, now time.Time) error {
	q := store.New(s.pool)

	pending, err := q.ListStalePayouts(ctx, store.ListStalePayoutsParams{
		Status:        "pending",
		UpdatedBefore: now.Add(-10 * time.Minute),
		Limit:         200,
	})
	if err != nil {
		return err
	}
	for _, p := range pending {
		s.publishRequested(ctx, p)
	}

	submitted, err := q.ListStalePayouts(ctx, store.ListStalePayoutsParams{
		Status:        "submitted",
		UpdatedBefore: now.Add(-2 * time.Hour),
		Limit:         200,
	})
	if err != nil {
		return err
	}
	for _, p := range submitted {
		checker, ok := s.rails[p.Rail].(StatusChecker)
		if !ok || !p.ProviderRef.Valid {
			continue
		}
		status, reason, err := checker.Status(ctx, p.ProviderRef.String)
		if err != nil {
			s.log.Warn("poll payout", "payout", p.ID, "err", err)
			continue
		}
		switch status {
		case "completed":
			if _, err := q.CompletePayout(ctx, p.ID); err != nil && !pgutil.IsNoRows(err) {
				return err
			}
		case "failed":
			if err := s.failAndRefund(ctx, p.ID, reason); err != nil {
				return err
			}
		}
	}
	return nil
}

// EwalletEvent is a transfer status webhook from the e-wallet partner.
type EwalletEvent struct {
	ID          string `json:"id"`
	Type        string `json:"type"`
	TransferID  string `json:"transfer_id"`
	FailureCode string `json:"failure_code"`
}

// HandleEwalletEvent applies a partner webhook once per event id.
func (s *Service) HandleEwalletEvent(ctx context.Context, ev EwalletEvent) error {
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		n, err := q.InsertWebhookEvent(ctx, store.InsertWebhookEventParams{
			Provider:  "ewallet",
			EventID:   ev.ID,
			EventType: ev.Type,
		})
		if err != nil || n == 0 {
			return err
		}
		p, err := q.GetPayoutByProviderRef(ctx, store.GetPayoutByProviderRefParams{Rail: "ewallet", ProviderRef: ev.TransferID})
		if pgutil.IsNoRows(err) {
			s.log.Warn("ewallet webhook for unknown transfer", "transfer", ev.TransferID)
			return nil
		}
		if err != nil {
			return err
		}
		switch ev.Type {
		case "transfer.completed":
			if _, err := q.CompletePayout(ctx, p.ID); err != nil && !pgutil.IsNoRows(err) {
				return err
			}
		case "transfer.failed":
			return refundFailed(ctx, q, p.ID, "ewallet:"+ev.FailureCode)
		}
		return nil
	})
}

// BankReturn is the bank's notice that a credit transfer came back
// (closed account, wrong name, ...).
type BankReturn struct {
	ReturnID    string    `json:"return_id"`
	PaymentID   string    `json:"payment_id"`
	AmountCents int64     `json:"amount_cents"`
	ReasonCode  string    `json:"reason_code"`
	ReturnedAt  time.Time `json:"returned_at"`
}

// HandleBankReturn records a returned payout and gives the money back to the
// customer's wallet.
func (s *Service) HandleBankReturn(ctx context.Context, r BankReturn) error {
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		p, err := q.GetPayoutByProviderRef(ctx, store.GetPayoutByProviderRefParams{Rail: "bank", ProviderRef: r.PaymentID})
		if pgutil.IsNoRows(err) {
			s.log.Info("bank return for a non-payout payment", "payment", r.PaymentID)
			return nil
		}
		if err != nil {
			return err
		}
		if err := q.InsertBankReturn(ctx, store.InsertBankReturnParams{
			ReturnID:    r.ReturnID,
			PayoutID:    p.ID,
			AmountCents: r.AmountCents,
			ReasonCode:  r.ReasonCode,
			ReturnedAt:  r.ReturnedAt,
		}); err != nil {
			return err
		}
		if _, err := q.MarkPayoutReturned(ctx, store.MarkPayoutReturnedParams{ID: p.ID, Reason: "bank:" + r.ReasonCode}); err != nil {
			return err
		}
		if _, err := q.CreditWallet(ctx, store.CreditWalletParams{ID: p.WalletID, AmountCents: r.AmountCents}); err != nil {
			return err
		}
		return q.InsertWalletEntry(ctx, store.InsertWalletEntryParams{
			WalletID:    p.WalletID,
			Kind:        wallet.EntryRefund,
			AmountCents: r.AmountCents,
			Ref:         "bank-return:" + r.ReturnID,
		})
	})
}

// Get returns a payout for the API.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (store.Payout, error) {
	p, err := store.New(s.pool).GetPayout(ctx, id)
	if pgutil.IsNoRows(err) {
		return store.Payout{}, ErrNotFound
	}
	return p, err
}
