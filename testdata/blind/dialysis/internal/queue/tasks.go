// Package queue defines the asynq task types this service runs, their
// payloads and the enqueue helpers the domain services use.
package queue

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

const (
	TypeScheduleMaterialize = "schedule:materialize"
	TypeClaimGenerate       = "claims:generate"
	TypeClaimSubmit         = "claims:submit"
	TypeClaimResubmit       = "claims:resubmit"
	TypeSupplySubmit        = "supply:submit"
	TypeSupplyReorder       = "supply:reorder"
	TypeRideBook            = "transport:book-ride"
	TypeRideCancel          = "transport:cancel-ride"
	TypeEligibilitySweep    = "eligibility:sweep"
	TypeEligibilityRecheck  = "eligibility:recheck"
	TypeOutboxRelay         = "outbox:relay"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

type ScheduleMaterializePayload struct {
	// WeekStart is the Monday to materialize, "2006-01-02". Empty means
	// the week after the one in progress.
	WeekStart string `json:"week_start,omitempty"`
}

type ClaimGeneratePayload struct {
	SessionID uuid.UUID `json:"session_id"`
}

type ClaimSubmitPayload struct {
	SubmissionID uuid.UUID `json:"submission_id"`
}

type ClaimResubmitPayload struct {
	ClaimID     uuid.UUID `json:"claim_id"`
	RequestedBy string    `json:"requested_by"`
}

type SupplySubmitPayload struct {
	OrderID uuid.UUID `json:"order_id"`
}

type SupplyReorderPayload struct {
	// RunDate is the business date of the reorder run, "2006-01-02".
	RunDate string `json:"run_date,omitempty"`
}

type RideBookPayload struct {
	RideRequestID uuid.UUID `json:"ride_request_id"`
}

type RideCancelPayload struct {
	RideRequestID uuid.UUID `json:"ride_request_id"`
	Reason        string    `json:"reason"`
}

type EligibilitySweepPayload struct {
	Period string `json:"period,omitempty"`
}

type EligibilityRecheckPayload struct {
	CoverageID uuid.UUID `json:"coverage_id"`
	PatientID  uuid.UUID `json:"patient_id"`
	Period     string    `json:"period"`
}

func newTask(typ string, payload any, opts ...asynq.Option) (*asynq.Task, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("marshal %s payload: %w", typ, err)
	}
	return asynq.NewTask(typ, b, opts...), nil
}

func NewClaimGenerateTask(sessionID uuid.UUID) (*asynq.Task, error) {
	return newTask(TypeClaimGenerate, ClaimGeneratePayload{SessionID: sessionID},
		asynq.Queue(QueueDefault), asynq.MaxRetry(10))
}

func NewClaimSubmitTask(submissionID uuid.UUID) (*asynq.Task, error) {
	return newTask(TypeClaimSubmit, ClaimSubmitPayload{SubmissionID: submissionID},
		asynq.Queue(QueueDefault), asynq.MaxRetry(12), asynq.Timeout(2*time.Minute))
}

func NewClaimResubmitTask(claimID uuid.UUID, requestedBy string) (*asynq.Task, error) {
	return newTask(TypeClaimResubmit, ClaimResubmitPayload{ClaimID: claimID, RequestedBy: requestedBy},
		asynq.Queue(QueueDefault), asynq.MaxRetry(12), asynq.Timeout(2*time.Minute))
}

func NewSupplySubmitTask(orderID uuid.UUID) (*asynq.Task, error) {
	return newTask(TypeSupplySubmit, SupplySubmitPayload{OrderID: orderID},
		asynq.Queue(QueueDefault), asynq.MaxRetry(8))
}

func NewRideBookTask(rideID uuid.UUID) (*asynq.Task, error) {
	return newTask(TypeRideBook, RideBookPayload{RideRequestID: rideID},
		asynq.Queue(QueueCritical), asynq.MaxRetry(15))
}

func NewRideCancelTask(rideID uuid.UUID, reason string) (*asynq.Task, error) {
	return newTask(TypeRideCancel, RideCancelPayload{RideRequestID: rideID, Reason: reason},
		asynq.Queue(QueueCritical), asynq.MaxRetry(15))
}

func NewEligibilityRecheckTask(coverageID, patientID uuid.UUID, period string) (*asynq.Task, error) {
	return newTask(TypeEligibilityRecheck, EligibilityRecheckPayload{
		CoverageID: coverageID, PatientID: patientID, Period: period,
	}, asynq.Queue(QueueLow), asynq.MaxRetry(5))
}

// Decode unmarshals a task payload into T.
func Decode[T any](t *asynq.Task) (T, error) {
	var p T
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("decode %s payload: %w: %w", t.Type(), err, asynq.SkipRetry)
	}
	return p, nil
}
