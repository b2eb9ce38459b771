package payments

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/ids"
	"github.com/northwind/payables/internal/provider/bank"
	"github.com/northwind/payables/internal/provider/stripepay"
	"github.com/northwind/payables/internal/repo"
)

// RunSummary describes a payment run after an operation on it.
type RunSummary struct {
	Run       domain.PaymentRun `json:"run"`
	Created   bool              `json:"created"`
	Payments  int               `json:"payments"`
	Submitted int               `json:"submitted"`
	Failed    int               `json:"failed"`
}

// Runs schedules and executes payment runs. Its methods are called by the
// scheduler through internal endpoints and may be called again after a
// timeout or failure.
type Runs interface {
	Create(ctx context.Context, tenantID string, runDate time.Time) (RunSummary, error)
	ExecuteBankTransfers(ctx context.Context, runID string) (RunSummary, error)
	ExecuteCardPayouts(ctx context.Context, runID string) (RunSummary, error)
}

// RunDeps are the collaborators of the run service.
type RunDeps struct {
	Log           *slog.Logger
	Tx            database.Transactor
	Runs          repo.RunRepo
	Invoices      repo.InvoiceRepo
	Suppliers     repo.SupplierRepo
	Payments      repo.PaymentRepo
	Outbox        repo.OutboxRepo
	Bank          bank.API
	Stripe        stripepay.Payments
	SourceAccount string
}

type runs struct{ RunDeps }

// NewRuns returns the Runs service.
func NewRuns(d RunDeps) Runs { return &runs{d} }

// Create builds the run for (tenant, date): every approved invoice due by
// the run date gets one payment. The run and payment IDs are derived from
// their business keys so repeated calls converge on the same rows.
func (r *runs) Create(ctx context.Context, tenantID string, runDate time.Time) (RunSummary, error) {
	runDate = time.Date(runDate.Year(), runDate.Month(), runDate.Day(), 0, 0, 0, 0, time.UTC)
	var sum RunSummary
	err := r.Tx.InTx(ctx, func(tx *sql.Tx) error {
		run, created, err := r.Runs.WithTx(tx).Ensure(ctx,
			ids.DeriveString("payment-run", tenantID, runDate.Format(time.DateOnly)), tenantID, runDate)
		if err != nil {
			return fmt.Errorf("ensure run: %w", err)
		}
		sum.Run, sum.Created = run, created
		if run.Status != domain.RunOpen {
			return nil
		}
		invs, err := r.Invoices.WithTx(tx).ListPayable(ctx, tenantID, runDate)
		if err != nil {
			return err
		}
		suppliers := map[string]domain.Supplier{}
		for _, inv := range invs {
			sup, ok := suppliers[inv.SupplierID]
			if !ok {
				if sup, err = r.Suppliers.WithTx(tx).Get(ctx, tenantID, inv.SupplierID); err != nil {
					return err
				}
				suppliers[sup.ID] = sup
			}
			if sup.Status != domain.SupplierVerified {
				continue
			}
			method := domain.MethodBankTransfer
			if sup.CardEnabled && sup.StripeAccountID != "" {
				method = domain.MethodCard
			}
			p := domain.Payment{
				ID:           ids.DeriveString("run-payment", run.ID, inv.ID),
				TenantID:     tenantID,
				RunID:        run.ID,
				InvoiceID:    inv.ID,
				SupplierID:   inv.SupplierID,
				Method:       method,
				AmountMinor:  inv.AmountDueMinor - inv.AmountPaidMinor,
				Currency:     inv.Currency,
				ScheduledFor: runDate,
			}
			added, err := r.Payments.WithTx(tx).InsertForRun(ctx, &p)
			if err != nil {
				return err
			}
			if added {
				sum.Payments++
				if err := r.Invoices.WithTx(tx).SetStatus(ctx, inv.ID, domain.InvoiceScheduled); err != nil {
					return err
				}
			}
		}
		payload, _ := json.Marshal(map[string]any{"run_id": run.ID, "tenant_id": tenantID, "run_date": runDate})
		return r.Outbox.WithTx(tx).Add(ctx, domain.OutboxMessage{
			ID: ids.DeriveString("payment-run.created", run.ID), Topic: "payment_run.created",
			AggregateID: run.ID, TenantID: tenantID, Payload: payload,
		})
	})
	return sum, err
}

func (r *runs) loadRun(ctx context.Context, runID string) (domain.PaymentRun, error) {
	run, err := r.Runs.Get(ctx, runID)
	if err != nil {
		return run, fmt.Errorf("load run %s: %w", runID, err)
	}
	if run.Status == domain.RunOpen {
		if err := r.Runs.SetStatus(ctx, run.ID, domain.RunExecuting); err != nil {
			return run, err
		}
		run.Status = domain.RunExecuting
	}
	return run, nil
}

// ExecuteBankTransfers submits every pending bank transfer of the run. The
// payment ID, committed when the run was created, is the bank's
// idempotency key, so a transfer submitted by an earlier call is returned
// rather than repeated.
func (r *runs) ExecuteBankTransfers(ctx context.Context, runID string) (RunSummary, error) {
	run, err := r.loadRun(ctx, runID)
	if err != nil {
		return RunSummary{}, err
	}
	sum := RunSummary{Run: run}
	pending, err := r.Payments.ListByRun(ctx, run.ID, domain.MethodBankTransfer, domain.PaymentPending, domain.PaymentProcessing)
	if err != nil {
		return sum, err
	}
	sum.Payments = len(pending)
	var errs []error
	for _, p := range pending {
		acct, err := r.Suppliers.DefaultBankAccount(ctx, p.SupplierID, p.Currency)
		if err != nil {
			errs = append(errs, fmt.Errorf("payment %s: bank account: %w", p.ID, err))
			continue
		}
		attempt := domain.PaymentAttempt{PaymentID: p.ID, Provider: "bank"}
		if err := r.Payments.LogAttempt(ctx, &attempt); err != nil {
			return sum, err
		}
		tr, err := r.Bank.CreateTransfer(ctx, bank.TransferRequest{
			SourceAccount:  r.SourceAccount,
			CounterpartyID: acct.CounterpartyID,
			AmountMinor:    p.AmountMinor,
			Currency:       p.Currency,
			Reference:      p.ID,
			ExecutionDate:  p.ScheduledFor.Format(time.DateOnly),
			Metadata:       map[string]string{"invoice_id": p.InvoiceID, "run_id": run.ID},
		}, bank.WithIdempotencyKey(p.ID), bank.WithCorrelationID(attempt.ID))
		if err != nil {
			_ = r.Payments.FinishAttempt(ctx, attempt.ID, "error", err.Error())
			sum.Failed++
			errs = append(errs, fmt.Errorf("payment %s: %w", p.ID, err))
			continue
		}
		_ = r.Payments.FinishAttempt(ctx, attempt.ID, "ok", "")
		if err := r.Payments.MarkSubmitted(ctx, p.ID, tr.ID); err != nil {
			return sum, err
		}
		sum.Submitted++
	}
	return sum, errors.Join(errs...)
}

// ExecuteCardPayouts pays card-enabled suppliers of the run from the
// platform's Stripe balance.
func (r *runs) ExecuteCardPayouts(ctx context.Context, runID string) (RunSummary, error) {
	run, err := r.loadRun(ctx, runID)
	if err != nil {
		return RunSummary{}, err
	}
	sum := RunSummary{Run: run}
	pending, err := r.Payments.ListByRun(ctx, run.ID, domain.MethodCard, domain.PaymentPending, domain.PaymentProcessing)
	if err != nil {
		return sum, err
	}
	sum.Payments = len(pending)
	var errs []error
	for _, p := range pending {
		sup, err := r.Suppliers.Get(ctx, p.TenantID, p.SupplierID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		attempt := domain.PaymentAttempt{PaymentID: p.ID, Provider: "stripe"}
		if err := r.Payments.LogAttempt(ctx, &attempt); err != nil {
			return sum, err
		}
		tr, err := r.Stripe.Transfer(ctx, stripepay.PayoutTransfer{
			DestinationAccount: sup.StripeAccountID,
			AmountMinor:        p.AmountMinor,
			Currency:           p.Currency,
			TransferGroup:      run.ID,
			Metadata:           map[string]string{"payment_id": p.ID, "invoice_id": p.InvoiceID},
		}, stripepay.IdempotencyKey(attempt.ID))
		if err != nil {
			_ = r.Payments.FinishAttempt(ctx, attempt.ID, "error", err.Error())
			sum.Failed++
			errs = append(errs, fmt.Errorf("payment %s: %w", p.ID, err))
			continue
		}
		_ = r.Payments.FinishAttempt(ctx, attempt.ID, "ok", "")
		if err := r.Payments.MarkSubmitted(ctx, p.ID, tr.ID); err != nil {
			return sum, err
		}
		sum.Submitted++
	}
	return sum, errors.Join(errs...)
}
