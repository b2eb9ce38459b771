package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/provider/cardpay"
	"github.com/shedshare/toolsd/internal/store"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

type feeService struct {
	store  store.Store
	card   CardProcessor
	queue  TaskQueue
	policy Policy
	now    clock.Clock
	newID  ids.Generator
	log    *slog.Logger
}

func NewFeeService(st store.Store, card CardProcessor, q TaskQueue, policy Policy, now clock.Clock, newID ids.Generator, log *slog.Logger) FeeService {
	return &feeService{store: st, card: card, queue: q, policy: policy, now: now, newID: newID, log: log.With("svc", "fees")}
}

func (s *feeService) Get(ctx context.Context, id string) (*domain.LateFee, error) {
	return s.store.Fees().Get(ctx, id)
}

// daysLate counts started days past due after the grace period, capped by
// policy.
func daysLate(due, returned time.Time, grace time.Duration, maxDays int) int {
	over := returned.Sub(due.Add(grace))
	if over <= 0 {
		return 0
	}
	days := int(math.Ceil(over.Hours() / 24))
	if maxDays > 0 && days > maxDays {
		days = maxDays
	}
	return days
}

// AssessLateFee books the late fee for a returned loan and queues its
// collection. It returns nil when the loan came back on time.
func (s *feeService) AssessLateFee(ctx context.Context, loanID string, returnedAt time.Time) (*domain.LateFee, error) {
	loan, err := s.store.Loans().Get(ctx, loanID)
	if err != nil {
		return nil, err
	}
	days := daysLate(loan.DueAt, returnedAt, s.policy.LateGrace, s.policy.MaxLateFeeDays)
	if days == 0 {
		return nil, nil
	}
	tool, err := s.store.Tools().Get(ctx, loan.ToolID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	fee := &domain.LateFee{
		ID:          s.newID(),
		LoanID:      loan.ID,
		MemberID:    loan.MemberID,
		DaysLate:    days,
		AmountCents: int64(days) * tool.DailyLateFeeCents,
		Status:      domain.FeeOutstanding,
		AssessedAt:  now,
	}
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Fees().InsertLateFee(ctx, fee); err != nil {
			return err
		}
		return tx.Loans().AppendEvent(ctx, domain.LoanEvent{
			LoanID: loan.ID, Kind: "late_fee", OccurredAt: now,
			Detail: fmt.Sprintf("fee=%s days=%d amount=%d", fee.ID, days, fee.AmountCents),
		})
	})
	if err != nil {
		return nil, err
	}
	// Try to collect right away; the nightly sweep retries failures.
	if err := s.queue.EnqueueOnce(ctx, payloads.TypeFeeCharge, feeChargeTaskID(fee.ID, now), payloads.FeeCharge{FeeID: fee.ID, Source: "assessment"}); err != nil {
		s.log.WarnContext(ctx, "enqueue fee charge", "fee_id", fee.ID, "err", err)
	}
	return fee, nil
}

func feeChargeTaskID(feeID string, day time.Time) string {
	return "fee-charge:" + feeID + ":" + day.Format("20060102")
}

// feeOpKey is the operation key for collecting a fee. One successful
// charge per fee; the processor replays the first result for the key.
func feeOpKey(feeID string) string { return ids.OpKey("late-fee", feeID) }

// Pay collects an outstanding late fee from the member's card on file.
// source is "member" for app payments and "dunning" / "assessment" for
// background attempts.
func (s *feeService) Pay(ctx context.Context, feeID, source string) (*domain.FeePayment, error) {
	fee, err := s.store.Fees().Get(ctx, feeID)
	if err != nil {
		return nil, err
	}
	if fee.Status == domain.FeeWaived {
		return nil, fmt.Errorf("fee %s waived: %w", fee.ID, domain.ErrInvalidTransition)
	}
	now := s.now()
	if _, err := s.store.Fees().InsertPaymentIfAbsent(ctx, &domain.FeePayment{
		FeeID:       fee.ID,
		OpKey:       feeOpKey(fee.ID),
		AmountCents: fee.AmountCents,
		Status:      domain.OpPending,
		CreatedAt:   now,
		UpdatedAt:   now,
	}); err != nil {
		return nil, err
	}
	p, err := s.store.Fees().GetPayment(ctx, fee.ID)
	if err != nil {
		return nil, err
	}
	if p.Status == domain.OpSucceeded {
		if _, err := s.store.Fees().MarkPaid(ctx, fee.ID, p.UpdatedAt); err != nil {
			return nil, err
		}
		return p, nil
	}

	member, err := s.store.Members().Get(ctx, fee.MemberID)
	if err != nil {
		return nil, err
	}
	ch, chargeErr := s.card.Charge(ctx, cardpay.ChargeRequest{
		CustomerRef:    member.CardCustomerRef.String,
		PaymentRef:     member.CardPaymentRef.String,
		AmountCents:    p.AmountCents,
		Currency:       "USD",
		Description:    fmt.Sprintf("Late fee (%d days)", fee.DaysLate),
		StatementText:  "SHEDSHARE LATE FEE",
		Metadata:       map[string]string{"fee_id": fee.ID, "loan_id": fee.LoanID},
		IdempotencyKey: p.OpKey,
	})
	s.recordAttempt(ctx, fee.ID, source, chargeErr)
	if chargeErr != nil {
		if cardpay.IsDecline(chargeErr) {
			s.notifyFailure(ctx, fee.ID)
			return nil, domain.ErrPaymentDeclined
		}
		return nil, fmt.Errorf("charge fee %s: %w", fee.ID, chargeErr)
	}

	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Fees().CompletePayment(ctx, fee.ID, domain.OpSucceeded, ch.ID, s.now()); err != nil {
			return err
		}
		_, err := tx.Fees().MarkPaid(ctx, fee.ID, s.now())
		return err
	})
	if err != nil {
		return nil, err
	}
	p.Status = domain.OpSucceeded
	p.ChargeID = nullString(ch.ID)
	return p, nil
}

// recordAttempt appends to the attempt log used by support and dunning
// reports. Failures to log are not fatal.
func (s *feeService) recordAttempt(ctx context.Context, feeID, source string, chargeErr error) {
	a := &domain.FeePaymentAttempt{
		ID:          s.newID(),
		FeeID:       feeID,
		Source:      source,
		Outcome:     "succeeded",
		AttemptedAt: s.now(),
	}
	if chargeErr != nil {
		a.Outcome = "failed"
		var apiErr *cardpay.APIError
		if errors.As(chargeErr, &apiErr) {
			a.ErrorDetail = apiErr.Code + ": " + apiErr.DeclineCode
		} else {
			a.ErrorDetail = truncate(chargeErr.Error(), 500)
		}
	}
	if err := s.store.Fees().AppendAttempt(ctx, a); err != nil {
		s.log.WarnContext(ctx, "record fee attempt", "fee_id", feeID, "err", err)
	}
}

func (s *feeService) notifyFailure(ctx context.Context, feeID string) {
	day := clock.DateOf(s.now(), s.policy.BranchTimezone)
	key := "fee-failed:" + feeID + ":" + day.Format("20060102")
	if err := s.queue.EnqueueOnce(ctx, payloads.TypeFeeFailedNotice, key, payloads.FeeFailedNotice{
		FeeID: feeID, AttemptDate: day.Format(time.DateOnly),
	}); err != nil {
		s.log.WarnContext(ctx, "enqueue fee failure notice", "fee_id", feeID, "err", err)
	}
}

// SweepOutstanding queues a collection attempt for every fee that is still
// outstanding after the retry delay. Task IDs carry the fee and the day, so
// re-running the sweep on the same day queues nothing new.
func (s *feeService) SweepOutstanding(ctx context.Context, asOf time.Time) (int, error) {
	cutoff := asOf.Add(-s.policy.FeeRetryAfter)
	after, n := "", 0
	for {
		page, err := s.store.Fees().ListOutstanding(ctx, cutoff, after, s.policy.SweepPageSize)
		if err != nil {
			return n, err
		}
		for _, f := range page {
			if err := s.queue.EnqueueOnce(ctx, payloads.TypeFeeCharge, feeChargeTaskID(f.ID, asOf), payloads.FeeCharge{FeeID: f.ID, Source: "dunning"}); err != nil {
				return n, err
			}
			n++
		}
		if len(page) < s.policy.SweepPageSize {
			return n, nil
		}
		after = page[len(page)-1].ID
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
