// Package tasks defines the asynq task types processed by cmd/worker, their
// payloads and constructors. Producers and handlers both import this package
// so that type names and payload shapes cannot drift apart.
package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Task type names.
const (
	TypePremiumCollect     = "premium:collect"
	TypePremiumRefund      = "premium:refund"
	TypePolicyDeliver      = "policy:deliver"
	TypeClaimAcknowledge   = "claim:acknowledge"
	TypeClaimPayout        = "claim:payout"
	TypePartnerClaimStatus = "partner:claim_status"
	TypeCommissionAccrue   = "commission:accrue"
	TypeParametricPayout   = "parametric:payout"
)

// Queue names, in priority order.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// PolicyPayload identifies a policy.
type PolicyPayload struct {
	PolicyID uuid.UUID `json:"policy_id"`
}

// RefundPayload identifies a refund.
type RefundPayload struct {
	RefundID uuid.UUID `json:"refund_id"`
}

// ClaimPayload identifies a claim.
type ClaimPayload struct {
	ClaimID uuid.UUID `json:"claim_id"`
}

// ClaimStatusPayload announces a claim transition to the partner.
type ClaimStatusPayload struct {
	ClaimID   uuid.UUID `json:"claim_id"`
	Status    string    `json:"status"`
	ChangedAt time.Time `json:"changed_at"`
}

// PayoutPayload identifies a payout.
type PayoutPayload struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

func newTask(typ string, payload any, opts ...asynq.Option) *asynq.Task {
	b, err := json.Marshal(payload)
	if err != nil {
		// Payloads are plain structs of uuids, strings and times.
		panic(fmt.Sprintf("tasks: marshal %s payload: %v", typ, err))
	}
	return asynq.NewTask(typ, b, opts...)
}

// NewPremiumCollect builds a premium:collect task.
func NewPremiumCollect(policyID uuid.UUID) *asynq.Task {
	return newTask(TypePremiumCollect, PolicyPayload{PolicyID: policyID},
		asynq.Queue(QueueCritical), asynq.MaxRetry(8))
}

// NewPremiumRefund builds a premium:refund task.
func NewPremiumRefund(refundID uuid.UUID) *asynq.Task {
	return newTask(TypePremiumRefund, RefundPayload{RefundID: refundID},
		asynq.Queue(QueueCritical), asynq.MaxRetry(10))
}

// NewPolicyDeliver builds a policy:deliver task.
func NewPolicyDeliver(policyID uuid.UUID) *asynq.Task {
	return newTask(TypePolicyDeliver, PolicyPayload{PolicyID: policyID}, asynq.Queue(QueueDefault))
}

// NewClaimAcknowledge builds a claim:acknowledge task.
func NewClaimAcknowledge(claimID uuid.UUID) *asynq.Task {
	return newTask(TypeClaimAcknowledge, ClaimPayload{ClaimID: claimID}, asynq.Queue(QueueDefault))
}

// NewClaimPayout builds a claim:payout task.
func NewClaimPayout(payoutID uuid.UUID) *asynq.Task {
	return newTask(TypeClaimPayout, PayoutPayload{PayoutID: payoutID},
		asynq.Queue(QueueCritical), asynq.MaxRetry(12))
}

// NewPartnerClaimStatus builds a partner:claim_status task.
func NewPartnerClaimStatus(claimID uuid.UUID, status string, at time.Time) *asynq.Task {
	return newTask(TypePartnerClaimStatus, ClaimStatusPayload{ClaimID: claimID, Status: status, ChangedAt: at},
		asynq.Queue(QueueLow))
}

// NewCommissionAccrue builds a commission:accrue task.
func NewCommissionAccrue(policyID uuid.UUID) *asynq.Task {
	return newTask(TypeCommissionAccrue, PolicyPayload{PolicyID: policyID}, asynq.Queue(QueueLow))
}

// NewParametricPayout builds a parametric:payout task.
func NewParametricPayout(payoutID uuid.UUID) *asynq.Task {
	return newTask(TypeParametricPayout, PayoutPayload{PayoutID: payoutID},
		asynq.Queue(QueueCritical), asynq.MaxRetry(12))
}

// Decode unmarshals a task payload into T and wraps errors with
// asynq.SkipRetry: a payload that does not decode will never decode.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("decode %s: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}

// Handler is the signature of a task handler.
type Handler = func(ctx context.Context, t *asynq.Task) error
