// Package filing files manifests through the generic store main wires.
package filing

import (
	"context"

	"github.com/google/uuid"

	"example.com/wiredrepo/database"
	"example.com/wiredrepo/domain"
)

// Service files manifests.
type Service struct {
	Store database.Store[domain.Manifest]
	Tx    database.Transactor
}

// Draft stores a manifest under an ID it makes.
func (s *Service) Draft(ctx context.Context, trip string) error {
	return s.Store.Create(ctx, &domain.Manifest{ID: uuid.NewString(), Trip: trip}) // want `a retry creates a second Manifest with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Manifests.DraftVia\)`
}

// Replace withdraws a filed manifest and files its replacement in one
// unit of work, past the update that sets the status its condition
// tests: a retry updates no row and files nothing.
func (s *Service) Replace(ctx context.Context, id, trip string) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		n, err := s.Store.UpdateWhere(ctx, map[string]any{"status": "withdrawn"}, "id = ? AND status IN ?", id, []string{"filed"})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		return s.Store.Create(ctx, &domain.Manifest{ID: uuid.NewString(), Trip: trip, Status: "filed"})
	})
}

// Reopen files a new manifest for a withdrawn one, once: the status it
// reads says whether that was done, and the same unit of work sets it
// before the insert.
func (s *Service) Reopen(ctx context.Context, id string) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		m, err := s.Store.Get(ctx, id)
		if err != nil {
			return err
		}
		if m.Status != "withdrawn" {
			return nil
		}
		m.Status = "reopened"
		if err := s.Store.Save(ctx, m); err != nil {
			return err
		}
		return s.Store.Create(ctx, &domain.Manifest{ID: uuid.NewString(), Trip: m.Trip, Status: "filed"})
	})
}
