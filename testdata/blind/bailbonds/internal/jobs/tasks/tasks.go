// Package tasks names the asynq task types and their payloads. Producers
// (services, the outbox relay, the scheduler) and the worker's handlers both
// import it.
package tasks

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Task types.
const (
	TypeRemindersSchedule  = "court:reminders:schedule"
	TypeReminderSend       = "court:reminder:send"
	TypeForfeitureProcess  = "forfeiture:process"
	TypeCollateralRefund   = "collateral:refund"
	TypeSuretyReconcile    = "surety:reconcile"
	TypeOutboxRelay        = "outbox:relay"
	TypeInstallmentsCharge = "premium:installments:charge"
	TypeCheckinSweep       = "checkin:sweep"
	TypeCheckinEscalate    = "checkin:escalate"
)

// ReminderSendPayload identifies one court reminder.
type ReminderSendPayload struct {
	ReminderID uuid.UUID `json:"reminder_id"`
}

// ForfeiturePayload identifies a received forfeiture notice.
type ForfeiturePayload struct {
	NoticeID uuid.UUID `json:"notice_id"`
}

// CollateralRefundPayload identifies a deposit to give back.
type CollateralRefundPayload struct {
	DepositID uuid.UUID `json:"deposit_id"`
	BondID    uuid.UUID `json:"bond_id"`
}

// ReconcilePayload optionally pins the business date; the scheduled run
// leaves it empty and reconciles yesterday.
type ReconcilePayload struct {
	BusinessDate string `json:"business_date,omitempty"`
}

// CheckinEscalatePayload names an indemnitor who missed a check-in.
type CheckinEscalatePayload struct {
	IndemnitorID uuid.UUID `json:"indemnitor_id"`
	DueOn        string    `json:"due_on"`
	DaysOverdue  int       `json:"days_overdue"`
}

// New marshals payload into a task of the given type.
func New(taskType string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(taskType, b, opts...), nil
}

// Periodic is a task the scheduler enqueues on a cron spec.
type Periodic struct {
	Cron    string
	Type    string
	Options []asynq.Option
}

// Schedule is the worker's cron table.
var Schedule = []Periodic{
	{Cron: "@every 1m", Type: TypeOutboxRelay, Options: []asynq.Option{asynq.Timeout(50 * time.Second)}},
	{Cron: "15 * * * *", Type: TypeRemindersSchedule},
	{Cron: "30 2 * * *", Type: TypeSuretyReconcile, Options: []asynq.Option{asynq.MaxRetry(5), asynq.Timeout(20 * time.Minute)}},
	{Cron: "0 9 * * *", Type: TypeInstallmentsCharge, Options: []asynq.Option{asynq.MaxRetry(3)}},
	{Cron: "0 6 * * *", Type: TypeCheckinSweep},
}
