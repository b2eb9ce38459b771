package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/provider/cardpay"
	"github.com/shedshare/toolsd/internal/store"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

type depositService struct {
	store store.Store
	card  CardProcessor
	queue TaskQueue
	now   clock.Clock
	newID ids.Generator
	log   *slog.Logger
}

func NewDepositService(st store.Store, card CardProcessor, q TaskQueue, now clock.Clock, newID ids.Generator, log *slog.Logger) DepositService {
	return &depositService{store: st, card: card, queue: q, now: now, newID: newID, log: log.With("svc", "deposits")}
}

// Hold authorizes the tool's deposit on the member's card. opKey names the
// hold operation; it is stored on the deposit row and sent to the processor
// as the Idempotency-Key.
func (s *depositService) Hold(ctx context.Context, loanID, opKey string) (*domain.Deposit, error) {
	loan, err := s.store.Loans().Get(ctx, loanID)
	if err != nil {
		return nil, err
	}
	tool, err := s.store.Tools().Get(ctx, loan.ToolID)
	if err != nil {
		return nil, err
	}
	member, err := s.store.Members().Get(ctx, loan.MemberID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	if _, err := s.store.Deposits().InsertIfAbsent(ctx, &domain.Deposit{
		ID:          s.newID(),
		LoanID:      loan.ID,
		MemberID:    loan.MemberID,
		AmountCents: tool.DepositCents,
		Currency:    "USD",
		Status:      domain.DepositPending,
		HoldOpKey:   opKey,
		CreatedAt:   now,
		UpdatedAt:   now,
	}); err != nil {
		return nil, err
	}
	d, err := s.store.Deposits().GetByLoan(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	switch d.Status {
	case domain.DepositHeld, domain.DepositReleased, domain.DepositCaptured:
		return d, nil
	case domain.DepositDeclined:
		return d, domain.ErrPaymentDeclined
	}

	auth, err := s.card.Hold(ctx, cardpay.HoldRequest{
		CustomerRef:    member.CardCustomerRef.String,
		PaymentRef:     member.CardPaymentRef.String,
		AmountCents:    d.AmountCents,
		Currency:       d.Currency,
		Description:    "Deposit: " + tool.Name,
		Metadata:       map[string]string{"loan_id": loan.ID, "deposit_id": d.ID},
		IdempotencyKey: d.HoldOpKey,
	})
	if cardpay.IsDecline(err) {
		if _, serr := s.store.Deposits().SetStatus(ctx, d.ID, []domain.DepositStatus{domain.DepositPending}, domain.DepositDeclined, s.now()); serr != nil {
			return nil, serr
		}
		return nil, domain.ErrPaymentDeclined
	}
	if err != nil {
		return nil, fmt.Errorf("hold deposit: %w", err)
	}
	if err := s.store.Deposits().MarkHeld(ctx, d.ID, auth.ID, s.now()); err != nil {
		return nil, err
	}
	d.Status = domain.DepositHeld
	d.ProcessorAuthID = nullString(auth.ID)
	return d, nil
}

// releaseOpKey is the processor Idempotency-Key for voiding a deposit's
// hold. The processor requires UUID-shaped keys on void.
func releaseOpKey(depositID string) string { return ids.Derived("deposit-release", depositID) }

// Release voids the deposit hold once the loan is settled and closes the
// loan. The operation row is written before the processor is called and
// its key is the processor's Idempotency-Key.
func (s *depositService) Release(ctx context.Context, loanID, reason string) error {
	d, err := s.store.Deposits().GetByLoan(ctx, loanID)
	if err != nil {
		return err
	}
	switch d.Status {
	case domain.DepositReleased, domain.DepositExpired, domain.DepositDeclined, domain.DepositCaptured:
		return s.closeLoan(ctx, loanID, "deposit "+string(d.Status))
	case domain.DepositPending:
		return fmt.Errorf("deposit %s still pending: %w", d.ID, domain.ErrInvalidTransition)
	}

	now := s.now()
	op := &domain.DepositOperation{
		OpKey:       releaseOpKey(d.ID),
		DepositID:   d.ID,
		Kind:        "release",
		AmountCents: d.AmountCents,
		Status:      domain.OpPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if _, err := s.store.Deposits().InsertOpIfAbsent(ctx, op); err != nil {
		return err
	}
	op, err = s.store.Deposits().GetOp(ctx, op.OpKey)
	if err != nil {
		return err
	}
	var voidRef string
	if op.Status != domain.OpSucceeded {
		v, err := s.card.VoidHold(ctx, d.ProcessorAuthID.String, reason, op.OpKey)
		switch {
		case cardpay.IsConflict(err):
			// The authorization already lapsed or was voided on the
			// processor side; there is nothing left to release.
			s.log.InfoContext(ctx, "void conflict, treating as released", "deposit_id", d.ID, "err", err)
		case err != nil:
			return fmt.Errorf("void deposit hold: %w", err)
		default:
			voidRef = v.ID
		}
	}
	return s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Deposits().CompleteOp(ctx, op.OpKey, domain.OpSucceeded, voidRef, "", s.now()); err != nil {
			return err
		}
		if _, err := tx.Deposits().SetStatus(ctx, d.ID, []domain.DepositStatus{domain.DepositHeld}, domain.DepositReleased, s.now()); err != nil {
			return err
		}
		return s.closeLoanTx(ctx, tx, loanID, "deposit released: "+reason)
	})
}

func (s *depositService) closeLoan(ctx context.Context, loanID, detail string) error {
	return s.store.InTx(ctx, func(tx store.Store) error { return s.closeLoanTx(ctx, tx, loanID, detail) })
}

func (s *depositService) closeLoanTx(ctx context.Context, tx store.Store, loanID, detail string) error {
	ok, err := tx.Loans().Transition(ctx, loanID, domain.LoanReturned, domain.LoanClosed, s.now())
	if err != nil || !ok {
		return err
	}
	return tx.Loans().AppendEvent(ctx, domain.LoanEvent{LoanID: loanID, Kind: "closed", Detail: detail, OccurredAt: s.now()})
}

// RequestDamageCapture queues the capture of damage costs from the deposit.
// One capture per loan; the task ID is derived from the loan.
func (s *depositService) RequestDamageCapture(ctx context.Context, loanID string, amountCents int64, reason string) error {
	if amountCents <= 0 {
		return domain.Invalid("amount_cents", "must be positive")
	}
	return s.queue.EnqueueOnce(ctx, payloads.TypeCaptureDamage, "capture-damage:"+loanID, payloads.CaptureDamage{
		LoanID:      loanID,
		AmountCents: amountCents,
		Reason:      reason,
	})
}

// CaptureForDamage captures damage costs from the held deposit and books
// the charge against the member.
func (s *depositService) CaptureForDamage(ctx context.Context, in CaptureInput) error {
	jobKey := "deposit-capture:" + in.LoanID
	done, err := s.store.Inbox().JobDone(ctx, jobKey)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	d, err := s.store.Deposits().GetByLoan(ctx, in.LoanID)
	if err != nil {
		return err
	}
	if !d.ProcessorAuthID.Valid {
		return fmt.Errorf("deposit %s has no authorization: %w", d.ID, domain.ErrInvalidTransition)
	}
	amount := min(in.AmountCents, d.AmountCents-d.CapturedCents)
	if amount <= 0 {
		return nil
	}
	capture, err := s.card.Capture(ctx, d.ProcessorAuthID.String, amount, ids.OpKey("deposit-capture", d.ID))
	if err != nil {
		if cardpay.IsConflict(err) {
			return fmt.Errorf("capture deposit %s: %w: %w", d.ID, domain.ErrInvalidTransition, err)
		}
		return fmt.Errorf("capture deposit %s: %w", d.ID, err)
	}
	now := s.now()
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Deposits().AddCaptured(ctx, d.ID, amount, now); err != nil {
			return err
		}
		if err := tx.Fees().InsertMemberCharge(ctx, &domain.MemberCharge{
			ID:           s.newID(),
			MemberID:     d.MemberID,
			LoanID:       d.LoanID,
			Kind:         "damage",
			AmountCents:  amount,
			ProcessorRef: nullString(capture.ID),
			Reason:       in.Reason,
			CreatedAt:    now,
		}); err != nil {
			return err
		}
		if err := s.closeLoanTx(ctx, tx, d.LoanID, "deposit captured"); err != nil {
			return err
		}
		return tx.Loans().AppendEvent(ctx, domain.LoanEvent{
			LoanID: d.LoanID, Kind: "deposit_captured", OccurredAt: now,
			Detail: fmt.Sprintf("amount=%d capture=%s", amount, capture.ID),
		})
	})
	if err != nil {
		return err
	}
	return s.store.Inbox().MarkJobDone(ctx, jobKey, s.now())
}
