package jobs

import (
	"context"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/providers/bank/bankreq"
)

type payoutStore interface {
	ListForRun(ctx context.Context, runID string, statuses ...domain.PayoutStatus) ([]domain.Payout, error)
	Transition(ctx context.Context, id uuid.UUID, from, to domain.PayoutStatus) (bool, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, transferID string) error
}

type employeeReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Employee, error)
}

type companyReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Company, error)
}

type payRunReader interface {
	GetRun(ctx context.Context, id string) (*domain.PayRun, error)
	GetPayslip(ctx context.Context, id uuid.UUID) (*domain.Payslip, error)
	MarkPayslipEmailed(ctx context.Context, id uuid.UUID) error
}

type reimbursementStore interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Reimbursement, error)
	MarkPaid(ctx context.Context, id uuid.UUID, transferID string) (bool, error)
}

type claimTransitioner interface {
	Transition(ctx context.Context, id uuid.UUID, from, to domain.ClaimStatus) (bool, error)
}

// BuilderFor returns the bank request builder for a company.
func BuilderFor(c *domain.Company) *bankreq.Builder {
	return bankreq.NewBuilder(c.Name, c.PayoutAccountRef, c.PayoutRoutingCode)
}
