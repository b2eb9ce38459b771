// Package worker holds the River workers and the table that registers them.
package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/pawtrail-labs/pawtrail/internal/jobs"
)

type DepositPayments interface {
	CaptureDeposit(ctx context.Context, bookingID uuid.UUID) error
	ExecuteRefund(ctx context.Context, refundID uuid.UUID) error
}

type Runner interface {
	Run(ctx context.Context) (int, error)
}

type PayoutPayer interface {
	Pay(ctx context.Context, payoutID string) error
}

type BookingMessages interface {
	Reminder(ctx context.Context, bookingID uuid.UUID, audience string) error
	WalkStarted(ctx context.Context, bookingID, checkinID uuid.UUID) error
	ReviewPrompt(ctx context.Context, bookingID uuid.UUID) error
}

// CaptureDepositWorker captures a held deposit.
type CaptureDepositWorker struct {
	river.WorkerDefaults[jobs.CaptureDepositArgs]
	payments DepositPayments
}

func (w *CaptureDepositWorker) Work(ctx context.Context, job *river.Job[jobs.CaptureDepositArgs]) error {
	return w.payments.CaptureDeposit(ctx, job.Args.BookingID)
}

// RefundDepositWorker pays out a cancellation refund.
type RefundDepositWorker struct {
	river.WorkerDefaults[jobs.RefundDepositArgs]
	payments DepositPayments
}

func (w *RefundDepositWorker) Work(ctx context.Context, job *river.Job[jobs.RefundDepositArgs]) error {
	return w.payments.ExecuteRefund(ctx, job.Args.RefundID)
}

func (w *RefundDepositWorker) Timeout(*river.Job[jobs.RefundDepositArgs]) time.Duration {
	return 2 * time.Minute
}

// PayoutSweepWorker runs weekly.
type PayoutSweepWorker struct {
	river.WorkerDefaults[jobs.PayoutSweepArgs]
	sweeper Runner
	log     *slog.Logger
}

func (w *PayoutSweepWorker) Work(ctx context.Context, job *river.Job[jobs.PayoutSweepArgs]) error {
	n, err := w.sweeper.Run(ctx)
	w.log.InfoContext(ctx, "payout sweep finished", "payouts", n, "attempt", job.Attempt, "err", err)
	return err
}

func (w *PayoutSweepWorker) Timeout(*river.Job[jobs.PayoutSweepArgs]) time.Duration {
	return 10 * time.Minute
}

// SitterPayoutWorker transfers one payout.
type SitterPayoutWorker struct {
	river.WorkerDefaults[jobs.SitterPayoutArgs]
	payer PayoutPayer
}

func (w *SitterPayoutWorker) Work(ctx context.Context, job *river.Job[jobs.SitterPayoutArgs]) error {
	return w.payer.Pay(ctx, job.Args.PayoutID)
}

func (w *SitterPayoutWorker) NextRetry(job *river.Job[jobs.SitterPayoutArgs]) time.Time {
	// Connected-account problems are usually fixed by the sitter within a
	// day or two; back off gently instead of burning attempts.
	return time.Now().Add(time.Duration(job.Attempt) * 2 * time.Hour)
}

// ReminderSweepWorker runs every few minutes.
type ReminderSweepWorker struct {
	river.WorkerDefaults[jobs.ReminderSweepArgs]
	sweeper Runner
}

func (w *ReminderSweepWorker) Work(ctx context.Context, _ *river.Job[jobs.ReminderSweepArgs]) error {
	_, err := w.sweeper.Run(ctx)
	return err
}

// BookingReminderWorker sends one reminder SMS.
type BookingReminderWorker struct {
	river.WorkerDefaults[jobs.BookingReminderArgs]
	messages BookingMessages
}

func (w *BookingReminderWorker) Work(ctx context.Context, job *river.Job[jobs.BookingReminderArgs]) error {
	return w.messages.Reminder(ctx, job.Args.BookingID, job.Args.Audience)
}

// CheckinNotifyWorker tells the owner the walk started.
type CheckinNotifyWorker struct {
	river.WorkerDefaults[jobs.CheckinNotifyArgs]
	messages BookingMessages
}

func (w *CheckinNotifyWorker) Work(ctx context.Context, job *river.Job[jobs.CheckinNotifyArgs]) error {
	return w.messages.WalkStarted(ctx, job.Args.BookingID, job.Args.CheckinID)
}

// ReviewPromptWorker asks for a review.
type ReviewPromptWorker struct {
	river.WorkerDefaults[jobs.ReviewPromptArgs]
	messages BookingMessages
}

func (w *ReviewPromptWorker) Work(ctx context.Context, job *river.Job[jobs.ReviewPromptArgs]) error {
	return w.messages.ReviewPrompt(ctx, job.Args.BookingID)
}
