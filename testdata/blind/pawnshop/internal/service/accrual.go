package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/jobargs"
	"github.com/ironvault/pawnline/internal/result"
)

// AccrualService is the nightly run: it accrues a day of interest on every
// open loan and queues the reminders and forfeitures that fall due.
type AccrualService struct {
	tx           Transactor
	loans        LoanRepository
	accruals     AccrualRepository
	queue        JobQueue
	log          *slog.Logger
	now          Clock
	reminderDays []int
}

func NewAccrualService(tx Transactor, loans LoanRepository, accruals AccrualRepository, queue JobQueue, log *slog.Logger, now Clock, reminderDays []int) *AccrualService {
	return &AccrualService{tx: tx, loans: loans, accruals: accruals, queue: queue, log: log, now: now, reminderDays: reminderDays}
}

type AccrualSummary struct {
	BusinessDate time.Time
	Loans        int
	Accrued      domain.Cents
	Reminders    int
	Forfeitures  int
	Failed       int
}

type loanOutcome struct {
	accrued   domain.Cents
	reminders int
	forfeit   bool
}

// Run accrues interest for businessDate.
func (s *AccrualService) Run(ctx context.Context, businessDate time.Time) (AccrualSummary, error) {
	day := domain.Date(businessDate)
	summary := AccrualSummary{BusinessDate: day}
	if err := s.accruals.StartRun(ctx, day, s.now()); err != nil {
		return summary, fmt.Errorf("start run: %w", err)
	}
	loans, err := s.loans.ListAccruing(ctx, day)
	if err != nil {
		return summary, fmt.Errorf("list loans: %w", err)
	}
	summary.Loans = len(loans)

	outcomes := make([]result.Result[loanOutcome], 0, len(loans))
	for _, loan := range loans {
		if err := ctx.Err(); err != nil {
			return summary, err
		}
		r := result.Of(s.accrueLoan(ctx, loan, day))
		if !r.IsOk() {
			s.log.ErrorContext(ctx, "accrual failed", "loan_id", loan.ID, "err", r.Err())
		}
		outcomes = append(outcomes, r)
	}

	done, errs := result.Partition(outcomes)
	for _, o := range done {
		summary.Accrued += o.accrued
		summary.Reminders += o.reminders
		if o.forfeit {
			summary.Forfeitures++
		}
	}
	summary.Failed = len(errs)
	if err := s.accruals.FinishRun(ctx, day, len(done), len(errs), s.now()); err != nil {
		return summary, fmt.Errorf("finish run: %w", err)
	}
	if len(errs) > 0 {
		return summary, fmt.Errorf("%d loans failed: %w", len(errs), errors.Join(errs...))
	}
	return summary, nil
}

func (s *AccrualService) accrueLoan(ctx context.Context, loan domain.Loan, day time.Time) (loanOutcome, error) {
	var out loanOutcome
	amount := domain.DailyInterest(loan.Principal, loan.MonthlyRateBps)
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.accruals.Insert(ctx, domain.Accrual{
			ID:          uuid.New(),
			LoanID:      loan.ID,
			AccrualDate: day,
			Amount:      amount,
		}); err != nil {
			return err
		}
		return s.loans.AddAccrued(ctx, loan.ID, amount)
	})
	if err != nil {
		return out, fmt.Errorf("accrue %s: %w", loan.TicketNo, err)
	}
	out.accrued = amount

	daysLeft := domain.DaysBetween(day, loan.DueDate)
	for _, d := range s.reminderDays {
		if daysLeft != d {
			continue
		}
		if err := s.queue.Enqueue(ctx, jobargs.LoanReminder{
			LoanID:     loan.ID,
			DueDate:    domain.Date(loan.DueDate).Format(time.DateOnly),
			DaysBefore: d,
		}, nil); err != nil {
			return out, fmt.Errorf("queue reminder %s: %w", loan.TicketNo, err)
		}
		out.reminders++
	}

	if day.After(loan.GraceEnds()) {
		if err := s.queue.Enqueue(ctx, jobargs.ForfeitLoan{LoanID: loan.ID, Reason: string(domain.ForfeitGraceExpired)}, nil); err != nil {
			return out, fmt.Errorf("queue forfeiture %s: %w", loan.TicketNo, err)
		}
		out.forfeit = true
	}
	return out, nil
}
