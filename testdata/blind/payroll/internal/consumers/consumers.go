// Package consumers reacts to domain events delivered through watermill.
// Delivery is at-least-once: the router retries failed handlers and the SQL
// subscriber redelivers anything not acked before the ack deadline.
package consumers

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/events"
	"github.com/acme/payroll/internal/ledger"
)

type payRunReader interface {
	GetRun(ctx context.Context, id string) (*domain.PayRun, error)
	ListPayslips(ctx context.Context, runID string) ([]domain.Payslip, error)
}

type reimbursementWriter interface {
	Insert(ctx context.Context, rb *domain.Reimbursement) error
}

type jobInserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

type ledgerPoster interface {
	Post(ctx context.Context, e ledger.Entry) (ledger.PostResult, error)
}

type Consumers struct {
	payruns        payRunReader
	reimbursements reimbursementWriter
	jobs           jobInserter
	ledger         ledgerPoster
	log            *slog.Logger
}

func New(p payRunReader, r reimbursementWriter, j jobInserter, l ledgerPoster, log *slog.Logger) *Consumers {
	return &Consumers{payruns: p, reimbursements: r, jobs: j, ledger: l, log: log}
}

// Register wires the handlers into the registry.
func (c *Consumers) Register(reg *events.Registry) {
	events.Handle(reg, "payrun-approved-ledger", events.TopicPayRunApproved, c.onPayRunApproved)
	events.Handle(reg, "expense-approved-reimburse", events.TopicExpenseApproved, c.onExpenseApproved)
}

// onPayRunApproved books the wage journal and queues payslip emails.
func (c *Consumers) onPayRunApproved(ctx context.Context, evt events.PayRunApproved, msg *message.Message) error {
	run, err := c.payruns.GetRun(ctx, evt.PayRunID)
	if err != nil {
		return err
	}
	slips, err := c.payruns.ListPayslips(ctx, run.ID)
	if err != nil {
		return err
	}
	var gross, tax, net int64
	for _, s := range slips {
		gross += s.GrossCents
		tax += s.TaxCents
		net += s.NetCents
	}
	res, err := c.ledger.Post(ctx, ledger.Entry{
		CompanyID:      run.CompanyID,
		IdempotencyKey: "payrun:" + run.ID,
		Description:    "Wages for pay run " + run.Reference,
		Source:         "payrun",
		Lines: []ledger.Line{
			{Account: ledger.AcctWagesExpense, Debit: gross},
			{Account: ledger.AcctTaxPayable, Credit: tax},
			{Account: ledger.AcctWagesPayable, Credit: net},
		},
	})
	if err != nil {
		return err
	}
	for _, s := range slips {
		if _, err := c.jobs.Insert(ctx, payslipEmail(s.ID), nil); err != nil {
			return err
		}
	}
	c.log.Info("pay run booked", "run", run.ID, "entry", res.EntryID, "duplicate", res.Duplicate, "msg", msg.UUID)
	return nil
}

// onExpenseApproved creates the reimbursement and hands it to the transfer worker.
func (c *Consumers) onExpenseApproved(ctx context.Context, evt events.ExpenseApproved, msg *message.Message) error {
	rb := &domain.Reimbursement{
		ID:          uuid.New(),
		ClaimID:     evt.ClaimID,
		EmployeeID:  evt.EmployeeID,
		AmountCents: evt.AmountCents,
		Currency:    evt.Currency,
		Status:      "pending",
	}
	if err := c.reimbursements.Insert(ctx, rb); err != nil {
		return err
	}
	if _, err := c.jobs.Insert(ctx, reimbursementTransfer(rb.ID), nil); err != nil {
		return err
	}
	c.log.Info("reimbursement queued", "claim", evt.ClaimID, "reimbursement", rb.ID, "msg", msg.UUID)
	return nil
}
