package premiums

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/database"
	"github.com/skyguard-travel/policyhub/internal/providers/paygate"
)

// ErrBadSignature is returned for webhooks that fail verification.
var ErrBadSignature = errors.New("premiums: invalid webhook signature")

// WebhookEvent is the envelope PayGate posts to us.
type WebhookEvent struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

type refundData struct {
	RefundID string `json:"refund_id"`
	Status   string `json:"status"`
}

type disputeData struct {
	ChargeID string `json:"charge_id"`
}

// WebhookProcessor applies PayGate webhooks.
type WebhookProcessor interface {
	Process(ctx context.Context, payload []byte, signature string) error
}

type webhookProcessor struct {
	db      *bun.DB
	gateway paygate.Gateway
	log     *slog.Logger
	apply   map[string]func(ctx context.Context, tx bun.Tx, data json.RawMessage) error
}

// NewWebhookProcessor returns the PayGate webhook processor.
func NewWebhookProcessor(db *bun.DB, gw paygate.Gateway, log *slog.Logger) WebhookProcessor {
	p := &webhookProcessor{db: db, gateway: gw, log: log}
	p.apply = map[string]func(ctx context.Context, tx bun.Tx, data json.RawMessage) error{
		"refund.succeeded":       p.refundFinished(models.PaymentSucceeded),
		"refund.failed":          p.refundFinished(models.PaymentFailed),
		"charge.dispute.created": p.disputeOpened,
	}
	return p
}

func (p *webhookProcessor) Process(ctx context.Context, payload []byte, signature string) error {
	if !p.gateway.VerifyWebhook(payload, signature) {
		return ErrBadSignature
	}
	var ev WebhookEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		return fmt.Errorf("decode webhook: %w", err)
	}
	apply, ok := p.apply[ev.Type]
	if !ok {
		p.log.DebugContext(ctx, "ignoring paygate event", "type", ev.Type)
		return nil
	}

	return p.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewInsert().Model(&models.WebhookEvent{
			Provider:   "paygate",
			EventID:    ev.ID,
			Type:       ev.Type,
			ReceivedAt: time.Now().UTC(),
		}).On("CONFLICT (provider, event_id) DO NOTHING").Exec(ctx)
		if err != nil {
			return err
		}
		if database.Affected(res) == 0 {
			p.log.InfoContext(ctx, "duplicate paygate event", "id", ev.ID)
			return nil
		}
		return apply(ctx, tx, ev.Data)
	})
}

func (p *webhookProcessor) refundFinished(status models.PaymentStatus) func(context.Context, bun.Tx, json.RawMessage) error {
	return func(ctx context.Context, tx bun.Tx, data json.RawMessage) error {
		var d refundData
		if err := json.Unmarshal(data, &d); err != nil {
			return fmt.Errorf("decode refund event: %w", err)
		}
		res, err := tx.NewUpdate().Model((*models.Refund)(nil)).
			Set("status = ?", status).
			Set("updated_at = now()").
			Where("provider_refund_id = ?", d.RefundID).
			Exec(ctx)
		if err != nil {
			return err
		}
		if database.Affected(res) == 0 {
			// The refund task has not stored the provider id yet; fail so
			// that PayGate redelivers the event later.
			return fmt.Errorf("refund %s not known yet", d.RefundID)
		}
		return nil
	}
}

func (p *webhookProcessor) disputeOpened(ctx context.Context, tx bun.Tx, data json.RawMessage) error {
	var d disputeData
	if err := json.Unmarshal(data, &d); err != nil {
		return fmt.Errorf("decode dispute event: %w", err)
	}
	res, err := tx.NewUpdate().Model((*models.PremiumPayment)(nil)).
		Set("disputed = true").
		Where("provider_charge_id = ?", d.ChargeID).
		Exec(ctx)
	if err != nil {
		return err
	}
	if database.Affected(res) == 0 {
		return fmt.Errorf("charge %s not known yet", d.ChargeID)
	}
	return nil
}
