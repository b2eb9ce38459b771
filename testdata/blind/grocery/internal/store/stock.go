package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type StockRepo struct{ db *bun.DB }

func NewStockRepo(db *bun.DB) *StockRepo { return &StockRepo{db: db} }

func (r *StockRepo) Store(ctx context.Context, id string) (*domain.PartnerStore, error) {
	s := new(domain.PartnerStore)
	err := idb(ctx, r.db).NewSelect().Model(s).Where("ps.id = ?", id).Scan(ctx)
	return s, notFound(err)
}

func (r *StockRepo) Get(ctx context.Context, storeID, sku string) (*domain.StockLevel, error) {
	l := new(domain.StockLevel)
	err := idb(ctx, r.db).NewSelect().Model(l).
		Where("sl.store_id = ?", storeID).
		Where("sl.sku = ?", sku).
		Scan(ctx)
	return l, notFound(err)
}

func (r *StockRepo) GetMany(ctx context.Context, storeID string, skus []string) (map[string]*domain.StockLevel, error) {
	levels := make([]*domain.StockLevel, 0, len(skus))
	if len(skus) == 0 {
		return map[string]*domain.StockLevel{}, nil
	}
	err := idb(ctx, r.db).NewSelect().Model(&levels).
		Where("sl.store_id = ?", storeID).
		Where("sl.sku IN (?)", bun.In(skus)).
		Scan(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*domain.StockLevel, len(levels))
	for _, l := range levels {
		out[l.SKU] = l
	}
	return out, nil
}

// UpsertSnapshot writes absolute stock levels. A row is only overwritten by
// a snapshot with a newer feed sequence, so replays and out-of-order
// deliveries leave the newest value in place. It returns how many rows
// changed.
func (r *StockRepo) UpsertSnapshot(ctx context.Context, levels []*domain.StockLevel) (int64, error) {
	if len(levels) == 0 {
		return 0, nil
	}
	now := time.Now().UTC()
	for _, l := range levels {
		l.UpdatedAt = now
	}
	res, err := idb(ctx, r.db).NewInsert().
		Model(&levels).
		On("CONFLICT (store_id, sku) DO UPDATE").
		Set("quantity = EXCLUDED.quantity").
		Set("unit_price_pence = EXCLUDED.unit_price_pence").
		Set("name = EXCLUDED.name").
		Set("substitutable = EXCLUDED.substitutable").
		Set("feed_seq = EXCLUDED.feed_seq").
		Set("updated_at = EXCLUDED.updated_at").
		Where("sl.feed_seq < EXCLUDED.feed_seq").
		Exec(ctx)
	if err != nil {
		return 0, err
	}
	return affected(res)
}

// ApplyDelta adjusts the mirrored quantity of one SKU by delta.
func (r *StockRepo) ApplyDelta(ctx context.Context, storeID, sku string, delta int, seq int64) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.StockLevel)(nil)).
		Set("quantity = GREATEST(quantity + ?, 0)", delta).
		Set("feed_seq = GREATEST(feed_seq, ?)", seq).
		Set("updated_at = now()").
		Where("store_id = ?", storeID).
		Where("sku = ?", sku).
		Exec(ctx)
	return err
}

func (r *StockRepo) Cursor(ctx context.Context, partnerID string) (int64, error) {
	c := new(domain.PartnerFeedCursor)
	err := idb(ctx, r.db).NewSelect().Model(c).Where("pfc.partner_id = ?", partnerID).Scan(ctx)
	if err != nil {
		if notFound(err) == domain.ErrNotFound {
			return 0, nil
		}
		return 0, err
	}
	return c.LastSeq, nil
}

// AdvanceCursor moves the partner's feed cursor forward; it never moves it
// backwards.
func (r *StockRepo) AdvanceCursor(ctx context.Context, partnerID string, seq int64) error {
	c := &domain.PartnerFeedCursor{PartnerID: partnerID, LastSeq: seq, UpdatedAt: time.Now().UTC()}
	_, err := idb(ctx, r.db).NewInsert().
		Model(c).
		On("CONFLICT (partner_id) DO UPDATE").
		Set("last_seq = GREATEST(pfc.last_seq, EXCLUDED.last_seq)").
		Set("updated_at = EXCLUDED.updated_at").
		Exec(ctx)
	return err
}
