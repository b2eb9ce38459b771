// Package app bills orders through the invoice store main wires.
package app

import (
	"context"

	"github.com/google/uuid"
)

// An Invoice is stored under its ID.
type Invoice struct {
	ID    string
	Total int64
}

// An InvoiceInput is what the API asks to bill, with the request's key.
type InvoiceInput struct {
	Total          int64
	IdempotencyKey string
}

// Invoices bills orders.
type Invoices interface {
	Bill(ctx context.Context, in InvoiceInput) error
}

// Store keeps invoices.
type Store interface {
	Insert(ctx context.Context, inv Invoice) error
}

type service struct{ store Store }

// NewInvoices returns the service over a store.
func NewInvoices(s Store) Invoices { return &service{store: s} }

func (s *service) Bill(ctx context.Context, in InvoiceInput) error {
	return s.store.Insert(ctx, Invoice{ID: uuid.NewString(), Total: in.Total})
}
