// Package events defines the Pub/Sub topics this service publishes to and
// the payloads of the events on them. Downstream consumers (the data
// warehouse loader, the floor display, the patient messaging service)
// de-duplicate on the event_id attribute.
package events

import (
	"time"

	"github.com/google/uuid"
)

const (
	TopicPatients   = "dialysis.patients.v1"
	TopicScheduling = "dialysis.scheduling.v1"
	TopicTreatments = "dialysis.treatments.v1"
	TopicSupplies   = "dialysis.supplies.v1"
	TopicBilling    = "dialysis.billing.v1"
	TopicTransport  = "dialysis.transport.v1"
)

// Envelope is what services hand to the outbox.
type Envelope struct {
	Topic         string
	Type          string
	AggregateType string
	AggregateID   uuid.UUID
	// OrderingKey groups events that consumers must see in order, usually
	// the patient id.
	OrderingKey string
	Payload     any
}

type PatientRegistered struct {
	PatientID uuid.UUID `json:"patient_id"`
	ClinicID  uuid.UUID `json:"clinic_id"`
	MRN       string    `json:"mrn"`
}

type ScheduleCreated struct {
	ScheduleID uuid.UUID `json:"schedule_id"`
	PatientID  uuid.UUID `json:"patient_id"`
	ClinicID   uuid.UUID `json:"clinic_id"`
	ChairID    uuid.UUID `json:"chair_id"`
	Pattern    string    `json:"pattern"`
	Shift      int16     `json:"shift"`
	StartsOn   string    `json:"starts_on"`
}

type ChairSwapped struct {
	ScheduleID  uuid.UUID `json:"schedule_id"`
	PatientID   uuid.UUID `json:"patient_id"`
	FromChairID uuid.UUID `json:"from_chair_id"`
	ToChairID   uuid.UUID `json:"to_chair_id"`
	Reason      string    `json:"reason"`
	SwappedBy   string    `json:"swapped_by"`
	SwappedAt   time.Time `json:"swapped_at"`
}

type SessionCancelled struct {
	SessionID   uuid.UUID `json:"session_id"`
	PatientID   uuid.UUID `json:"patient_id"`
	SessionDate string    `json:"session_date"`
	Reason      string    `json:"reason"`
}

type TreatmentStarted struct {
	SessionID uuid.UUID `json:"session_id"`
	PatientID uuid.UUID `json:"patient_id"`
	ChairID   uuid.UUID `json:"chair_id"`
	StartedBy string    `json:"started_by"`
	StartedAt time.Time `json:"started_at"`
}

type TreatmentCompleted struct {
	SessionID    uuid.UUID `json:"session_id"`
	PatientID    uuid.UUID `json:"patient_id"`
	ClinicID     uuid.UUID `json:"clinic_id"`
	PreWeightG   int32     `json:"pre_weight_g"`
	PostWeightG  int32     `json:"post_weight_g"`
	CompletedBy  string    `json:"completed_by"`
	CompletedAt  time.Time `json:"completed_at"`
	SuppliesUsed int       `json:"supplies_used"`
}

type ClaimAdjusted struct {
	ClaimID      uuid.UUID `json:"claim_id"`
	AdjustmentID uuid.UUID `json:"adjustment_id"`
	ReasonCode   string    `json:"reason_code"`
	AmountCents  int64     `json:"amount_cents"`
}

type ShipmentReceived struct {
	OrderID        uuid.UUID `json:"order_id"`
	ClinicID       uuid.UUID `json:"clinic_id"`
	TrackingNumber string    `json:"tracking_number"`
	Status         string    `json:"status"`
}

type RideNoShow struct {
	RideRequestID uuid.UUID `json:"ride_request_id"`
	PatientID     uuid.UUID `json:"patient_id"`
	SessionDate   string    `json:"session_date"`
	Leg           string    `json:"leg"`
}
