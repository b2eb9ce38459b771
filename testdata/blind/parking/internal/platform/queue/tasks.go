// Package queue defines the background task types shared by the api (which
// enqueues) and the worker (which processes), plus a thin asynq client.
package queue

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

const (
	TypeSessionReminder   = "session:reminder"
	TypeChargeCapture     = "charge:capture"
	TypeSettlementNightly = "settlement:nightly"
	TypeFineReminders     = "fines:reminders"
	TypeFineEscalate      = "fine:escalate"
	TypeFineNotify        = "fine:notify"
	TypePermitRenew       = "permit:renew"
	TypePermitsDaily      = "permits:daily"
	TypeSMSSend           = "sms:send"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type SessionReminderPayload struct {
	SessionID uuid.UUID `json:"session_id"`
	ExpiresAt time.Time `json:"expires_at"`
}

type ChargeCapturePayload struct {
	ChargeID uuid.UUID `json:"charge_id"`
}

type FineEscalatePayload struct {
	FineID uuid.UUID `json:"fine_id"`
	Level  int       `json:"level"`
}

type FineNotifyPayload struct {
	FineID uuid.UUID `json:"fine_id"`
}

type PermitRenewPayload struct {
	PermitID uuid.UUID `json:"permit_id"`
}

type SMSSendPayload struct {
	AccountID *uuid.UUID `json:"account_id,omitempty"`
	To        string     `json:"to"`
	Body      string     `json:"body"`
	Purpose   string     `json:"purpose"`
}

// NightlyPayload is carried by the scheduled jobs; BusinessDate is filled in
// by the handler when empty.
type NightlyPayload struct {
	BusinessDate string `json:"business_date,omitempty"`
}

func newTask[T any](typ string, payload T, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	return asynq.NewTask(typ, b, opts...), nil
}

func NewSessionReminder(p SessionReminderPayload) (*asynq.Task, error) {
	return newTask(TypeSessionReminder, p, asynq.Queue(QueueDefault), asynq.MaxRetry(5))
}

func NewChargeCapture(p ChargeCapturePayload) (*asynq.Task, error) {
	return newTask(TypeChargeCapture, p, asynq.Queue(QueueCritical), asynq.MaxRetry(8))
}

func NewFineEscalate(p FineEscalatePayload) (*asynq.Task, error) {
	return newTask(TypeFineEscalate, p, asynq.Queue(QueueLow))
}

func NewFineNotify(p FineNotifyPayload) (*asynq.Task, error) {
	return newTask(TypeFineNotify, p, asynq.Queue(QueueDefault))
}

func NewPermitRenew(p PermitRenewPayload) (*asynq.Task, error) {
	return newTask(TypePermitRenew, p, asynq.Queue(QueueDefault), asynq.MaxRetry(4))
}

func NewSMSSend(p SMSSendPayload) (*asynq.Task, error) {
	return newTask(TypeSMSSend, p, asynq.Queue(QueueDefault), asynq.MaxRetry(6))
}

// Decode unmarshals a task payload into T.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	err := json.Unmarshal(t.Payload(), &v)
	return v, err
}
