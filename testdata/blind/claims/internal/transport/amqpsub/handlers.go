package amqpsub

import (
	"context"
	"encoding/json"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/segmentio/ksuid"

	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/platform/logx"
)

// TriageService queues new claims for triage.
type TriageService interface {
	Enqueue(ctx context.Context, claimID uuid.UUID, lossType, source string) (bool, error)
}

// Notifier sends notifications.
type Notifier interface {
	NotifyAdjusterAssigned(ctx context.Context, evt events.AdjusterAssigned) error
	NotifyBrokerClosed(ctx context.Context, evt events.ClaimClosed) error
}

// PayoutSettler books settled payouts.
type PayoutSettler interface {
	Settle(ctx context.Context, evt events.PayoutSettled) error
}

// ReserveExporter forwards reserve movements to finance.
type ReserveExporter interface {
	ExportChange(ctx context.Context, evt events.ReserveChanged) error
}

// RecoveryApplier books recoveries.
type RecoveryApplier interface {
	ApplyRecovery(ctx context.Context, messageID string, evt events.SubrogationRecovered) error
}

// RecalcScheduler schedules reserve recalculation jobs.
type RecalcScheduler interface {
	ScheduleReserveRecalc(ctx context.Context, claimID uuid.UUID) error
}

// Handlers holds the event consumers.
type Handlers struct {
	triage      TriageService
	notify      Notifier
	payouts     PayoutSettler
	reserves    ReserveExporter
	subrogation RecoveryApplier
	jobs        RecalcScheduler
}

// NewHandlers builds Handlers.
func NewHandlers(t TriageService, n Notifier, p PayoutSettler, r ReserveExporter, s RecoveryApplier, j RecalcScheduler) *Handlers {
	return &Handlers{triage: t, notify: n, payouts: p, reserves: r, subrogation: s, jobs: j}
}

// typed adapts a typed event handler to watermill. Undecodable payloads are
// logged and acked (they would never succeed).
func typed[T any](fn func(ctx context.Context, msg *message.Message, evt T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		traceID := ksuid.New().String()
		ctx := logx.With(msg.Context(), "message_uuid", msg.UUID, "trace_id", traceID)
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			logx.From(ctx).Error("dropping undecodable event", "err", err)
			return nil
		}
		return fn(ctx, msg, evt)
	}
}

// Subscriptions is the consumer registration table.
func (h *Handlers) Subscriptions() []Subscription {
	return []Subscription{
		{Name: "triage-claim-opened", Topic: events.TopicClaimOpened, Handler: typed(h.onClaimOpened)},
		{Name: "notify-adjuster-assigned", Topic: events.TopicAdjusterAssigned, Handler: typed(h.onAdjusterAssigned)},
		{Name: "broker-claim-closed", Topic: events.TopicClaimClosed, Handler: typed(h.onClaimClosed)},
		{Name: "ledger-payout-settled", Topic: events.TopicPayoutSettled, Handler: typed(h.onPayoutSettled)},
		{Name: "finance-reserve-changed", Topic: events.TopicReserveChanged, Handler: typed(h.onReserveChanged)},
		{Name: "ledger-subrogation-recovered", Topic: events.TopicSubrogationRecovered, Handler: typed(h.onSubrogationRecovered)},
		{Name: "recalc-claim-reopened", Topic: events.TopicClaimReopened, Handler: typed(h.onClaimReopened)},
	}
}

func (h *Handlers) onClaimOpened(ctx context.Context, _ *message.Message, evt events.ClaimOpened) error {
	added, err := h.triage.Enqueue(ctx, evt.ClaimID, evt.LossType, evt.Source)
	if err != nil {
		return err
	}
	logx.From(ctx).Info("triage", "claim_id", evt.ClaimID, "added", added)
	return nil
}

func (h *Handlers) onAdjusterAssigned(ctx context.Context, _ *message.Message, evt events.AdjusterAssigned) error {
	return h.notify.NotifyAdjusterAssigned(ctx, evt)
}

func (h *Handlers) onClaimClosed(ctx context.Context, _ *message.Message, evt events.ClaimClosed) error {
	return h.notify.NotifyBrokerClosed(ctx, evt)
}

func (h *Handlers) onPayoutSettled(ctx context.Context, _ *message.Message, evt events.PayoutSettled) error {
	return h.payouts.Settle(ctx, evt)
}

func (h *Handlers) onReserveChanged(ctx context.Context, _ *message.Message, evt events.ReserveChanged) error {
	return h.reserves.ExportChange(ctx, evt)
}

func (h *Handlers) onSubrogationRecovered(ctx context.Context, msg *message.Message, evt events.SubrogationRecovered) error {
	return h.subrogation.ApplyRecovery(ctx, msg.UUID, evt)
}

func (h *Handlers) onClaimReopened(ctx context.Context, _ *message.Message, evt events.ClaimReopened) error {
	return h.jobs.ScheduleReserveRecalc(ctx, evt.ClaimID)
}
