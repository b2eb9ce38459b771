// Package tasks defines the asynq task types of the refill pipeline and
// their payloads.
package tasks

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

const (
	TypeAdjudicateClaim  = "claim:adjudicate"
	TypeReverseClaim     = "claim:reverse"
	TypePollClaimStatus  = "claim:poll-status"
	TypeChargeCopay      = "copay:charge"
	TypeCreateLabel      = "fulfillment:create-label"
	TypeVoidLabel        = "fulfillment:void-label"
	TypeSchedulePickup   = "fulfillment:schedule-pickup"
	TypeNotifyShipped    = "notify:shipped"
	TypeReminderScan     = "reminders:scan"
	TypeReminderSend     = "reminders:send"
	TypeAutoRefillScan   = "refills:auto-refill-scan"
	TypeRemittanceSync   = "remittance:sync"
	TypeRemittanceImport = "remittance:import"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type RefillPayload struct {
	RefillID uuid.UUID `json:"refill_id"`
}

type ClaimPayload struct {
	ClaimID uuid.UUID `json:"claim_id"`
	Reason  string    `json:"reason,omitempty"`
}

type ShipmentPayload struct {
	ShipmentID uuid.UUID `json:"shipment_id"`
}

type ReminderPayload struct {
	ReminderID string `json:"reminder_id"`
}

type PickupPayload struct {
	LocationID string `json:"location_id"`
	Date       string `json:"date"`
}

type RemittancePayload struct {
	BatchID string `json:"batch_id"`
}

func newTask(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("encode %s payload: %w", typ, err)
	}
	return asynq.NewTask(typ, b, opts...), nil
}

// Each constructor returns the task with a task ID derived from the object
// it acts on, so a second enqueue of the same step collapses into the first.

func AdjudicateClaim(refillID uuid.UUID) (*asynq.Task, []asynq.Option, error) {
	t, err := newTask(TypeAdjudicateClaim, RefillPayload{RefillID: refillID})
	return t, []asynq.Option{
		asynq.TaskID("adjudicate:" + refillID.String()),
		asynq.Queue(QueueCritical),
		asynq.MaxRetry(12),
		asynq.Retention(72 * time.Hour),
	}, err
}

func ReverseClaim(claimID uuid.UUID, reason string) (*asynq.Task, []asynq.Option, error) {
	t, err := newTask(TypeReverseClaim, ClaimPayload{ClaimID: claimID, Reason: reason})
	return t, []asynq.Option{
		asynq.TaskID("reverse:" + claimID.String()),
		asynq.Queue(QueueCritical),
		asynq.MaxRetry(20),
	}, err
}

func ChargeCopay(refillID uuid.UUID) (*asynq.Task, []asynq.Option, error) {
	t, err := newTask(TypeChargeCopay, RefillPayload{RefillID: refillID})
	return t, []asynq.Option{
		asynq.TaskID("copay:" + refillID.String()),
		asynq.Queue(QueueCritical),
		asynq.MaxRetry(8),
		asynq.Retention(72 * time.Hour),
	}, err
}

func CreateLabel(refillID uuid.UUID) (*asynq.Task, []asynq.Option, error) {
	t, err := newTask(TypeCreateLabel, RefillPayload{RefillID: refillID})
	return t, []asynq.Option{
		asynq.TaskID("label:" + refillID.String()),
		asynq.Queue(QueueDefault),
		asynq.MaxRetry(10),
		asynq.Retention(72 * time.Hour),
	}, err
}

func VoidLabel(shipmentID uuid.UUID) (*asynq.Task, []asynq.Option, error) {
	t, err := newTask(TypeVoidLabel, ShipmentPayload{ShipmentID: shipmentID})
	return t, []asynq.Option{
		asynq.TaskID("void:" + shipmentID.String()),
		asynq.Queue(QueueLow),
	}, err
}

func NotifyShipped(shipmentID uuid.UUID) (*asynq.Task, []asynq.Option, error) {
	t, err := newTask(TypeNotifyShipped, ShipmentPayload{ShipmentID: shipmentID})
	return t, []asynq.Option{
		asynq.TaskID("shipped:" + shipmentID.String()),
		asynq.Queue(QueueLow),
	}, err
}

func SendReminder(reminderID string) (*asynq.Task, []asynq.Option, error) {
	t, err := newTask(TypeReminderSend, ReminderPayload{ReminderID: reminderID})
	return t, []asynq.Option{
		asynq.TaskID("reminder:" + reminderID),
		asynq.Queue(QueueLow),
		asynq.MaxRetry(5),
	}, err
}

func ImportRemittance(batchID string) (*asynq.Task, []asynq.Option, error) {
	t, err := newTask(TypeRemittanceImport, RemittancePayload{BatchID: batchID})
	return t, []asynq.Option{
		asynq.TaskID("remit:" + batchID),
		asynq.Queue(QueueLow),
		asynq.MaxRetry(10),
	}, err
}

// SchedulePickup is registered with the scheduler, which supplies the
// payload each morning.
func SchedulePickup(locationID string, day time.Time) (*asynq.Task, error) {
	return newTask(TypeSchedulePickup, PickupPayload{LocationID: locationID, Date: day.Format(time.DateOnly)})
}
