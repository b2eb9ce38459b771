// Package repayment applies IRS refund deposits to outstanding advances and
// forwards what is left to the customer.
package repayment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/money"
	"github.com/refundbridge/advance/internal/platform/retryx"
	"github.com/refundbridge/advance/internal/providers/bank"
	"github.com/refundbridge/advance/internal/repository"
	"github.com/refundbridge/advance/internal/service"
)

// inboxConsumer names this consumer in the inbox table.
const inboxConsumer = "bank-deposits"

// Ledger accounts.
const (
	AccountRTClearing        = "rt_clearing"
	AccountAdvanceReceivable = "advance_receivable"
)

// Service implements service.Repayments.
type Service struct {
	Tx           repository.TxManager
	Applications repository.Applications
	Deposits     repository.Deposits
	Repayments   repository.Repayments
	Ledger       repository.Ledger
	Inbox        repository.Inbox
	Bank         service.Bank
	Queue        service.TaskQueue
	Log          *slog.Logger
	Now          func() time.Time
}

var _ service.Repayments = (*Service)(nil)

// RecordDeposit stores a refund credited to an RT account and schedules its
// settlement.
func (s *Service) RecordDeposit(ctx context.Context, evt service.DepositPosted) error {
	seen, err := s.Inbox.Seen(ctx, inboxConsumer, evt.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	app, err := s.Applications.ByRTAccount(ctx, evt.RTAccountRef)
	if errors.Is(err, domain.ErrUnknownRTAccount) {
		// Deposits for accounts we do not service are swept back by the
		// bank's exception process; nothing to do here.
		s.Log.WarnContext(ctx, "deposit for unknown RT account", "rt_account", evt.RTAccountRef, "event_id", evt.EventID)
		return s.Inbox.MarkSeen(ctx, inboxConsumer, evt.EventID, s.Now())
	}
	if err != nil {
		return err
	}

	dep := domain.RefundDeposit{
		ID:            uuid.New(),
		ApplicationID: app.ID,
		BankEventID:   evt.EventID,
		RTAccountRef:  evt.RTAccountRef,
		TraceNumber:   evt.TraceNumber,
		CompanyName:   evt.CompanyName,
		AmountCents:   evt.AmountCents,
		ReceivedAt:    evt.PostedAt,
	}
	err = s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Deposits.Create(ctx, &dep); err != nil {
			return err
		}
		return s.Applications.AddRefundReceived(ctx, app.ID, dep.AmountCents)
	})
	if err != nil {
		return fmt.Errorf("record deposit: %w", err)
	}
	if err := s.Queue.SettleDeposit(ctx, dep.ID); err != nil {
		return fmt.Errorf("enqueue settlement: %w", err)
	}
	return s.Inbox.MarkSeen(ctx, inboxConsumer, evt.EventID, s.Now())
}

// RecordReversal backs out a reversed deposit. The reversal row is keyed by
// the bank event id and written in the same transaction as its effects.
func (s *Service) RecordReversal(ctx context.Context, evt service.DepositReversed) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		inserted, err := s.Deposits.InsertReversal(ctx, &domain.DepositReversal{
			ID:                  uuid.New(),
			BankEventID:         evt.EventID,
			OriginalTraceNumber: evt.OriginalTraceNumber,
			AmountCents:         evt.AmountCents,
			ReceivedAt:          evt.ReversedAt,
		})
		if err != nil || !inserted {
			return err
		}
		dep, err := s.Deposits.ByTrace(ctx, evt.RTAccountRef, evt.OriginalTraceNumber)
		if errors.Is(err, domain.ErrNotFound) {
			s.Log.WarnContext(ctx, "reversal for unknown deposit", "trace", evt.OriginalTraceNumber)
			return nil
		}
		if err != nil {
			return err
		}
		flagged, err := s.Deposits.FlagReversed(ctx, dep.ID, evt.ReversedAt)
		if err != nil || !flagged {
			return err
		}
		if dep.SettledAt != nil {
			s.Log.ErrorContext(ctx, "settled deposit reversed; needs manual recovery", "deposit_id", dep.ID)
		}
		return s.Applications.AddRefundReceived(ctx, dep.ApplicationID, -evt.AmountCents)
	})
}

// Settle applies a deposit to the advance and schedules the remainder payout.
func (s *Service) Settle(ctx context.Context, depositID uuid.UUID) error {
	dep, err := s.Deposits.Get(ctx, depositID)
	if err != nil {
		return err
	}
	if dep.ReversedAt != nil {
		return nil
	}
	if dep.SettledAt != nil {
		if dep.RemainderCents > 0 && dep.RemainderTransferID == nil {
			return s.Queue.PayRemainder(ctx, dep.ID)
		}
		return nil
	}
	app, err := s.Applications.Get(ctx, dep.ApplicationID)
	if err != nil {
		return err
	}

	repay := int64(0)
	if app.Status == domain.StatusFunded || app.Status == domain.StatusDisbursing {
		repay = money.Min(app.OutstandingCents, dep.AmountCents)
	}
	remainder := dep.AmountCents - repay
	now := s.Now()

	if repay > 0 {
		entries := []domain.LedgerEntry{
			{ID: uuid.New(), ApplicationID: app.ID, DepositID: &dep.ID, Account: AccountRTClearing,
				Direction: "debit", AmountCents: repay, Memo: "refund applied to advance", PostedAt: now},
			{ID: uuid.New(), ApplicationID: app.ID, DepositID: &dep.ID, Account: AccountAdvanceReceivable,
				Direction: "credit", AmountCents: repay, Memo: "refund applied to advance", PostedAt: now},
		}
		if err := s.Ledger.Post(ctx, entries); err != nil {
			return fmt.Errorf("post repayment: %w", err)
		}
		if err := s.Repayments.Create(ctx, &domain.Repayment{
			ID:            uuid.New(),
			ApplicationID: app.ID,
			DepositID:     dep.ID,
			AmountCents:   repay,
			CreatedAt:     now,
		}); err != nil {
			return fmt.Errorf("record repayment: %w", err)
		}
		if err := s.Applications.ApplyRepayment(ctx, app.ID, repay, now); err != nil {
			return fmt.Errorf("apply repayment: %w", err)
		}
	}

	if err := s.Deposits.MarkSettled(ctx, dep.ID, repay, remainder, now); err != nil {
		return err
	}
	if remainder > 0 {
		return s.Queue.PayRemainder(ctx, dep.ID)
	}
	return nil
}

// PayRemainder sends the part of the refund not needed for repayment to the
// customer's own account.
func (s *Service) PayRemainder(ctx context.Context, depositID uuid.UUID) error {
	dep, err := s.Deposits.Get(ctx, depositID)
	if err != nil {
		return err
	}
	if dep.SettledAt == nil || dep.RemainderCents <= 0 || dep.RemainderTransferID != nil {
		return nil
	}
	app, err := s.Applications.Get(ctx, dep.ApplicationID)
	if err != nil {
		return err
	}
	req := bank.TransferRequest{
		SourceAccountRef: dep.RTAccountRef,
		Destination:      bank.Destination{AccountToken: app.DestinationAccountToken},
		AmountCents:      dep.RemainderCents,
		SECCode:          "PPD",
		Description:      "TAX REFUND",
		Metadata:         map[string]string{"deposit_id": dep.ID.String(), "application_id": app.ID.String()},
	}
	transfer, err := retry.DoWithData(func() (bank.Transfer, error) {
		return s.Bank.CreateTransfer(ctx, req)
	}, retryx.Partner(ctx, retryx.Logged(s.Log, "bank.create_transfer"))...)
	if err != nil {
		return fmt.Errorf("send remainder: %w", err)
	}
	return s.Deposits.SetRemainderTransfer(ctx, dep.ID, transfer.ID)
}
