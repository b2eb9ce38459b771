// Package tasks defines the asynq task types RinkOps runs in the background
// and the transactional outbox that feeds them.
package tasks

import (
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

const (
	TypeDispatchWorkOrder = "maintenance:dispatch_work_order"
	TypeRefundBooking     = "leagues:refund_booking"
	TypeRenewPass         = "passes:renew"
	TypeSendReceipt       = "notify:send_receipt"
)

// Queues and their weights on the worker.
var Queues = map[string]int{
	"critical": 6,
	"default":  3,
	"low":      1,
}

type DispatchWorkOrder struct {
	WorkOrderID uuid.UUID `json:"work_order_id"`
}

type RefundBooking struct {
	BookingID uuid.UUID `json:"booking_id"`
}

type RenewPass struct {
	PassID uuid.UUID `json:"pass_id"`
	Period string    `json:"period"` // YYYY-MM being paid for
}

type SendReceipt struct {
	ChargeID    string `json:"charge_id"`
	Email       string `json:"email"`
	Description string `json:"description"`
	AmountCents int64  `json:"amount_cents"`
}

// options per task type; anything not listed gets asynq's defaults.
var options = map[string][]asynq.Option{
	TypeDispatchWorkOrder: {asynq.Queue("critical"), asynq.MaxRetry(12)},
	TypeRefundBooking:     {asynq.Queue("default"), asynq.MaxRetry(8)},
	TypeRenewPass:         {asynq.Queue("default"), asynq.MaxRetry(5)},
	TypeSendReceipt:       {asynq.Queue("low"), asynq.MaxRetry(10)},
}

// New builds a task of the given type with its standard options.
func New(typ string, payload any) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("encode %s payload: %w", typ, err)
	}
	return asynq.NewTask(typ, b, options[typ]...), nil
}
