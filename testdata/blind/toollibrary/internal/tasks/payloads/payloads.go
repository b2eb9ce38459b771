// Package payloads defines asynq task type names and their JSON payloads.
// It is imported by both the producers (services) and the consumers
// (internal/tasks).
package payloads

const (
	TypeDueSoonReminder = "reminder:due_soon"
	TypeSweepDueSoon    = "reminders:sweep_due_soon"
	TypeSweepOverdue    = "loans:sweep_overdue"
	TypeOverdueNotice   = "notice:overdue"
	TypeFeeFailedNotice = "notice:fee_failed"
	TypeDepositRelease  = "deposit:release"
	TypeCaptureDamage   = "deposit:capture_damage"
	TypeRepairDispatch  = "repair:dispatch"
	TypeSweepUnpaidFees = "fees:sweep_unpaid"
	TypeFeeCharge       = "fee:charge"
)

// DueSoonReminder asks for the "your loan is due tomorrow" SMS.
type DueSoonReminder struct {
	LoanID  string `json:"loan_id"`
	DueDate string `json:"due_date"` // YYYY-MM-DD in the branch time zone
}

// OverdueNotice asks for an overdue SMS for one loan.
type OverdueNotice struct {
	LoanID     string `json:"loan_id"`
	NoticeDate string `json:"notice_date"`
}

// FeeFailedNotice tells a member that collecting a fee failed.
type FeeFailedNotice struct {
	FeeID       string `json:"fee_id"`
	AttemptDate string `json:"attempt_date"`
}

type DepositRelease struct {
	LoanID string `json:"loan_id"`
	Reason string `json:"reason"`
}

type CaptureDamage struct {
	LoanID      string `json:"loan_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

type RepairDispatch struct {
	DamageReportID string `json:"damage_report_id"`
}

type FeeCharge struct {
	FeeID  string `json:"fee_id"`
	Source string `json:"source"`
}

// Sweep is the payload of the periodic sweep tasks. It is empty when the
// scheduler enqueues it; operators may set AsOf to re-run a past day.
type Sweep struct {
	AsOf string `json:"as_of,omitempty"`
}
