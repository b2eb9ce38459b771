// Package tasks defines the asynq task types, their payloads and the
// enqueuer used by services.
package tasks

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

const (
	TypeUnderwrite       = "application:underwrite"
	TypeDisburse         = "advance:disburse"
	TypeAdverseAction    = "notice:adverse_action"
	TypeAccrueCommission = "commission:accrue"
	TypeSettleDeposit    = "repayment:settle_deposit"
	TypePayRemainder     = "repayment:pay_remainder"
	TypeCommissionPayout = "commission:payout"
)

// Queue names and weights used by the worker.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueNotices  = "notices"
)

// Queues is the worker's priority table.
var Queues = map[string]int{
	QueueCritical: 6,
	QueueDefault:  3,
	QueueNotices:  1,
}

// ApplicationPayload identifies an application.
type ApplicationPayload struct {
	ApplicationID uuid.UUID `json:"application_id"`
}

// DepositPayload identifies a refund deposit.
type DepositPayload struct {
	DepositID uuid.UUID `json:"deposit_id"`
}

// PayoutPayload identifies one partner's payout period.
type PayoutPayload struct {
	PartnerID   uuid.UUID `json:"partner_id"`
	PeriodStart time.Time `json:"period_start"`
	PeriodEnd   time.Time `json:"period_end"`
}

func newTask(typ string, payload any) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("marshal %s payload: %w", typ, err)
	}
	return asynq.NewTask(typ, b), nil
}

// Decode unmarshals a task payload, marking malformed payloads as not retryable.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}
