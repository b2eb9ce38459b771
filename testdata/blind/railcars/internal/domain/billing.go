package domain

import "time"

// Invoice statuses.
const (
	InvoiceOpen = "OPEN"
	InvoicePaid = "PAID"
	InvoiceVoid = "VOID"
)

// Invoice line kinds.
const (
	LineRent          = "RENT"
	LineDemurrage     = "DEMURRAGE"
	LineMileageCredit = "MILEAGE_CREDIT"
	LineReturnFee     = "RETURN_FEE"
	LineAdjustment    = "ADJUSTMENT"
)

// Invoice is a monthly lease invoice.
type Invoice struct {
	ID              string    `json:"id"`
	InvoiceNumber   string    `json:"invoice_number"`
	LeaseID         string    `json:"lease_id"`
	CustomerID      string    `json:"customer_id"`
	PeriodStart     time.Time `json:"period_start"`
	PeriodEnd       time.Time `json:"period_end"`
	TotalCents      int64     `json:"total_cents"`
	BalanceDueCents int64     `json:"balance_due_cents"`
	Status          string    `json:"status"`
	IssuedAt        time.Time `json:"issued_at"`
	DueDate         time.Time `json:"due_date"`
}

// InvoiceLine is one line of an invoice.
type InvoiceLine struct {
	ID          string `json:"id"`
	InvoiceID   string `json:"invoice_id"`
	Kind        string `json:"kind"`
	Description string `json:"description"`
	AmountCents int64  `json:"amount_cents"`
}

// CreditMemo reduces what a customer owes on an invoice.
type CreditMemo struct {
	ID          string    `json:"id"`
	InvoiceID   string    `json:"invoice_id"`
	Reference   string    `json:"reference"`
	AmountCents int64     `json:"amount_cents"`
	Reason      string    `json:"reason"`
	IssuedBy    string    `json:"issued_by"`
	CreatedAt   time.Time `json:"created_at"`
}

// DemurrageCharge is one day of demurrage accrued on a placement.
type DemurrageCharge struct {
	ID          string    `json:"id"`
	PlacementID string    `json:"placement_id"`
	LeaseID     string    `json:"lease_id"`
	CustomerID  string    `json:"customer_id"`
	ChargeDate  time.Time `json:"charge_date"`
	AmountCents int64     `json:"amount_cents"`
	Status      string    `json:"status"`
}

// DemurrageDispute is a customer's challenge to a demurrage charge.
type DemurrageDispute struct {
	ID        string    `json:"id"`
	ChargeID  string    `json:"charge_id"`
	Reason    string    `json:"reason"`
	Status    string    `json:"status"`
	OpenedBy  string    `json:"opened_by"`
	CreatedAt time.Time `json:"created_at"`
}

// MileageClaim is a lessee's claim for mileage paid by a railroad.
type MileageClaim struct {
	ID          string    `json:"id"`
	CustomerID  string    `json:"customer_id"`
	LeaseID     string    `json:"lease_id"`
	Railroad    string    `json:"railroad"`
	ReportMonth time.Time `json:"report_month"`
	CarMark     string    `json:"car_mark"`
	LoadedMiles int       `json:"loaded_miles"`
	EmptyMiles  int       `json:"empty_miles"`
}

// MileageCredit is the credit owed to a lessee for a mileage claim.
type MileageCredit struct {
	ClaimID     string
	LeaseID     string
	CustomerID  string
	CreditCents int64
}
