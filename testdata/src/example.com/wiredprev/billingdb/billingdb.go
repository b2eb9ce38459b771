// Package billingdb is billing's store on gorm.
package billingdb

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"example.com/wiredprev/billing"
)

// Store is the gorm store; its repositories use its handle.
type Store struct{ db *gorm.DB }

// New wraps the database.
func New(db *gorm.DB) *Store { return &Store{db: db} }

func (s *Store) Payments() billing.Payments { return payments{s.db} }
func (s *Store) Invoices() billing.Invoices { return invoices{s.db} }
func (s *Store) Outbox() billing.Outbox     { return outbox{s.db} }

// Tx runs fn with a store bound to a gorm transaction.
func (s *Store) Tx(ctx context.Context, fn func(tx billing.Store) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(&Store{db: tx})
	})
}

type paymentRow struct {
	ID, Invoice, Status, Ref string
	Amount                   int64
}

func (paymentRow) TableName() string { return "payments" }

type eventRow struct{ ID, Payment, Type string }

func (eventRow) TableName() string { return "payment_events" }

type outboxRow struct{ Topic, Body string }

func (outboxRow) TableName() string { return "outbox" }

type payments struct{ db *gorm.DB }

func (r payments) Create(ctx context.Context, p *billing.Payment) error {
	return r.db.WithContext(ctx).Create(&paymentRow{ID: p.ID, Invoice: p.Invoice, Status: p.Status, Amount: p.Amount}).Error
}

func (r payments) UpdateOutcome(ctx context.Context, id, status, ref string) error {
	return r.db.WithContext(ctx).Model(&paymentRow{}).Where("id = ?", id).Updates(map[string]any{"status": status, "ref": ref}).Error
}

func (r payments) InsertEvent(ctx context.Context, e billing.Event) error {
	return r.db.WithContext(ctx).Create(&eventRow{ID: e.ID, Payment: e.Payment, Type: e.Type}).Error
}

type invoices struct{ db *gorm.DB }

func (r invoices) MarkPaid(ctx context.Context, id string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&struct{ ID, Status string }{}).Where("id = ? AND status = ?", id, "open").Update("status", "paid")
	return res.RowsAffected > 0, res.Error
}

type outbox struct{ db *gorm.DB }

func (r outbox) Enqueue(ctx context.Context, topic, body string) error {
	return r.db.WithContext(ctx).Create(&outboxRow{Topic: topic, Body: body}).Error
}

// Cards is the card provider's client: it sends the key it is given as
// the Idempotency-Key header.
type Cards struct {
	Base string
	HTTP *http.Client
}

// Charge charges the card.
func (c *Cards) Charge(ctx context.Context, key string, amount int64) (*billing.Charge, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/charges", strings.NewReader(strconv.FormatInt(amount, 10)))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var ch billing.Charge
	return &ch, json.NewDecoder(resp.Body).Decode(&ch)
}
