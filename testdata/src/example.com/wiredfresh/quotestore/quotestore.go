// Package quotestore keeps quotes' events and payments with gorm, on
// the transaction a caller put in the context, or else the pool.
package quotestore

import (
	"context"

	"example.com/wiredfresh/dbctx"
	"gorm.io/gorm"
)

type quoteEvent struct {
	ID      int64
	QuoteID string
}

// Events records what happened to quotes.
type Events struct{ DB *gorm.DB }

// Add records that a quote was accepted.
func (e *Events) Add(ctx context.Context, quoteID string) error {
	return dbctx.Conn(ctx, e.DB).Create(&quoteEvent{QuoteID: quoteID}).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into quote_events in quotestore.Events.Add is not idempotent \(HTTP handler API.AcceptLoose\)`
}

type payment struct {
	ID     string
	Status string
}

// Payments keeps the payments of accepted quotes.
type Payments struct{ DB *gorm.DB }

// MarkAuthorized marks a pending payment authorized.
func (p *Payments) MarkAuthorized(ctx context.Context, id string) error {
	return dbctx.Conn(ctx, p.DB).Model(&payment{}).Where("id = ? AND status = ?", id, "pending").Update("status", "authorized").Error
}
