package events

import (
	"time"

	"github.com/google/uuid"
)

// ContractSigned is published when a homeowner signs a contract.
type ContractSigned struct {
	ContractID   uuid.UUID `json:"contract_id"`
	QuoteID      string    `json:"quote_id"`
	CustomerID   uuid.UUID `json:"customer_id"`
	TotalCents   int64     `json:"total_cents"`
	SiteAddress  string    `json:"site_address"`
	Jurisdiction string    `json:"jurisdiction"`
	UtilityCode  string    `json:"utility_code"`
}

// DepositSucceeded is published when the deposit PaymentIntent succeeds.
type DepositSucceeded struct {
	ContractID      uuid.UUID `json:"contract_id"`
	DepositID       uuid.UUID `json:"deposit_id"`
	AmountCents     int64     `json:"amount_cents"`
	PaymentIntentID string    `json:"payment_intent_id"`
}

// PermitApproved is published when the jurisdiction approves a permit.
type PermitApproved struct {
	PermitID   uuid.UUID `json:"permit_id"`
	ProjectID  uuid.UUID `json:"project_id"`
	PermitRef  string    `json:"permit_ref"`
	ApprovedAt time.Time `json:"approved_at"`
}

// InstallScheduled is published when a crew is booked for an install.
type InstallScheduled struct {
	AssignmentID  uuid.UUID `json:"assignment_id"`
	ProjectID     uuid.UUID `json:"project_id"`
	CrewID        uuid.UUID `json:"crew_id"`
	StartsAt      time.Time `json:"starts_at"`
	EndsAt        time.Time `json:"ends_at"`
	HomeownerName string    `json:"homeowner_name"`
	HomeownerTel  string    `json:"homeowner_tel"`
	CrewLeadTel   string    `json:"crew_lead_tel"`
	SiteAddress   string    `json:"site_address"`
}

// MilestoneReached is published when a billable project milestone is hit.
type MilestoneReached struct {
	ProjectID  uuid.UUID `json:"project_id"`
	ContractID uuid.UUID `json:"contract_id"`
	Milestone  string    `json:"milestone"`
}

// InvoicePaid is published when a milestone invoice is paid.
type InvoicePaid struct {
	InvoiceID   uuid.UUID `json:"invoice_id"`
	ProjectID   uuid.UUID `json:"project_id"`
	Milestone   string    `json:"milestone"`
	AmountCents int64     `json:"amount_cents"`
}

// FinancingFunded is published when the lender disburses funds.
type FinancingFunded struct {
	ApplicationID uuid.UUID `json:"application_id"`
	ContractID    uuid.UUID `json:"contract_id"`
	AmountCents   int64     `json:"amount_cents"`
}
