// Package lookup caches small reference tables (boat categories, the extras
// catalogue, marinas) that change a few times a year.
package lookup

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/saltline-charters/charterhub/internal/store"
)

// ErrUnknown is returned by Get when the key is not in the table.
var ErrUnknown = errors.New("lookup: unknown key")

// Table is a read-through cache over one lookup table.
type Table[K comparable, V any] struct {
	name  string
	db    store.DBTX
	query string
	key   func(V) K
	scan  func(pgx.Rows) (V, error)
	ttl   time.Duration

	mu      sync.RWMutex
	loaded  time.Time
	entries map[K]V
	order   []K
}

// NewTable builds a cached table. query must select every row.
func NewTable[K comparable, V any](name string, db store.DBTX, query string, key func(V) K, scan func(pgx.Rows) (V, error)) *Table[K, V] {
	return &Table[K, V]{name: name, db: db, query: query, key: key, scan: scan, ttl: 10 * time.Minute}
}

func (t *Table[K, V]) fresh() bool {
	return t.entries != nil && time.Since(t.loaded) < t.ttl
}

func (t *Table[K, V]) load(ctx context.Context) error {
	t.mu.RLock()
	ok := t.fresh()
	t.mu.RUnlock()
	if ok {
		return nil
	}

	t.mu.Lock()
	defer t.mu.Unlock()
	if t.fresh() {
		return nil
	}
	rows, err := t.db.Query(ctx, t.query)
	if err != nil {
		return fmt.Errorf("load %s: %w", t.name, err)
	}
	defer rows.Close()

	entries := make(map[K]V)
	var order []K
	for rows.Next() {
		v, err := t.scan(rows)
		if err != nil {
			return fmt.Errorf("scan %s: %w", t.name, err)
		}
		k := t.key(v)
		entries[k] = v
		order = append(order, k)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	t.entries, t.order, t.loaded = entries, order, time.Now()
	return nil
}

// Get returns the row for k.
func (t *Table[K, V]) Get(ctx context.Context, k K) (V, error) {
	var zero V
	if err := t.load(ctx); err != nil {
		return zero, err
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	v, ok := t.entries[k]
	if !ok {
		return zero, fmt.Errorf("%s %v: %w", t.name, k, ErrUnknown)
	}
	return v, nil
}

type (
	BoatCategories = Table[string, store.BoatCategory]
	Extras         = Table[string, store.Extra]
	Marinas        = Table[string, store.Marina]
)

func NewBoatCategories(db store.DBTX) *BoatCategories {
	return NewTable("boat_categories", db,
		`SELECT code, label, max_passengers FROM boat_categories ORDER BY code`,
		func(c store.BoatCategory) string { return c.Code },
		func(r pgx.Rows) (store.BoatCategory, error) {
			var c store.BoatCategory
			err := r.Scan(&c.Code, &c.Label, &c.MaxPassengers)
			return c, err
		})
}

func NewExtras(db store.DBTX) *Extras {
	return NewTable("extras_catalog", db,
		`SELECT code, label, price_cents FROM extras_catalog ORDER BY code`,
		func(e store.Extra) string { return e.Code },
		func(r pgx.Rows) (store.Extra, error) {
			var e store.Extra
			err := r.Scan(&e.Code, &e.Label, &e.PriceCents)
			return e, err
		})
}

func NewMarinas(db store.DBTX) *Marinas {
	return NewTable("marinas", db,
		`SELECT id, name, partner_code, per_metre_fee_cents FROM marinas ORDER BY id`,
		func(m store.Marina) string { return m.ID },
		func(r pgx.Rows) (store.Marina, error) {
			var m store.Marina
			err := r.Scan(&m.ID, &m.Name, &m.PartnerCode, &m.PerMetreFeeCents)
			return m, err
		})
}
