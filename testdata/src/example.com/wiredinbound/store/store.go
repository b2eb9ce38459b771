// Package store keeps the service's rows with gorm, each repository
// bound to the handle it is built with: the database, or a unit of
// work's transaction.
package store

import (
	"context"

	"example.com/wiredinbound/generic"

	"gorm.io/gorm"
)

// Processed remembers the provider's events the service has handled.
type Processed interface {
	Exists(ctx context.Context, eventID string) (bool, error)
	Record(ctx context.Context, eventID string) error
	Claim(ctx context.Context, eventID string) (bool, error)
}

// Orders changes orders.
type Orders interface {
	MarkPaid(ctx context.Context, orderID string) error
	MarkRefunded(ctx context.Context, orderID string) error
}

// Repos are the repositories bound to one handle.
type Repos struct {
	Orders    Orders
	Processed Processed
}

// NewRepos binds every repository to db.
func NewRepos(db *gorm.DB) Repos {
	return Repos{Orders: &orders{db: db}, Processed: &processed{db: db}}
}

type processed struct{ db *gorm.DB }

func (r *processed) Exists(ctx context.Context, eventID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Raw(`SELECT count(*) FROM processed_events WHERE event_id = ?`, eventID).Scan(&n).Error // want `the key is checked outside the transaction of the effect`
	return n > 0, err
}

func (r *processed) Record(ctx context.Context, eventID string) error {
	return r.db.WithContext(ctx).Exec(`INSERT INTO processed_events (event_id) VALUES (?) ON CONFLICT (event_id) DO NOTHING`, eventID).Error // want `the key commits apart from the effect it guards`
}

func (r *processed) Claim(ctx context.Context, eventID string) (bool, error) {
	res := r.db.WithContext(ctx).Exec(`INSERT INTO processed_events (event_id) VALUES (?) ON CONFLICT (event_id) DO NOTHING`, eventID)
	return res.RowsAffected == 1, res.Error
}

type orders struct{ db *gorm.DB }

func (r *orders) MarkPaid(ctx context.Context, orderID string) error {
	return r.db.WithContext(ctx).Exec(`UPDATE orders SET paid_total = paid_total + amount WHERE id = ?`, orderID).Error
}

func (r *orders) MarkRefunded(ctx context.Context, orderID string) error {
	return r.db.WithContext(ctx).Exec(`UPDATE orders SET refunded_total = refunded_total + amount WHERE id = ?`, orderID).Error
}

// UnitOfWork runs a function with repositories bound to one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

type work struct{ db *gorm.DB }

// NewUnitOfWork returns a UnitOfWork that begins its transactions on db.
func NewUnitOfWork(db *gorm.DB) UnitOfWork { return &work{db: db} }

func (u *work) Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error {
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(ctx, NewRepos(tx))
	})
}

// Listing is a listing for sale.
type Listing struct {
	ID    string
	Price int64
}

// Listings reads listings and takes them off the market.
type Listings interface {
	Get(ctx context.Context, id string) (*Listing, error)
	Reserve(ctx context.Context, id string) (bool, error)
}

type listings struct {
	*generic.Repository[Listing]
	db *gorm.DB
}

// NewListings returns the listings on db.
func NewListings(db *gorm.DB) Listings {
	return &listings{Repository: generic.New[Listing](db), db: db}
}

func (r *listings) Reserve(ctx context.Context, id string) (bool, error) {
	res := r.db.WithContext(ctx).Exec(`UPDATE listings SET status = 'reserved' WHERE id = ? AND status = 'active'`, id) // want `the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction: the UPDATE into listings in store.listings.Reserve first \(HTTP handler Shop.Buy\)`
	return res.RowsAffected == 1, res.Error
}

// Sales records sales.
type Sales interface {
	Insert(ctx context.Context, listingID string, amount int64) error
}

// NewSales returns the sales on db.
func NewSales(db *gorm.DB) Sales { return &sales{db: db} }

type sales struct{ db *gorm.DB }

func (r *sales) Insert(ctx context.Context, listingID string, amount int64) error {
	return r.db.WithContext(ctx).Exec(`INSERT INTO sales (listing_id, amount) VALUES (?, ?) ON CONFLICT (listing_id) DO NOTHING`, listingID, amount).Error
}

// Notes records a note on an order.
type Notes interface {
	Add(ctx context.Context, orderID string) error
}

// PoolNotes keeps notes in the database, each committed alone.
type PoolNotes struct{ DB *gorm.DB }

func (n *PoolNotes) Add(ctx context.Context, orderID string) error {
	return n.DB.WithContext(ctx).Exec(`INSERT INTO notes (order_id) VALUES (?)`, orderID).Error
}

// MemNotes keeps notes in memory.
type MemNotes struct{ Seen map[string]bool }

func (n *MemNotes) Add(ctx context.Context, orderID string) error {
	n.Seen[orderID] = true
	return nil
}
