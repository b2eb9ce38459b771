// Package tasks defines the background task types, their payloads and the
// enqueuer the services use.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

const (
	TypeChargeMonthly        = "billing:charge_monthly"
	TypeDunningRetry         = "billing:dunning_retry"
	TypePromoteWaitlist      = "classes:promote_waitlist"
	TypeClassReminder        = "notify:class_reminder"
	TypeBookingCanceled      = "notify:booking_canceled"
	TypeGuestPassInvite      = "notify:guest_pass_invite"
	TypeSettlePTSession      = "pt:settle_session"
	TypeRunPayouts           = "payouts:run_period"
	TypeProvisionCard        = "door:provision_card"
	TypeIssueGuestCredential = "door:issue_guest_credential"
	TypeRevokeCards          = "door:revoke_card"
	TypeResumeFreezes        = "freezes:auto_resume"
)

const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueNotify   = "notify"
)

type ChargeMonthlyPayload struct {
	MembershipID uuid.UUID `json:"membership_id"`
	Period       string    `json:"period"`
}

type DunningRetryPayload struct {
	MembershipID uuid.UUID `json:"membership_id"`
	Period       string    `json:"period"`
	Attempt      int       `json:"attempt"`
}

type PromoteWaitlistPayload struct {
	SessionID      uuid.UUID `json:"session_id"`
	FreedBookingID uuid.UUID `json:"freed_booking_id"`
}

type ClassReminderPayload struct {
	BookingID uuid.UUID `json:"booking_id"`
}

type BookingCanceledPayload struct {
	BookingID uuid.UUID `json:"booking_id"`
	MemberID  uuid.UUID `json:"member_id"`
	SessionID uuid.UUID `json:"session_id"`
}

type GuestPassPayload struct {
	GuestPassID uuid.UUID `json:"guest_pass_id"`
}

type SettlePTSessionPayload struct {
	BookingID uuid.UUID `json:"booking_id"`
}

type RunPayoutsPayload struct {
	Period string `json:"period"`
}

type ProvisionCardPayload struct {
	CardID uuid.UUID `json:"card_id"`
}

type RevokeCardsPayload struct {
	MemberID     uuid.UUID `json:"member_id"`
	MembershipID uuid.UUID `json:"membership_id"`
}

type ResumeFreezesPayload struct {
	Day string `json:"day"`
}

// Queue enqueues background work.
type Queue interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error
}

type Enqueuer struct {
	client *asynq.Client
}

func NewEnqueuer(client *asynq.Client) *Enqueuer {
	return &Enqueuer{client: client}
}

// Enqueue marshals payload and enqueues it. A task ID that is already known to
// the queue is treated as success.
func (e *Enqueuer) Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal %s payload: %w", typ, err)
	}
	opts = append([]asynq.Option{asynq.MaxRetry(12), asynq.Retention(72 * time.Hour)}, opts...)
	_, err = e.client.EnqueueContext(ctx, asynq.NewTask(typ, b), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", typ, err)
	}
	return nil
}

// Key builds a task ID from stable parts.
func Key(parts ...string) asynq.Option {
	return asynq.TaskID(strings.Join(parts, ":"))
}

// Decode unmarshals a task payload.
func Decode[T any](t *asynq.Task) (T, error) {
	var v T
	if err := json.Unmarshal(t.Payload(), &v); err != nil {
		return v, fmt.Errorf("%s: decode payload: %w: %w", t.Type(), err, asynq.SkipRetry)
	}
	return v, nil
}
