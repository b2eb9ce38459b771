// Package billing reads request values but sees no code that fills the
// key: a context of its callers may hold anything there.
package billing

import (
	"context"

	"example.com/wiredreqctx/reqctx"
	"example.com/wiredreqctx/store"

	"github.com/google/uuid"
)

// Store keeps refunds.
type Store interface {
	InsertRefund(ctx context.Context, rf store.Refund) error
}

// Service refunds invoices.
type Service struct{ Store Store }

// Refund records a refund under a new ID.
func (s *Service) Refund(ctx context.Context, invoice string) error {
	_ = reqctx.RequestID(ctx)
	return s.Store.InsertRefund(ctx, store.Refund{ID: uuid.NewString(), Instalment: invoice}) // want `a retry inserts a second instalment_refunds row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.Refund\); derive it from the request's Idempotency-Key header, passed down to where it is made`
}
