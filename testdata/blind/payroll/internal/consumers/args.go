package consumers

import (
	"github.com/google/uuid"

	"github.com/acme/payroll/internal/jobs"
)

func payslipEmail(id uuid.UUID) jobs.PayslipEmailArgs { return jobs.PayslipEmailArgs{PayslipID: id} }

func reimbursementTransfer(id uuid.UUID) jobs.ReimbursementTransferArgs {
	return jobs.ReimbursementTransferArgs{ReimbursementID: id}
}
