package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/circuitback/buyback/internal/model"
)

type QuoteRepository struct{ base }

func NewQuoteRepository(db *gorm.DB) *QuoteRepository {
	return &QuoteRepository{base{db}}
}

func (r *QuoteRepository) Create(ctx context.Context, q *model.Quote) error {
	if err := r.conn(ctx).Create(q).Error; err != nil {
		return fmt.Errorf("create quote: %w", err)
	}
	return nil
}

func (r *QuoteRepository) Get(ctx context.Context, id uuid.UUID) (*model.Quote, error) {
	return first[model.Quote](r.conn(ctx), "id = ?", id)
}

// MarkAccepted moves an offered, unexpired quote to accepted.
func (r *QuoteRepository) MarkAccepted(ctx context.Context, id uuid.UUID, now time.Time) (int64, error) {
	res := r.conn(ctx).Model(&model.Quote{}).
		Where("id = ? AND status = ? AND expires_at > ?", id, model.QuoteOffered, now).
		Updates(map[string]any{"status": model.QuoteAccepted, "updated_at": now})
	return res.RowsAffected, res.Error
}

// Expire moves an offered quote past its expiry to expired.
func (r *QuoteRepository) Expire(ctx context.Context, id uuid.UUID, now time.Time) (int64, error) {
	res := r.conn(ctx).Model(&model.Quote{}).
		Where("id = ? AND status = ? AND expires_at <= ?", id, model.QuoteOffered, now).
		Updates(map[string]any{"status": model.QuoteExpired, "updated_at": now})
	return res.RowsAffected, res.Error
}

type TradeInRepository struct{ base }

func NewTradeInRepository(db *gorm.DB) *TradeInRepository {
	return &TradeInRepository{base{db}}
}

// CreateForQuote inserts the trade-in for a quote unless one exists, and
// returns whichever row is stored.
func (r *TradeInRepository) CreateForQuote(ctx context.Context, t *model.TradeIn) (*model.TradeIn, bool, error) {
	created, err := insertIgnore(r.conn(ctx), t, "quote_id")
	if err != nil {
		return nil, false, fmt.Errorf("create trade-in: %w", err)
	}
	if created {
		return t, true, nil
	}
	existing, err := r.GetByQuote(ctx, t.QuoteID)
	return existing, false, err
}

func (r *TradeInRepository) Get(ctx context.Context, id uuid.UUID) (*model.TradeIn, error) {
	return first[model.TradeIn](r.conn(ctx), "id = ?", id)
}

func (r *TradeInRepository) GetByQuote(ctx context.Context, quoteID uuid.UUID) (*model.TradeIn, error) {
	return first[model.TradeIn](r.conn(ctx), "quote_id = ?", quoteID)
}

// Transition moves a trade-in between statuses and reports rows affected.
func (r *TradeInRepository) Transition(ctx context.Context, id uuid.UUID, from []string, to string) (int64, error) {
	return transition(r.conn(ctx), "trade_ins", id, from, to, nil)
}

// SetFinalOffer stores the post-grading offer once.
func (r *TradeInRepository) SetFinalOffer(ctx context.Context, id uuid.UUID, cents int64, status string) (int64, error) {
	res := r.conn(ctx).Model(&model.TradeIn{}).
		Where("id = ? AND final_offer_cents IS NULL", id).
		Updates(map[string]any{"final_offer_cents": cents, "status": status, "updated_at": gorm.Expr("now()")})
	return res.RowsAffected, res.Error
}

// RecordDecision stores the customer's answer to a revised offer. Only the
// first decision is kept.
func (r *TradeInRepository) RecordDecision(ctx context.Context, id uuid.UUID, decision string, at time.Time) (int64, error) {
	res := r.conn(ctx).Model(&model.TradeIn{}).
		Where("id = ? AND offer_decision IS NULL AND status = ?", id, model.TradeInOfferPending).
		Updates(map[string]any{"offer_decision": decision, "decided_at": at, "updated_at": at})
	return res.RowsAffected, res.Error
}

func (r *TradeInRepository) SetWorkflowID(ctx context.Context, id uuid.UUID, workflowID string) error {
	return r.conn(ctx).Model(&model.TradeIn{}).Where("id = ?", id).
		Updates(map[string]any{"workflow_id": workflowID, "updated_at": gorm.Expr("now()")}).Error
}

// MarkStatus sets a trade-in's status unconditionally.
func (r *TradeInRepository) MarkStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.conn(ctx).Model(&model.TradeIn{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": gorm.Expr("now()")}).Error
}
