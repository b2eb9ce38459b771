package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/providers/stripeconnect"
)

type ReimbursementTransferWorker struct {
	river.WorkerDefaults[ReimbursementTransferArgs]

	reimbursements reimbursementStore
	claims         claimTransitioner
	employees      employeeReader
	stripe         *stripeconnect.Transfers
	log            *slog.Logger
}

func NewReimbursementTransferWorker(r reimbursementStore, c claimTransitioner, e employeeReader, s *stripeconnect.Transfers, log *slog.Logger) *ReimbursementTransferWorker {
	return &ReimbursementTransferWorker{reimbursements: r, claims: c, employees: e, stripe: s, log: log}
}

func (w *ReimbursementTransferWorker) Work(ctx context.Context, job *river.Job[ReimbursementTransferArgs]) error {
	rb, err := w.reimbursements.Get(ctx, job.Args.ReimbursementID)
	if errors.Is(err, domain.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if rb.Status != "pending" {
		return nil
	}
	emp, err := w.employees.Get(ctx, rb.EmployeeID)
	if err != nil {
		return err
	}
	if emp.StripeAccountID == "" {
		return river.JobCancel(fmt.Errorf("employee %s has no connected account", emp.ID))
	}

	tr, err := w.stripe.Create(ctx, stripeconnect.TransferInput{
		AmountCents:    rb.AmountCents,
		Currency:       rb.Currency,
		Destination:    emp.StripeAccountID,
		TransferGroup:  "claim_" + rb.ClaimID.String(),
		Description:    "Expense reimbursement",
		Metadata:       map[string]string{"claim_id": rb.ClaimID.String(), "reimbursement_id": rb.ID.String()},
		IdempotencyKey: "reimbursement_" + rb.ID.String(),
	})
	if err != nil {
		return err
	}
	if _, err := w.reimbursements.MarkPaid(ctx, rb.ID, tr.ID); err != nil {
		return err
	}
	if _, err := w.claims.Transition(ctx, rb.ClaimID, domain.ClaimApproved, domain.ClaimReimbursed); err != nil {
		return err
	}
	w.log.Info("reimbursement paid", "reimbursement", rb.ID, "transfer", tr.ID)
	return nil
}
