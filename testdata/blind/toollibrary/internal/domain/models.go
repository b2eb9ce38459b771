// Package domain holds the core types shared by the service, store and
// transport layers.
package domain

import (
	"database/sql"
	"time"
)

type Member struct {
	ID              string         `db:"id" json:"id"`
	HomeBranchID    string         `db:"home_branch_id" json:"home_branch_id"`
	Email           string         `db:"email" json:"email"`
	PhoneE164       string         `db:"phone_e164" json:"phone"`
	FullName        string         `db:"full_name" json:"full_name"`
	CardCustomerRef sql.NullString `db:"card_customer_ref" json:"-"`
	CardPaymentRef  sql.NullString `db:"card_payment_ref" json:"-"`
	SMSOptOut       bool           `db:"sms_opt_out" json:"sms_opt_out"`
	Status          string         `db:"status" json:"status"`
	CreatedAt       time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time      `db:"updated_at" json:"updated_at"`
}

type Branch struct {
	ID        string    `db:"id"`
	Name      string    `db:"name"`
	Timezone  string    `db:"timezone"`
	SMSSender string    `db:"sms_sender"`
	CreatedAt time.Time `db:"created_at"`
}

type Tool struct {
	ID                string    `db:"id" json:"id"`
	BranchID          string    `db:"branch_id" json:"branch_id"`
	AssetTag          string    `db:"asset_tag" json:"asset_tag"`
	Name              string    `db:"name" json:"name"`
	Category          string    `db:"category" json:"category"`
	SizeClass         string    `db:"size_class" json:"size_class"`
	State             ToolState `db:"state" json:"state"`
	DepositCents      int64     `db:"deposit_cents" json:"deposit_cents"`
	DailyLateFeeCents int64     `db:"daily_late_fee_cents" json:"daily_late_fee_cents"`
	ExtensionFeeCents int64     `db:"extension_fee_cents" json:"extension_fee_cents"`
	UpdatedAt         time.Time `db:"updated_at" json:"updated_at"`
}

type Locker struct {
	ID             string         `db:"id"`
	BranchID       string         `db:"branch_id"`
	VendorLockerID string         `db:"vendor_locker_id"`
	Label          string         `db:"label"`
	SizeClass      string         `db:"size_class"`
	State          LockerState    `db:"state"`
	HeldByLoanID   sql.NullString `db:"held_by_loan_id"`
	UpdatedAt      time.Time      `db:"updated_at"`
}

type StaffLockerOpen struct {
	ID              string         `db:"id"`
	LockerID        string         `db:"locker_id"`
	StaffID         string         `db:"staff_id"`
	Reason          string         `db:"reason"`
	VendorCommandID sql.NullString `db:"vendor_command_id"`
	CreatedAt       time.Time      `db:"created_at"`
}

type Reservation struct {
	ID          string            `db:"id" json:"id"`
	MemberID    string            `db:"member_id" json:"member_id"`
	ToolID      string            `db:"tool_id" json:"tool_id"`
	BranchID    string            `db:"branch_id" json:"branch_id"`
	LockerID    sql.NullString    `db:"locker_id" json:"-"`
	Status      ReservationStatus `db:"status" json:"status"`
	PickupFrom  time.Time         `db:"pickup_from" json:"pickup_from"`
	PickupUntil time.Time         `db:"pickup_until" json:"pickup_until"`
	LoanDays    int               `db:"loan_days" json:"loan_days"`
	CreatedAt   time.Time         `db:"created_at" json:"created_at"`
	UpdatedAt   time.Time         `db:"updated_at" json:"updated_at"`
	CancelledAt sql.NullTime      `db:"cancelled_at" json:"-"`
}

type IdempotencyKey struct {
	Scope       string    `db:"scope"`
	MemberID    string    `db:"member_id"`
	Key         string    `db:"idem_key"`
	RequestHash string    `db:"request_hash"`
	ResourceID  string    `db:"resource_id"`
	CreatedAt   time.Time `db:"created_at"`
}

type Loan struct {
	ID             string       `db:"id" json:"id"`
	ReservationID  string       `db:"reservation_id" json:"reservation_id"`
	MemberID       string       `db:"member_id" json:"member_id"`
	ToolID         string       `db:"tool_id" json:"tool_id"`
	LockerID       string       `db:"locker_id" json:"locker_id"`
	WorkflowID     string       `db:"workflow_id" json:"workflow_id"`
	Status         LoanStatus   `db:"status" json:"status"`
	DueAt          time.Time    `db:"due_at" json:"due_at"`
	PickedUpAt     sql.NullTime `db:"picked_up_at" json:"-"`
	ReturnedAt     sql.NullTime `db:"returned_at" json:"-"`
	ExtensionCount int          `db:"extension_count" json:"extension_count"`
	CreatedAt      time.Time    `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time    `db:"updated_at" json:"updated_at"`
}

type LoanExtension struct {
	ID          string         `db:"id"`
	LoanID      string         `db:"loan_id"`
	Seq         int            `db:"seq"`
	PreviousDue time.Time      `db:"previous_due"`
	NewDue      time.Time      `db:"new_due"`
	FeeCents    int64          `db:"fee_cents"`
	ChargeID    sql.NullString `db:"charge_id"`
	CreatedAt   time.Time      `db:"created_at"`
}

type LoanEvent struct {
	LoanID     string    `db:"loan_id"`
	Kind       string    `db:"kind"`
	Detail     string    `db:"detail"`
	OccurredAt time.Time `db:"occurred_at"`
}

type AccessCode struct {
	ID           string    `db:"id"`
	LoanID       string    `db:"loan_id"`
	LockerID     string    `db:"locker_id"`
	VendorCodeID string    `db:"vendor_code_id"`
	PIN          string    `db:"pin"`
	ValidUntil   time.Time `db:"valid_until"`
	CreatedAt    time.Time `db:"created_at"`
}

type Inspection struct {
	ID        string            `db:"id"`
	LoanID    string            `db:"loan_id"`
	ToolID    string            `db:"tool_id"`
	Inspector string            `db:"inspector"`
	Outcome   InspectionOutcome `db:"outcome"`
	Notes     string            `db:"notes"`
	CreatedAt time.Time         `db:"created_at"`
}

type Deposit struct {
	ID              string         `db:"id"`
	LoanID          string         `db:"loan_id"`
	MemberID        string         `db:"member_id"`
	AmountCents     int64          `db:"amount_cents"`
	Currency        string         `db:"currency"`
	Status          DepositStatus  `db:"status"`
	HoldOpKey       string         `db:"hold_op_key"`
	ProcessorAuthID sql.NullString `db:"processor_auth_id"`
	CapturedCents   int64          `db:"captured_cents"`
	CreatedAt       time.Time      `db:"created_at"`
	UpdatedAt       time.Time      `db:"updated_at"`
}

type DepositOperation struct {
	OpKey        string         `db:"op_key"`
	DepositID    string         `db:"deposit_id"`
	Kind         string         `db:"kind"`
	AmountCents  int64          `db:"amount_cents"`
	Status       string         `db:"status"`
	ProcessorRef sql.NullString `db:"processor_ref"`
	LastError    sql.NullString `db:"last_error"`
	CreatedAt    time.Time      `db:"created_at"`
	UpdatedAt    time.Time      `db:"updated_at"`
}

type LateFee struct {
	ID          string       `db:"id" json:"id"`
	LoanID      string       `db:"loan_id" json:"loan_id"`
	MemberID    string       `db:"member_id" json:"member_id"`
	DaysLate    int          `db:"days_late" json:"days_late"`
	AmountCents int64        `db:"amount_cents" json:"amount_cents"`
	Status      FeeStatus    `db:"status" json:"status"`
	AssessedAt  time.Time    `db:"assessed_at" json:"assessed_at"`
	PaidAt      sql.NullTime `db:"paid_at" json:"-"`
}

type FeePayment struct {
	FeeID       string         `db:"fee_id"`
	OpKey       string         `db:"op_key"`
	AmountCents int64          `db:"amount_cents"`
	Status      string         `db:"status"`
	ChargeID    sql.NullString `db:"charge_id"`
	CreatedAt   time.Time      `db:"created_at"`
	UpdatedAt   time.Time      `db:"updated_at"`
}

type FeePaymentAttempt struct {
	ID          string    `db:"id"`
	FeeID       string    `db:"fee_id"`
	Source      string    `db:"source"`
	Outcome     string    `db:"outcome"`
	ErrorDetail string    `db:"error_detail"`
	AttemptedAt time.Time `db:"attempted_at"`
}

type MemberCharge struct {
	ID           string         `db:"id"`
	MemberID     string         `db:"member_id"`
	LoanID       string         `db:"loan_id"`
	Kind         string         `db:"kind"`
	AmountCents  int64          `db:"amount_cents"`
	ProcessorRef sql.NullString `db:"processor_ref"`
	Reason       string         `db:"reason"`
	CreatedAt    time.Time      `db:"created_at"`
}

type SMSMessage struct {
	ID           string         `db:"id"`
	ClientRef    string         `db:"client_ref"`
	MemberID     string         `db:"member_id"`
	Kind         string         `db:"kind"`
	ToE164       string         `db:"to_e164"`
	Body         string         `db:"body"`
	Status       string         `db:"status"`
	GatewayMsgID sql.NullString `db:"gateway_msg_id"`
	CreatedAt    time.Time      `db:"created_at"`
	SentAt       sql.NullTime   `db:"sent_at"`
}

type SMSReceipt struct {
	GatewayMsgID string    `db:"gateway_msg_id"`
	Status       string    `db:"status"`
	ErrorCode    string    `db:"error_code"`
	ReportedAt   time.Time `db:"reported_at"`
	ReceivedAt   time.Time `db:"received_at"`
}

type DamageReport struct {
	ID          string    `db:"id" json:"id"`
	LoanID      string    `db:"loan_id" json:"loan_id"`
	MemberID    string    `db:"member_id" json:"member_id"`
	ToolID      string    `db:"tool_id" json:"tool_id"`
	ReportedBy  string    `db:"reported_by" json:"reported_by"`
	Severity    string    `db:"severity" json:"severity"`
	Description string    `db:"description" json:"description"`
	CreatedAt   time.Time `db:"created_at" json:"created_at"`
}

type RepairPartner struct {
	ID         string `db:"id"`
	Name       string `db:"name"`
	BaseURL    string `db:"base_url"`
	Categories string `db:"categories"`
	WebhookKey string `db:"webhook_key"`
	Active     bool   `db:"active"`
}

type RepairOrder struct {
	ID              string        `db:"id"`
	DamageReportID  string        `db:"damage_report_id"`
	ToolID          string        `db:"tool_id"`
	PartnerID       string        `db:"partner_id"`
	PartnerPickupID string        `db:"partner_pickup_id"`
	Status          string        `db:"status"`
	QuotedCents     sql.NullInt64 `db:"quoted_cents"`
	CreatedAt       time.Time     `db:"created_at"`
	UpdatedAt       time.Time     `db:"updated_at"`
}

type RepairUpdate struct {
	ID             string        `db:"id"`
	PartnerID      string        `db:"partner_id"`
	PartnerEventID string        `db:"partner_event_id"`
	RepairOrderID  string        `db:"repair_order_id"`
	Status         string        `db:"status"`
	Note           string        `db:"note"`
	QuotedCents    sql.NullInt64 `db:"quoted_cents"`
	ReceivedAt     time.Time     `db:"received_at"`
}
