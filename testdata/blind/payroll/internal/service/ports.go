// Package service holds the application services behind the HTTP API.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stripe/stripe-go/v76"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/ledger"
	"github.com/acme/payroll/internal/providers/bank"
	"github.com/acme/payroll/internal/providers/bank/bankreq"
	"github.com/acme/payroll/internal/providers/mail"
	"github.com/acme/payroll/internal/providers/stripeconnect"
	"github.com/acme/payroll/internal/store/sqlrepo"
)

type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type EmployeeRepository interface {
	Create(ctx context.Context, e *domain.Employee) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Employee, error)
}

type CompanyRepository interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Company, error)
	UpdatePayoutSettings(ctx context.Context, id uuid.UUID, s sqlrepo.PayoutSettings) error
}

type PayRunRepository interface {
	InsertRun(ctx context.Context, run *domain.PayRun) error
	InsertPayslips(ctx context.Context, slips []domain.Payslip) error
	GetRun(ctx context.Context, id string) (*domain.PayRun, error)
	ListPayslips(ctx context.Context, runID string) ([]domain.Payslip, error)
	MarkPayslipEmailed(ctx context.Context, id uuid.UUID) error
}

type PayoutRepository interface {
	ApproveRun(ctx context.Context, runID, approver string, within func(ctx context.Context, tx pgx.Tx) error) (*domain.PayRun, bool, error)
}

type ExpenseRepository interface {
	CreateWithKey(ctx context.Context, key, requestHash string, claim *domain.ExpenseClaim) (*domain.ExpenseClaim, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.ExpenseClaim, error)
	SetApproved(ctx context.Context, id uuid.UUID, approver string, at time.Time) error
	Transition(ctx context.Context, id uuid.UUID, from, to domain.ClaimStatus) (bool, error)
}

type ReimbursementRepository interface {
	Insert(ctx context.Context, rb *domain.Reimbursement) error
}

type OffCycleRepository interface {
	Insert(ctx context.Context, p *domain.OffCyclePayment) error
}

type AuditLog interface {
	Append(ctx context.Context, actor, action, subject string, detail any) error
}

type Ledger interface {
	Post(ctx context.Context, e ledger.Entry) (ledger.PostResult, error)
}

type Mailer interface {
	Send(ctx context.Context, m mail.Message) (string, error)
}

type BankTransfers interface {
	CreateTransfer(ctx context.Context, req bankreq.TransferRequest) (*bank.Transfer, error)
}

type StripeTransfers interface {
	Create(ctx context.Context, in stripeconnect.TransferInput) (*stripe.Transfer, error)
}

type EventPublisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}

// JobInserter is the part of the river client the services use.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}
