// Package listings publishes graded copies to the resale storefront.
package listings

import (
	"context"
	"fmt"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
)

type Copies interface {
	Get(ctx context.Context, id string) (*domain.InventoryCopy, error)
	SetStatus(ctx context.Context, id string, st domain.CopyStatus) error
}

type Lines interface {
	Line(ctx context.Context, id string) (*domain.DropoffLine, error)
}

type Listings interface {
	Insert(ctx context.Context, l *domain.Listing) error
}

type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	copies   Copies
	lines    Lines
	listings Listings
	tx       TxRunner
	newID    ids.Generator
}

var _ app.ListingService = (*Service)(nil)

func New(c Copies, l Lines, ls Listings, tx TxRunner) *Service {
	return &Service{copies: c, lines: l, listings: ls, tx: tx, newID: ids.NewULID}
}

// Relist puts a graded copy on the storefront at its resale price.
func (s *Service) Relist(ctx context.Context, copyID string) error {
	c, err := s.copies.Get(ctx, copyID)
	if err != nil {
		return fmt.Errorf("copy %s: %w", copyID, err)
	}
	switch c.Status {
	case domain.CopyReserved, domain.CopySold, domain.CopyWholesalePending, domain.CopyWholesaleSettled:
		return nil // spoken for
	}
	line, err := s.lines.Line(ctx, c.DropoffLineID)
	if err != nil {
		return err
	}
	var paid int64
	if line.PaidCents != nil {
		paid = *line.PaidCents
	}

	l := &domain.Listing{
		ID:         s.newID(),
		CopyID:     c.ID,
		ISBN:       c.ISBN,
		Grade:      c.Grade,
		PriceCents: domain.ResalePrice(paid, c.Grade),
		Active:     true,
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.listings.Insert(ctx, l); err != nil {
			return fmt.Errorf("insert listing: %w", err)
		}
		return s.copies.SetStatus(ctx, c.ID, domain.CopyListed)
	})
}
