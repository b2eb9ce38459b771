// Package recon reconciles the bank's daily statements with the funding
// ledger.
package recon

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/provider/notify"
	"github.com/halyard/funding/internal/queue"
	"github.com/halyard/funding/internal/store"
)

// Statements fetches bank statements.
type Statements interface {
	Statement(ctx context.Context, account string, day time.Time) (*bank.Statement, error)
}

// Alerter posts to the treasury operations channel.
type Alerter interface {
	Post(ctx context.Context, a notify.Alert) error
}

// Service runs reconciliations.
type Service struct {
	store  store.Store
	bank   Statements
	alerts Alerter
	log    *slog.Logger
}

// New wires a Service.
func New(st store.Store, b Statements, a Alerter, log *slog.Logger) *Service {
	return &Service{store: st, bank: b, alerts: a, log: log}
}

// RunID is the deterministic id of one account-day reconciliation.
func RunID(account string, day time.Time) string {
	return "recon_" + account + "_" + day.Format("20060102")
}

// Summary is the outcome of a run.
type Summary struct {
	RunID   string
	Matched int
	Breaks  int
}

// ReconcileDay compares one day's statement with booked deposits and
// payouts and records every difference as a break.
func (s *Service) ReconcileDay(ctx context.Context, account string, day time.Time) (*Summary, error) {
	repos := s.store.Repos()
	run := &store.ReconRun{
		ID:           RunID(account, day),
		BankAccount:  account,
		BusinessDate: day,
		Status:       "running",
		StartedAt:    time.Now().UTC(),
	}
	if err := repos.Recon.StartRun(ctx, run); err != nil {
		return nil, err
	}

	stmt, err := s.bank.Statement(ctx, account, day)
	if err != nil {
		return nil, fmt.Errorf("statement: %w", err)
	}
	deposits, err := repos.BankDeposits.ListByValueDate(ctx, account, day)
	if err != nil {
		return nil, err
	}
	var payouts []store.Withdrawal
	for _, cur := range currencies(stmt) {
		ws, err := repos.Withdrawals.ListSettledOn(ctx, cur, day)
		if err != nil {
			return nil, err
		}
		payouts = append(payouts, ws...)
	}

	result := match(stmt.Lines, deposits, payouts)
	for i := range result.breaks {
		b := &result.breaks[i]
		b.ID = ids.Prefixed("brk")
		b.RunID = run.ID
		s.raise(ctx, run, b)
		if err := repos.Recon.InsertBreak(ctx, b); err != nil {
			return nil, fmt.Errorf("record break %s: %w", b.LineRef, err)
		}
	}
	if err := repos.Recon.FinishRun(ctx, run.ID, result.matched, len(result.breaks)); err != nil {
		return nil, err
	}
	return &Summary{RunID: run.ID, Matched: result.matched, Breaks: len(result.breaks)}, nil
}

func (s *Service) raise(ctx context.Context, run *store.ReconRun, b *store.ReconBreak) {
	err := s.alerts.Post(ctx, notify.Alert{
		Severity: "warning",
		Title:    "Bank reconciliation break: " + b.Kind,
		Body:     b.Detail,
		Fields: map[string]string{
			"account": run.BankAccount,
			"date":    run.BusinessDate.Format("2006-01-02"),
			"line":    b.LineRef,
			"amount":  strconv.FormatInt(b.Amount, 10),
		},
	})
	if err != nil {
		s.log.WarnContext(ctx, "alert failed", "run_id", run.ID, "line", b.LineRef, "err", err)
	}
}

func currencies(stmt *bank.Statement) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range stmt.Lines {
		if !seen[l.Currency] {
			seen[l.Currency] = true
			out = append(out, l.Currency)
		}
	}
	return out
}

// Scheduler requests reconciliation runs through the ops queue.
type Scheduler struct {
	jobs queue.Enqueuer
}

// NewScheduler wires a Scheduler.
func NewScheduler(jobs queue.Enqueuer) *Scheduler { return &Scheduler{jobs: jobs} }

// EnqueueDay asks the worker to reconcile account for day. Requests for
// the same account-day collapse in the FIFO deduplication window.
func (s *Scheduler) EnqueueDay(ctx context.Context, account string, day time.Time, requester string) (string, error) {
	date := day.Format("2006-01-02")
	job := queue.ReconcileBankDay{BankAccount: account, Date: date, Requester: requester}
	return s.jobs.Enqueue(ctx, queue.JobReconcileBankDay, job, queue.ForReconDay(account, date)...)
}
