package withdrawals

import (
	"context"
	"errors"
	"fmt"

	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/provider/custody"
	"github.com/halyard/funding/internal/service/fees"
	"github.com/halyard/funding/internal/store"
)

// OnCustodyTransaction applies a custody status callback to the matching
// withdrawal.
func (s *Service) OnCustodyTransaction(ctx context.Context, evt custody.WebhookEvent) error {
	repos := s.store.Repos()
	w, err := repos.Withdrawals.GetByCustodyTxID(ctx, evt.Data.ID)
	if errors.Is(err, store.ErrNotFound) && evt.Data.CustomerRefID != "" {
		w, err = repos.Withdrawals.Get(ctx, evt.Data.CustomerRefID)
	}
	if errors.Is(err, store.ErrNotFound) {
		s.log.WarnContext(ctx, "custody event for unknown transaction", "custody_tx", evt.Data.ID)
		return nil
	}
	if err != nil {
		return err
	}
	switch evt.Data.Status {
	case custody.StatusBroadcast, custody.StatusConfirming:
		if evt.Data.TxHash == "" {
			return nil
		}
		return repos.Withdrawals.MarkBroadcast(ctx, w.ID, evt.Data.TxHash)
	case custody.StatusFailed, custody.StatusRejected, custody.StatusCancelled:
		return s.failCrypto(ctx, w, evt.Data.Status+"/"+evt.Data.SubStatus)
	default:
		return nil
	}
}

func (s *Service) failCrypto(ctx context.Context, w *store.Withdrawal, reason string) error {
	if w.Status == store.WithdrawalFailed {
		return nil
	}
	repos := s.store.Repos()
	if err := repos.Withdrawals.SetStatus(ctx, w.ID, store.WithdrawalFailed, reason); err != nil {
		return fmt.Errorf("mark failed: %w", err)
	}
	if err := repos.Ledger.Apply(ctx, store.Release(w.AccountID, w.Asset, w.Total(), "withdrawal_failed", w.ID)); err != nil {
		return fmt.Errorf("release funds: %w", err)
	}
	s.log.InfoContext(ctx, "crypto withdrawal failed", "withdrawal_id", w.ID, "reason", reason)
	return nil
}

// Bank payout statuses.
const (
	payoutSettled  = "settled"
	payoutReturned = "returned"
	payoutRejected = "rejected"
)

// OnBankPayout applies a bank payout status notification.
func (s *Service) OnBankPayout(ctx context.Context, n bank.PayoutNotification) error {
	w, err := s.store.Repos().Withdrawals.GetByBankPayoutID(ctx, n.Data.PayoutID)
	if errors.Is(err, store.ErrNotFound) {
		s.log.WarnContext(ctx, "payout notification for unknown payout", "payout_id", n.Data.PayoutID)
		return nil
	}
	if err != nil {
		return err
	}
	switch n.Data.Status {
	case payoutSettled:
		return s.settleFiat(ctx, w)
	case payoutReturned, payoutRejected:
		return s.returnFiat(ctx, w, n.Data.ReturnReason)
	default:
		return nil
	}
}

func (s *Service) settleFiat(ctx context.Context, w *store.Withdrawal) error {
	return s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		ok, err := r.Withdrawals.Transition(ctx, w.ID, []string{store.WithdrawalSubmitted}, store.WithdrawalCompleted)
		if err != nil || !ok {
			return err
		}
		if err := r.Ledger.Apply(ctx, store.Settle(w.AccountID, w.Asset, w.Total(), "withdrawal_settled", w.ID)); err != nil {
			return err
		}
		_, err = r.Fees.AccrueOnce(ctx, fees.WithdrawalFee(w))
		return err
	})
}

func (s *Service) returnFiat(ctx context.Context, w *store.Withdrawal, reason string) error {
	if w.Status == store.WithdrawalReturned {
		return nil
	}
	s.notifyReturned(ctx, w, reason)

	return s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		cur, err := r.Withdrawals.GetForUpdate(ctx, w.ID)
		if err != nil {
			return err
		}
		var m store.Movement
		switch cur.Status {
		case store.WithdrawalSubmitted:
			m = store.Release(cur.AccountID, cur.Asset, cur.Total(), "withdrawal_returned", cur.ID)
		case store.WithdrawalCompleted:
			m = store.Credit(cur.AccountID, cur.Asset, cur.Total(), "withdrawal_returned", cur.ID)
		default:
			return nil
		}
		if err := r.Withdrawals.SetStatus(ctx, cur.ID, store.WithdrawalReturned, reason); err != nil {
			return err
		}
		return r.Ledger.Apply(ctx, m)
	})
}

func (s *Service) notifyReturned(ctx context.Context, w *store.Withdrawal, reason string) {
	contact, err := s.store.Repos().Contacts.Get(ctx, w.UserID)
	if err != nil || contact.Phone == "" {
		return
	}
	msg := fmt.Sprintf("Halyard: your %s %s withdrawal was returned by the receiving bank (%s). The funds are back in your account.",
		formatMinor(w.Amount), w.Asset, reason)
	if err := s.sms.Send(ctx, contact.Phone, msg); err != nil {
		s.log.WarnContext(ctx, "return sms failed", "withdrawal_id", w.ID, "err", err)
	}
}

func formatMinor(v int64) string {
	return fmt.Sprintf("%d.%02d", v/100, v%100)
}
