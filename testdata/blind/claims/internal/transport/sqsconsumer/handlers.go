package sqsconsumer

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/claims"
	"github.com/harborline/claims/internal/subrogation"
)

// TelematicsIntake opens claims from crash notifications.
type TelematicsIntake interface {
	OpenFromTelematics(ctx context.Context, in claims.TelematicsFNOL) (bool, error)
}

// FeedbackRecorder processes SES feedback.
type FeedbackRecorder interface {
	RecordSESFeedback(ctx context.Context, raw []byte) error
}

// RecoveryRecorder stores vendor recoveries.
type RecoveryRecorder interface {
	RecordVendorRecovery(ctx context.Context, in subrogation.VendorRecovery) error
}

// Queues holds the queue URLs from configuration.
type Queues struct {
	TelematicsURL  string
	SESFeedbackURL string
	RecoveriesURL  string
}

// Handlers holds the SQS message handlers.
type Handlers struct {
	intake     TelematicsIntake
	feedback   FeedbackRecorder
	recoveries RecoveryRecorder
}

// NewHandlers builds Handlers.
func NewHandlers(i TelematicsIntake, f FeedbackRecorder, r RecoveryRecorder) *Handlers {
	return &Handlers{intake: i, feedback: f, recoveries: r}
}

// Registrations is the handler table.
func (h *Handlers) Registrations(q Queues) []Registration {
	return []Registration{
		{Name: "telematics-fnol", QueueURL: q.TelematicsURL, Handler: h.TelematicsCrash, Workers: 2, VisibilityTimeout: 60 * time.Second},
		{Name: "ses-feedback", QueueURL: q.SESFeedbackURL, Handler: h.SESFeedback, Workers: 1},
		{Name: "vendor-recoveries", QueueURL: q.RecoveriesURL, Handler: h.VendorRecovery, Workers: 1, VisibilityTimeout: 120 * time.Second},
	}
}

type crashNotice struct {
	Provider     string    `json:"provider"`
	CrashID      string    `json:"crash_id"`
	PolicyNumber string    `json:"policy_number"`
	OccurredAt   time.Time `json:"occurred_at"`
	Severity     string    `json:"severity"`
	Driver       struct {
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"driver"`
}

// TelematicsCrash handles the telematics-fnol queue.
func (h *Handlers) TelematicsCrash(ctx context.Context, m Message) error {
	var n crashNotice
	if err := json.Unmarshal(m.Body, &n); err != nil {
		return fmt.Errorf("decode crash notice: %w", err)
	}
	_, err := h.intake.OpenFromTelematics(ctx, claims.TelematicsFNOL{
		Provider:     n.Provider,
		CrashID:      n.CrashID,
		PolicyNumber: n.PolicyNumber,
		OccurredAt:   n.OccurredAt,
		DriverName:   n.Driver.Name,
		DriverEmail:  n.Driver.Email,
		Severity:     n.Severity,
	})
	return err
}

// snsEnvelope is the SNS wrapper around SES notifications.
type snsEnvelope struct {
	Type      string `json:"Type"`
	MessageID string `json:"MessageId"`
	Message   string `json:"Message"`
}

// SESFeedback handles the ses-feedback queue.
func (h *Handlers) SESFeedback(ctx context.Context, m Message) error {
	var env snsEnvelope
	if err := json.Unmarshal(m.Body, &env); err != nil {
		return fmt.Errorf("decode sns envelope: %w", err)
	}
	return h.feedback.RecordSESFeedback(ctx, []byte(env.Message))
}

type recoveryNotice struct {
	RecoveryRef string    `json:"recovery_ref"`
	ClaimID     uuid.UUID `json:"claim_id"`
	AmountCents int64     `json:"amount_cents"`
	ReceivedAt  time.Time `json:"received_at"`
}

// VendorRecovery handles the vendor-recoveries queue.
func (h *Handlers) VendorRecovery(ctx context.Context, m Message) error {
	var n recoveryNotice
	if err := json.Unmarshal(m.Body, &n); err != nil {
		return fmt.Errorf("decode recovery: %w", err)
	}
	return h.recoveries.RecordVendorRecovery(ctx, subrogation.VendorRecovery{
		RecoveryRef: n.RecoveryRef,
		ClaimID:     n.ClaimID,
		AmountCents: n.AmountCents,
		ReceivedAt:  n.ReceivedAt,
	})
}
