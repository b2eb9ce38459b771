package cod

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/IBM/sarama"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
)

// TopicLegacyAdjustments is still produced by the old back-office monolith
// when finance corrects a merchant's COD balance by hand.
const TopicLegacyAdjustments = "legacy.cod.adjustments"

// Inbox remembers which legacy messages have been applied.
type Inbox struct {
	q database.Queryer
}

// NewInbox builds an Inbox.
func NewInbox(q database.Queryer) *Inbox { return &Inbox{q: q} }

// Seen reports whether id has been processed.
func (i *Inbox) Seen(ctx context.Context, id string) (bool, error) {
	var exists bool
	err := i.q.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM legacy_inbox WHERE message_id = $1)`, id)
	return exists, err
}

// MarkProcessed records id.
func (i *Inbox) MarkProcessed(ctx context.Context, id string) error {
	_, err := i.q.ExecContext(ctx, `INSERT INTO legacy_inbox (message_id, processed_at) VALUES ($1, now()) ON CONFLICT (message_id) DO NOTHING`, id)
	return err
}

type legacyAdjustment struct {
	MerchantID  string `json:"merchantId"`
	AmountCents int64  `json:"amountMinor"`
	Reason      string `json:"reason"`
	Operator    string `json:"operator"`
}

// LegacyAdjustmentHandler applies back-office balance corrections.
type LegacyAdjustmentHandler struct {
	inbox     *Inbox
	tx        database.Transactor
	merchants *database.Repo[domain.Merchant]
	ledger    *database.Repo[domain.CODLedgerEntry]
	log       *zap.Logger
}

// NewLegacyAdjustmentHandler builds the handler.
func NewLegacyAdjustmentHandler(inbox *Inbox, tx database.Transactor, db *gorm.DB, log *zap.Logger) *LegacyAdjustmentHandler {
	return &LegacyAdjustmentHandler{
		inbox:     inbox,
		tx:        tx,
		merchants: database.NewRepo[domain.Merchant](db),
		ledger:    database.NewRepo[domain.CODLedgerEntry](db),
		log:       log,
	}
}

// Topic implements legacybus.Handler.
func (h *LegacyAdjustmentHandler) Topic() string { return TopicLegacyAdjustments }

// Handle implements legacybus.Handler.
func (h *LegacyAdjustmentHandler) Handle(ctx context.Context, msg *sarama.ConsumerMessage) error {
	id := messageID(msg)
	seen, err := h.inbox.Seen(ctx, id)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	var adj legacyAdjustment
	if err := json.Unmarshal(msg.Value, &adj); err != nil {
		h.log.Error("unparseable legacy adjustment; skipping", zap.String("message_id", id), zap.Error(err))
		return nil
	}

	err = h.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		if err := h.ledger.Create(txCtx, &domain.CODLedgerEntry{
			MerchantID:  adj.MerchantID,
			AmountCents: adj.AmountCents,
			Reason:      fmt.Sprintf("legacy adjustment: %s (%s)", adj.Reason, adj.Operator),
			SourceRef:   id,
			CreatedAt:   time.Now().UTC(),
		}); err != nil {
			return err
		}
		n, err := h.merchants.UpdateWhere(txCtx, map[string]any{
			"cod_balance_cents": gorm.Expr("cod_balance_cents + ?", adj.AmountCents),
		}, "id = ?", adj.MerchantID)
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("unknown merchant %q", adj.MerchantID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.inbox.MarkProcessed(ctx, id)
}

func messageID(msg *sarama.ConsumerMessage) string {
	for _, hd := range msg.Headers {
		if hd != nil && string(hd.Key) == "message_id" && len(hd.Value) > 0 {
			return string(hd.Value)
		}
	}
	return fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)
}
